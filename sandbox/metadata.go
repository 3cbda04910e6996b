package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// ErrNotRunning is returned (wrapped) by Open when the sandbox's server is not
// running; Load still gives a handle that can Restart or Remove it.
var ErrNotRunning = errors.New("sandbox server is not running")

// Metadata is the content of sandbox.json: enough to re-attach to, stop or
// restart a sandbox from another process.
type Metadata struct {
	PID           int           `json:"pid"`
	Socket        string        `json:"socket"`
	Port          int           `json:"port"` // 0: networking off
	Datadir       string        `json:"datadir"`
	Basedir       string        `json:"basedir,omitempty"`
	Binary        string        `json:"binary"`
	Launcher      []string      `json:"launcher,omitempty"` // loader and --library-path the binary runs through
	Flavor        flavor.Vendor `json:"flavor"`
	Version       string        `json:"version"`
	VersionOutput string        `json:"version_output,omitempty"`
	InitMethod    string        `json:"init_method,omitempty"`
	Args          []string      `json:"args"` // server arguments, for Restart
	PIDFile       string        `json:"pid_file"`
	ErrorLog      string        `json:"error_log"`
	Created       time.Time     `json:"created"`
	Started       time.Time     `json:"started"`
}

func writeMetadata(dir string, m Metadata) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, metadataName+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("writing sandbox metadata: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, metadataName)); err != nil {
		return fmt.Errorf("writing sandbox metadata: %w", err)
	}
	return nil
}

func readMetadata(dir string) (Metadata, error) {
	var m Metadata
	data, err := os.ReadFile(filepath.Join(dir, metadataName))
	if err != nil {
		if os.IsNotExist(err) {
			return m, fmt.Errorf("%s is not a sandbox directory (no %s): give a directory created by `upgrade-advisor sandbox start`: %w", dir, metadataName, err)
		}
		return m, fmt.Errorf("reading sandbox metadata: %w", err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s/%s is damaged (%w): stop the server by its pid and remove the directory by hand", dir, metadataName, err)
	}
	if m.Datadir == "" || m.Socket == "" || m.Binary == "" || len(m.Args) == 0 {
		return m, fmt.Errorf("%s/%s is incomplete (no datadir, socket, binary or args): stop the server by its pid and remove the directory by hand", dir, metadataName)
	}
	return m, nil
}

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
