package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// inspection is what a read-only look at a server found.
type inspection struct {
	Address        string
	VersionComment string
	Flavor         rules.Flavor
	Variables      map[string]rules.Setting
	Status         map[string]string
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
	for name, value := range vars {
		origin, ok := origins[name]
		if !ok {
			origin = rules.OriginUnknown
		}
		in.Variables[name] = rules.Setting{Value: value, Origin: origin}
	}
	if in.Status, err = scanPairs(ctx, db, "SHOW GLOBAL STATUS"); err != nil {
		return nil, err
	}
	in.Inspected = time.Now()
	in.OwnDDL = ownDDLFor(in)
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

// readOrigins asks where each variable's value came from: MariaDB's
// information_schema.SYSTEM_VARIABLES.GLOBAL_VALUE_ORIGIN, MySQL 8.0's
// performance_schema.variables_info.VARIABLE_SOURCE. Older servers do not
// say; an empty map is returned and every origin stays unknown.
func readOrigins(ctx context.Context, db *sql.DB, fl rules.Flavor) map[string]rules.Origin {
	var query string
	switch {
	case fl.IsMariaDB():
		query = "SELECT LOWER(VARIABLE_NAME), GLOBAL_VALUE_ORIGIN FROM information_schema.SYSTEM_VARIABLES"
	case fl.Version.AtLeast(8, 0, 0):
		query = "SELECT LOWER(VARIABLE_NAME), VARIABLE_SOURCE FROM performance_schema.variables_info"
	default:
		return map[string]rules.Origin{}
	}
	raw, err := scanPairs(ctx, db, query)
	if err != nil {
		return map[string]rules.Origin{}
	}
	out := make(map[string]rules.Origin, len(raw))
	for name, src := range raw {
		out[name] = originFromServer(src)
	}
	return out
}

// originFromServer maps the servers' origin words to the report's.
func originFromServer(src string) rules.Origin {
	switch strings.ToUpper(strings.TrimSpace(src)) {
	case "COMPILE-TIME", "COMPILED", "AUTO":
		return rules.OriginCompiled
	case "CONFIG", "COMMAND-LINE", "COMMAND_LINE", "GLOBAL", "SERVER", "EXPLICIT", "EXTRA", "USER", "LOGIN", "CLIENT", "PERSISTED", "ENVIRONMENT":
		return rules.OriginConfig
	case "SQL", "DYNAMIC":
		return rules.OriginRuntime
	}
	return rules.OriginUnknown
}
