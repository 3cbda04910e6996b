package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ErrNotRunning is returned (wrapped) by Open when the sandbox's server is not
// running; Load still gives a handle that can Restart or Remove it.
var ErrNotRunning = errors.New("sandbox server is not running")

// Load returns a handle on the sandbox in dir from its sandbox.json, whether
// its server is running or not: Stop, Remove and Restart work on it.
func Load(dir string) (*Sandbox, error) {
	if err := platformSupported(); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	m, err := readMetadata(abs)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	acct, err := serverAccount()
	if err != nil {
		return nil, err
	}
	s := &Sandbox{dir: abs, meta: m, startTimeout: DefaultStartTimeout, acct: acct}
	if s.password, err = readPassword(abs); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if m.PID > 0 && isServerProcess(m.PID, m.Datadir, m.PIDFile) {
		s.proc = &proc{pid: m.PID}
	}
	return s, nil
}

// Open re-attaches to a sandbox left running (by `sandbox start`, or another
// process): it reads sandbox.json and checks that its pid is alive and is a
// mysqld/mariadbd on the sandbox's datadir. If the server is not running the
// error wraps ErrNotRunning; use Load to clean up such a sandbox.
func Open(dir string) (*Sandbox, error) {
	s, err := Load(dir)
	if err != nil {
		return nil, err
	}
	if !s.Running() {
		return nil, fmt.Errorf("sandbox: %s: %w (pid %d is gone or is not a server on %s): `sandbox stop` removes it",
			s.dir, ErrNotRunning, s.meta.PID, s.meta.Datadir)
	}
	return s, nil
}

// List returns the sandboxes under parent (default os.TempDir()), oldest
// first, running or not. Directories without readable metadata (a sandbox
// being created, or a damaged one) are skipped.
func List(parent string) ([]*Sandbox, error) {
	if err := platformSupported(); err != nil {
		return nil, err
	}
	if parent == "" {
		parent = os.TempDir()
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil, fmt.Errorf("sandbox: listing %s: %w", parent, err)
	}
	var out []*Sandbox
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), dirPrefix) {
			continue
		}
		s, err := Load(filepath.Join(parent, e.Name()))
		if err != nil {
			continue
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].meta.Created.Before(out[j].meta.Created) })
	return out, nil
}
