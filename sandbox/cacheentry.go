package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// What every entry of the sandbox cache records, a datadir (cache.go) or
// a server's files made reachable (reach.go): the build of the binary it
// was made from, in its entry.json.

// cacheFormat changes when what an entry holds changes: old entries
// are then rebuilt.
const cacheFormat = 2 // 2: quick/

// binaryStamp identifies one build of a server binary: a cache entry made
// from another build (the binary was upgraded or replaced) is rebuilt.
type binaryStamp struct {
	Binary        string    `json:"binary"`
	Size          int64     `json:"size"`
	ModTime       time.Time `json:"mtime"`
	VersionOutput string    `json:"version_output"`
	InitMethod    string    `json:"init_method"`
	InitArgs      []string  `json:"init_args,omitempty"`
	Format        int       `json:"format"`
}

// stampOf stamps bin as initialised by m with initArgs.
func stampOf(bin *Binary, m InitMethod, initArgs []string) (binaryStamp, error) {
	fi, err := os.Stat(bin.Path)
	if err != nil {
		return binaryStamp{}, err
	}
	return binaryStamp{Binary: bin.Path, Size: fi.Size(), ModTime: fi.ModTime().UTC(), VersionOutput: bin.VersionOutput,
		InitMethod: m.String(), InitArgs: initArgs, Format: cacheFormat}, nil
}

// key names the entry of a binary and its initialisation options; the
// size, time and version are checked against the entry's stamp instead,
// so that a changed binary replaces its entry rather than adding one.
func (st binaryStamp) key(flavorName string) string {
	sum := sha256.Sum256([]byte(st.Binary + "\x00" + st.InitMethod + "\x00" + strings.Join(st.InitArgs, "\x00")))
	return flavorName + "-" + hex.EncodeToString(sum[:8])
}

// same reports whether two stamps describe the same build.
func (st binaryStamp) same(o binaryStamp) bool {
	return st.Binary == o.Binary && st.Size == o.Size && st.ModTime.Equal(o.ModTime) &&
		st.VersionOutput == o.VersionOutput && st.InitMethod == o.InitMethod &&
		strings.Join(st.InitArgs, "\x00") == strings.Join(o.InitArgs, "\x00") && st.Format == o.Format
}

// cacheEntry is the stored form of entry.json.
type cacheEntry struct {
	Stamp   binaryStamp `json:"stamp"`
	Version string      `json:"version"`
	Created time.Time   `json:"created"`
	InitS   float64     `json:"init_seconds"`
	Bytes   int64       `json:"bytes"`
}

func readEntry(dir string) (cacheEntry, error) {
	var e cacheEntry
	data, err := os.ReadFile(filepath.Join(dir, entryName))
	if err != nil {
		return e, err
	}
	err = json.Unmarshal(data, &e)
	return e, err
}
