package server

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// runState is what a run records before it changes anything, so that a run
// killed with SIGKILL, a crash or a lost connection can be finished by
// `cleanup`: which server, which scratch schema, which original globals.
type runState struct {
	Server       string            `json:"server"` // identity: hostname:port:datadir as the server reports them
	Address      string            `json:"address"`
	Schema       string            `json:"schema"`
	Globals      map[string]string `json:"original_globals"`
	SessionSetup []string          `json:"session_setup"`
	PID          int               `json:"pid"`
	Started      time.Time         `json:"started"`
	ToolVersion  string            `json:"tool_version"`
	path         string
}

// stateDir is where state files live: $XDG_CACHE_HOME/upgrade-advisor/state
// (or ~/.cache/...), overridable with UPGRADE_ADVISOR_STATE_DIR.
func stateDir() (string, error) {
	if d := os.Getenv("UPGRADE_ADVISOR_STATE_DIR"); d != "" {
		return d, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the state file (set UPGRADE_ADVISOR_STATE_DIR): %w", err)
	}
	return filepath.Join(cache, "upgrade-advisor", "state"), nil
}

// Save writes the state file atomically (write, fsync, rename).
func (s *runState) Save() error {
	dir, err := stateDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating the state directory: %w", err)
	}
	if s.path == "" {
		// The server's identity is part of the name: the same scratch name
		// on two servers must not share (and overwrite) one state file.
		sum := sha256.Sum256([]byte(s.Server))
		s.path = filepath.Join(dir, s.Schema+"-"+hex.EncodeToString(sum[:4])+".json")
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFileAtomic(s.path, b); err != nil {
		return fmt.Errorf("writing the state file: %w", err)
	}
	return nil
}

// Path is the state file's location.
func (s *runState) Path() string { return s.path }

// Clear removes the state file after a clean finish.
func (s *runState) Clear() error {
	if s.path == "" {
		return nil
	}
	if err := os.Remove(s.path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing the state file %s: %w", s.path, err)
	}
	return nil
}

// loadStates reads every state file, oldest first. Unreadable files are
// reported as errors, not skipped silently.
func loadStates() ([]*runState, error) {
	dir, err := stateDir()
	if err != nil {
		return nil, err
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out []*runState
	var errs []error
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var s runState
		if err := json.Unmarshal(b, &s); err != nil {
			errs = append(errs, fmt.Errorf("state file %s is damaged (remove it once the server is checked): %w", p, err))
			continue
		}
		if bench.ValidateSchemaName(s.Schema) != nil {
			errs = append(errs, fmt.Errorf("state file %s names an invalid schema %q; not used", p, s.Schema))
			continue
		}
		s.path = p
		out = append(out, &s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Started.Before(out[j].Started) })
	return out, errors.Join(errs...)
}

// serverIdentity names a server instance as it reports itself, so a state
// file matches the server whatever address was used to reach it.
func serverIdentity(ctx context.Context, db *sql.DB) (string, error) {
	var host, datadir sql.NullString
	var port sql.NullInt64
	err := stmt.QueryRow(ctx, db, "SELECT @@hostname, @@port, @@datadir").Scan(&host, &port, &datadir)
	if err != nil {
		return "", fmt.Errorf("reading the server identity: %w", err)
	}
	return identity(host.String, strconv.FormatInt(port.Int64, 10), datadir.String), nil
}

// identity formats hostname, port and datadir as the state files and the
// ledger key servers.
func identity(host, port, datadir string) string {
	return host + ":" + port + ":" + strings.TrimRight(datadir, "/")
}

// Identity is the inspected server's identity, from the variables already read.
func (in *Inspection) Identity() string {
	return identity(in.Variables["hostname"].Value, in.Variables["port"].Value, in.Variables["datadir"].Value)
}

// statesFor returns the recorded states of one server.
func statesFor(identity string) ([]*runState, error) {
	all, err := loadStates()
	var out []*runState
	for _, s := range all {
		if s.Server == identity {
			out = append(out, s)
		}
	}
	return out, err
}

// Unfinished lists the scratch schemas of the runs recorded as unfinished
// on the server db reaches: what `cleanup` would finish there.
func Unfinished(ctx context.Context, db *sql.DB) ([]string, error) {
	id, err := serverIdentity(ctx, db)
	if err != nil {
		return nil, err
	}
	states, err := statesFor(id)
	var schemas []string
	for _, s := range states {
		schemas = append(schemas, s.Schema)
	}
	return schemas, err
}
