package serverfetch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Names inside a root: written last, the marker says the root is complete
// (scripts/servers.sh wrote the same); the record says where it came from.
const (
	completeName = ".complete"
	recordName   = ".fetched.json"
	downloadsDir = ".downloads" // in the cache: files being fetched
)

// Record is what the cache knows of a root.
type Record struct {
	Name    string    `json:"name"`
	Version string    `json:"version,omitempty"` // the server package's version, or the tarball's name
	Source  string    `json:"source"`            // "debian trixie (MIRROR)", or the tarball's path or URL
	Signer  string    `json:"signer,omitempty"`  // the key that signed the suite's InRelease
	SHA256  string    `json:"sha256,omitempty"`  // the tarball's
	Fetched time.Time `json:"fetched"`
}

// Entry is one root of the cache, for `servers list`.
type Entry struct {
	Record
	Root string
	Size int64 // bytes of its files
}

// Path is the root of a complete, fetched server, or ErrNotFetched.
func Path(dir, name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("%w: %q is not a server's name", ErrUnknownVersion, name)
	}
	root := filepath.Join(dir, name)
	if !complete(root, name) {
		return "", fmt.Errorf("%w: %s (in %s): run upgrade-advisor servers fetch %s", ErrNotFetched, name, dir, name)
	}
	return root, nil
}

// complete says whether root holds a whole fetch: its marker, and for a
// known version its server and the files it needs.
func complete(root, name string) bool {
	if _, err := os.Stat(filepath.Join(root, completeName)); err != nil {
		return false
	}
	v, err := Lookup(name)
	if err != nil {
		return true
	}
	for _, f := range append([]string{v.Server}, v.Needs...) {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			return false
		}
	}
	return true
}

// List returns the complete roots of the cache, by name.
func List(dir string) ([]Entry, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []Entry
	for _, de := range des {
		root := filepath.Join(dir, de.Name())
		if !de.IsDir() || !validName(de.Name()) || !complete(root, de.Name()) {
			continue
		}
		list = append(list, Entry{Record: readRecord(root, de.Name()), Root: root, Size: treeSize(root)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list, nil
}

// Remove deletes a root from the cache.
func Remove(dir, name string) error {
	root, err := Path(dir, name)
	if err != nil {
		return err
	}
	return os.RemoveAll(root)
}

// readRecord reads a root's record; a root fetched by scripts/servers.sh
// has none, and gets one from its marker's time.
func readRecord(root, name string) Record {
	r := Record{Name: name, Source: "unknown (fetched before the tool recorded sources)"}
	if data, err := os.ReadFile(filepath.Join(root, recordName)); err == nil && json.Unmarshal(data, &r) == nil {
		r.Name = name
		return r
	}
	if st, err := os.Stat(filepath.Join(root, completeName)); err == nil {
		r.Fetched = st.ModTime()
	}
	return r
}

// finish writes the record and then the marker: the root is complete.
func finish(root string, r Record) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, recordName), append(data, '\n'), 0o644); err != nil {
		return spaceOr(err, root)
	}
	return spaceOr(os.WriteFile(filepath.Join(root, completeName), nil, 0o644), root)
}

// install moves a finished tree to its place in the cache, replacing an
// incomplete root of that name.
func install(tmp, root string) error {
	if err := os.RemoveAll(root); err != nil {
		return err
	}
	return os.Rename(tmp, root)
}

func treeSize(root string) int64 {
	var n int64
	filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// validName accepts a plain directory name: no separators, not hidden.
func validName(name string) bool {
	return name != "" && !strings.HasPrefix(name, ".") && !strings.ContainsAny(name, `/\`)
}

// Names says whether name is a server by name: one the tool can fetch, or
// one the default cache holds (a tarball fetched under a name of its own).
// A plain version such as 8.4 names none.
func Names(name string) bool {
	if name == "" {
		return false
	}
	if _, err := Lookup(name); err == nil {
		return true
	}
	_, err := Path(DefaultDir(), name)
	return err == nil
}
