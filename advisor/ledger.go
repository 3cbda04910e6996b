package advisor

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// The ledger remembers how many DDL statements this tool's calibrations ran
// on each server since its last start, so that the workload class is
// decided from the application's DDL, not from the tool's own.

// ledgerEntry is one calibration's statements on one server.
type ledgerEntry struct {
	Server   string           `json:"server"`
	Boot     int64            `json:"boot_unix"` // server start time: now - Uptime
	Recorded time.Time        `json:"recorded"`
	Counts   map[string]int64 `json:"counts"`
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

// recordOwnDDL adds a finished calibration to the ledger (best effort: a
// failure only makes later classifications count the tool's DDL).
func recordOwnDDL(in *inspection, res *bench.Result) error {
	boot, ok := in.Boot()
	if !ok {
		return fmt.Errorf("no Uptime in the status counters")
	}
	path, err := ledgerPath()
	if err != nil {
		return err
	}
	var kept []ledgerEntry
	for _, e := range readLedger() {
		if time.Since(e.Recorded) < ledgerRetention {
			kept = append(kept, e)
		}
	}
	kept = append(kept, ledgerEntry{Server: in.Identity(), Boot: boot, Recorded: time.Now().UTC(), Counts: res.Executed})
	b, err := json.Marshal(kept)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// Boot is the server's start time as a Unix time, from the Uptime read at
// inspection.
func (in *inspection) Boot() (int64, bool) {
	up, err := strconv.ParseInt(in.Status["uptime"], 10, 64)
	if err != nil {
		return 0, false
	}
	return in.Inspected.Unix() - up, true
}

// ownDDL sums the ledger's statements on this server since its last start.
func ownDDL(entries []ledgerEntry, server string, boot int64) map[string]int64 {
	out := map[string]int64{}
	for _, e := range entries {
		if e.Server != server || math.Abs(float64(e.Boot-boot)) > bootSlack {
			continue
		}
		for k, v := range e.Counts {
			out[k] += v
		}
	}
	return out
}

// withoutStatements returns the status counters minus statements that are
// not the application's (the tool's own, the server's own at start-up), and
// how many were taken out.
func withoutStatements(status map[string]string, own map[string]int64) (map[string]string, int64) {
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

// ownDDLFor looks up the ledger for an inspected server.
func ownDDLFor(in *inspection) map[string]int64 {
	boot, ok := in.Boot()
	if !ok {
		return nil
	}
	return ownDDL(readLedger(), in.Identity(), boot)
}
