package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// verRe finds the version in a server's --version output.
var verRe = regexp.MustCompile(`\bVer\s+(\d+)\.(\d+)\.(\d+)(\S*)(.*)`)

// ParseVersionOutput reads the output of `mysqld --version` or
// `mariadbd --version`, e.g.
//
//	/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)
//	mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)
//
// and returns the flavor, whose Raw is the version string
// ("10.11.19-MariaDB-0+deb12u1"). Only the text after "Ver" is used to tell
// the vendor, so a path that happens to contain "mariadb" does not matter.
func ParseVersionOutput(out string) (flavor.Flavor, error) {
	m := verRe.FindStringSubmatch(out)
	if m == nil {
		return flavor.Flavor{}, fmt.Errorf("cannot read a version from --version output %q: expected \"Ver X.Y.Z\"", strings.TrimSpace(out))
	}
	raw := m[1] + "." + m[2] + "." + m[3] + m[4]
	v, err := flavor.ParseVersion(raw)
	if err != nil {
		return flavor.Flavor{}, fmt.Errorf("bad version number in %q: %w", m[0], err)
	}
	fl := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: v, Raw: raw}
	switch rest := strings.ToLower(m[4] + m[5]); {
	case strings.Contains(rest, "mariadb"):
		fl.Vendor = flavor.VendorMariaDB
	case strings.Contains(rest, "percona"):
		fl.Vendor = flavor.VendorPercona
	}
	return fl, nil
}

// versionLine is the line of a --version output that holds the version.
func versionLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if verRe.MatchString(l) {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(out)
}

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
