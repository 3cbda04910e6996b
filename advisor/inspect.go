package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// inspection is what a read-only look at a server found.
type inspection struct {
	Address        string
	VersionComment string
	Flavor         rules.Flavor
	Variables      map[string]rules.Setting
	// Provenance is what the server tells of a value's origin beyond the
	// origin word (option file, command line, ...), by variable.
	Provenance map[string]report.Provenance
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
func inspectServer(ctx context.Context, db *sql.DB, address string) (*inspection, error) {
	in := &inspection{Address: address}
	var version string
	if err := db.QueryRowContext(ctx, bench.Tag+"SELECT @@version, @@version_comment").Scan(&version, &in.VersionComment); err != nil {
		return nil, fmt.Errorf("reading the server version: %w", err)
	}
	fl, err := rules.IdentifyFlavor(version, in.VersionComment)
	if err != nil {
		return nil, err
	}
	in.Flavor = fl
	vars, err := scanPairs(ctx, db, "SHOW GLOBAL VARIABLES")
	if err != nil {
		return nil, err
	}
	origins := readOrigins(ctx, db, fl)
	in.Variables = make(map[string]rules.Setting, len(vars))
	in.Provenance = map[string]report.Provenance{}
	for name, value := range vars {
		o, ok := origins[name]
		if !ok {
			o.origin = rules.OriginUnknown
		}
		in.Variables[name] = rules.Setting{Value: value, Origin: o.origin}
		if o.prov != (report.Provenance{}) {
			in.Provenance[name] = o.prov
		}
	}
	if in.Status, err = scanPairs(ctx, db, "SHOW GLOBAL STATUS"); err != nil {
		return nil, err
	}
	in.Accounts = readAccounts(ctx, db, fl)
	in.Inspected = time.Now()
	in.applyLedger()
	return in, nil
}

// scanPairs reads a two-column SHOW statement into a map with lower-case keys.
func scanPairs(ctx context.Context, db *sql.DB, stmt string) (map[string]string, error) {
	rows, err := db.QueryContext(ctx, bench.Tag+stmt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stmt, err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name string
		var value sql.NullString
		if err := rows.Scan(&name, &value); err != nil {
			return nil, fmt.Errorf("%s: %w", stmt, err)
		}
		out[strings.ToLower(name)] = value.String
	}
	return out, rows.Err()
}
