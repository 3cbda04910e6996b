package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

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
