package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// versionMemo is what a binary said to --version, with the size and
// modification time it had: another build asks again.
type versionMemo struct {
	Size    int64     `json:"size"`
	ModTime time.Time `json:"mtime"`
	Output  []byte    `json:"output"`
}

// versionOutput is the binary's `--no-defaults --version` output, run once
// per build and remembered in the cache (running a server binary through
// its loader costs 50-200 ms of every start).
func versionOutput(ctx context.Context, b *Binary, path string) ([]byte, error) {
	fi, statErr := os.Stat(path)
	sum := sha256.Sum256([]byte(path))
	memo := filepath.Join(DefaultCacheDir(), versionsName, hex.EncodeToString(sum[:8])+".json")
	if statErr == nil {
		var m versionMemo
		if data, err := os.ReadFile(memo); err == nil && json.Unmarshal(data, &m) == nil &&
			m.Size == fi.Size() && m.ModTime.Equal(fi.ModTime()) && len(m.Output) > 0 {
			return m.Output, nil
		}
	}
	name, args := b.command(path, "--no-defaults", "--version")
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	if err != nil || statErr != nil {
		return out, err
	}
	if _, perr := ParseVersionOutput(string(out)); perr == nil {
		rememberVersion(memo, versionMemo{Size: fi.Size(), ModTime: fi.ModTime(), Output: out})
	}
	return out, nil
}

// rememberVersion writes a memo atomically; failing to is no error (the
// next start asks the binary again).
func rememberVersion(path string, m versionMemo) {
	data, err := json.Marshal(m)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".memo-")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		_ = os.Remove(tmp.Name())
	}
}
