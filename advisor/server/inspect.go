package server

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// inspection is what a read-only look at a server found.
type Inspection struct {
	Address        string
	VersionComment string
	Flavor         flavor.Flavor
	Variables      map[string]rules.Setting
	// Provenance is what the server tells of a value's origin beyond the
	// origin word (option file, command line, ...), by variable.
	Provenance map[string]rules.Provenance
	Status     map[string]string
	// Accounts are the accounts by authentication plugin, or why they
	// could not be read.
	Accounts *rules.Accounts
	// Inspected is when the status counters were read.
	Inspected time.Time
	// OwnDDL counts this tool's own earlier calibration statements on the
	// server since its start (from the local ledger), by status counter.
	OwnDDL map[string]int64
}

// inspectServer reads the server's identity, variables (with origins where the
// server tells them) and status counters. It only reads.
func inspectServer(ctx context.Context, db *sql.DB, address string) (*Inspection, error) {
	in := &Inspection{Address: address}
	var version string
	if err := stmt.QueryRow(ctx, db, "SELECT @@version, @@version_comment").Scan(&version, &in.VersionComment); err != nil {
		return nil, fmt.Errorf("reading the server version: %w", err)
	}
	fl, err := flavor.Identify(version, in.VersionComment)
	if err != nil {
		return nil, err
	}
	in.Flavor = fl
	vars, err := stmt.ReadPairs(ctx, db, "SHOW GLOBAL VARIABLES")
	if err != nil {
		return nil, err
	}
	origins := readOrigins(ctx, db, fl)
	in.Variables = make(map[string]rules.Setting, len(vars))
	in.Provenance = map[string]rules.Provenance{}
	for name, value := range vars {
		o, ok := origins[name]
		if !ok {
			o.origin = rules.OriginUnknown
		}
		in.Variables[name] = rules.Setting{Value: value, Origin: o.origin}
		if o.prov != (rules.Provenance{}) {
			in.Provenance[name] = o.prov
		}
	}
	if in.Status, err = stmt.ReadPairs(ctx, db, "SHOW GLOBAL STATUS"); err != nil {
		return nil, err
	}
	in.Accounts = readAccounts(ctx, db, fl)
	in.Inspected = time.Now()
	in.applyLedger()
	return in, nil
}
