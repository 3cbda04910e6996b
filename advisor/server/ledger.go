package server

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// The ledger remembers how many DDL statements this tool's calibrations ran
// on each server since its last start, so that the workload class is
// decided from the application's DDL, not from the tool's own; and which
// globals it set back after a calibration, with their origin before, so that
// a later inspection shows that origin rather than "runtime".

// ledgerEntry is one calibration's statements on one server.
type ledgerEntry struct {
	Server   string           `json:"server"`
	Boot     int64            `json:"boot_unix"` // server start time: now - Uptime
	Recorded time.Time        `json:"recorded"`
	Counts   map[string]int64 `json:"counts"`
	// Restored holds the globals the calibration changed and set back, as
	// they were before (value, origin, file).
	Restored map[string]restoredGlobal `json:"restored,omitempty"`
}

// restoredGlobal is a global as it was before a calibration changed it.
type restoredGlobal struct {
	Value      string           `json:"value"`
	Origin     rules.Origin     `json:"origin"`
	Provenance rules.Provenance `json:"provenance"`
}

// bootSlack is how far two computations of a server's start time may differ.
const bootSlack = 120

// ledgerRetention drops entries older than this.
const ledgerRetention = 30 * 24 * time.Hour

func ledgerPath() (string, error) {
	dir, err := stateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "own-ddl.ledger"), nil
}

func readLedger() []ledgerEntry {
	path, err := ledgerPath()
	if err != nil {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var entries []ledgerEntry
	if json.Unmarshal(b, &entries) != nil {
		return nil
	}
	return entries
}

// recordOwnRun adds a finished calibration to the ledger: its statements,
// and the globals it set back (originals: name -> value before), with the
// origin the inspection saw. Best effort: a failure only makes later
// inspections count the tool's DDL and show the restored globals as runtime.
func recordOwnRun(in *Inspection, res *bench.Result, originals map[string]string) error {
	boot, ok := in.Boot()
	if !ok {
		return fmt.Errorf("no Uptime in the status counters")
	}
	entry := ledgerEntry{Server: in.Identity(), Boot: boot, Recorded: time.Now().UTC(), Counts: res.Executed}
	for name := range originals {
		if entry.Restored == nil {
			entry.Restored = map[string]restoredGlobal{}
		}
		st := in.Variables[name]
		entry.Restored[name] = restoredGlobal{Value: st.Value, Origin: st.Origin, Provenance: in.Provenance[name]}
	}
	return updateLedger(func(entries []ledgerEntry) []ledgerEntry {
		var kept []ledgerEntry
		for _, e := range entries {
			if time.Since(e.Recorded) < ledgerRetention {
				kept = append(kept, e)
			}
		}
		return append(kept, entry)
	})
}

// ledgerMu serialises this process's updates; the lock file those of
// other processes (--hosts runs several calibrations at once).
var ledgerMu sync.Mutex

// updateLedger reads the ledger, changes it and writes it back atomically,
// under an exclusive lock on a file beside it, so that concurrent runs lose
// no entry and a reader never sees a half-written ledger.
func updateLedger(change func([]ledgerEntry) []ledgerEntry) error {
	path, err := ledgerPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	ledgerMu.Lock()
	defer ledgerMu.Unlock()
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := lockFile(lock); err != nil {
		return fmt.Errorf("locking the ledger: %w", err)
	}
	defer unlockFile(lock)
	b, err := json.Marshal(change(readLedger()))
	if err != nil {
		return err
	}
	return writeFileAtomic(path, b)
}

// Boot is the server's start time as a Unix time, from the Uptime read at
// inspection.
func (in *Inspection) Boot() (int64, bool) {
	up, err := strconv.ParseInt(in.Status["uptime"], 10, 64)
	if err != nil {
		return 0, false
	}
	return in.Inspected.Unix() - up, true
}

// sinceBoot reports whether an entry was recorded on this server since its
// last start.
func (e ledgerEntry) sinceBoot(server string, boot int64) bool {
	return e.Server == server && math.Abs(float64(e.Boot-boot)) <= bootSlack
}

// ownDDL sums the ledger's statements on this server since its last start.
func ownDDL(entries []ledgerEntry, server string, boot int64) map[string]int64 {
	out := map[string]int64{}
	for _, e := range entries {
		if !e.sinceBoot(server, boot) {
			continue
		}
		for k, v := range e.Counts {
			out[k] += v
		}
	}
	return out
}

// WithoutStatements returns the status counters minus statements that are
// not the application's (the tool's own, the server's own at start-up), and
// how many were taken out.
func WithoutStatements(status map[string]string, own map[string]int64) (map[string]string, int64) {
	if len(own) == 0 {
		return status, 0
	}
	out := make(map[string]string, len(status))
	for k, v := range status {
		out[k] = v
	}
	var removed int64
	for k, n := range own {
		have, err := strconv.ParseInt(status[k], 10, 64)
		if err != nil {
			continue
		}
		take := min(n, have)
		removed += take
		out[k] = strconv.FormatInt(have-take, 10)
	}
	return out, removed
}

// applyLedger reads the ledger once for an inspected server: the tool's
// own statements since the server's last start (OwnDDL) and the globals it
// set back meanwhile (their origin from before the calibration).
func (in *Inspection) applyLedger() {
	boot, ok := in.Boot()
	if !ok {
		return
	}
	entries := readLedger()
	in.OwnDDL = ownDDL(entries, in.Identity(), boot)
	in.applyOwnRestores(ownRestores(entries, in.Identity(), boot))
}

// ownRestore is a global this tool set back on the server since its start.
type ownRestore struct {
	before restoredGlobal
	at     time.Time
}

// ownRestores is the globals this tool set back on the server since its
// last start, from the ledger's entries (the latest restore of each).
func ownRestores(entries []ledgerEntry, server string, boot int64) map[string]ownRestore {
	out := map[string]ownRestore{}
	for _, e := range entries {
		if !e.sinceBoot(server, boot) {
			continue
		}
		for name, before := range e.Restored {
			if prev, seen := out[name]; !seen || e.Recorded.After(prev.at) {
				out[name] = ownRestore{before: before, at: e.Recorded}
			}
		}
	}
	return out
}

// applyOwnRestores gives a variable this tool set back, and that still has
// the value it was set back to, its origin from before the calibration
// (the server now says "set at runtime") with a note saying so. A value
// changed since is someone else's and keeps the server's origin.
func (in *Inspection) applyOwnRestores(restores map[string]ownRestore) {
	for name, r := range restores {
		now, ok := in.Variables[name]
		if !ok || now.Origin != rules.OriginRuntime || !knowledge.SameValue(name, now.Value, r.before.Value) {
			continue
		}
		in.Variables[name] = rules.Setting{Value: now.Value, Origin: r.before.Origin}
		if in.Provenance == nil {
			in.Provenance = map[string]rules.Provenance{}
		}
		p := r.before.Provenance
		p.Note = joinNotes(p.Note, fmt.Sprintf("set back with SET GLOBAL by upgrade-advisor after its calibration at %s; the server says runtime until its next start",
			r.at.UTC().Format("2006-01-02 15:04 UTC")))
		in.Provenance[name] = p
	}
}
