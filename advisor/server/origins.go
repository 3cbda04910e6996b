package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// serverOrigin is one variable's origin as the server reports it.
type serverOrigin struct {
	source string // VARIABLE_SOURCE (MySQL) or GLOBAL_VALUE_ORIGIN (MariaDB)
	path   string // VARIABLE_PATH (MySQL): the option file, "" otherwise
	// persisted is the value mysqld-auto.cnf holds for it (MySQL
	// performance_schema.persisted_variables), and whether it holds one.
	persisted   string
	isPersisted bool
}

// readOrigins asks where each variable's value came from: MariaDB's
// information_schema.SYSTEM_VARIABLES.GLOBAL_VALUE_ORIGIN, MySQL 8.0's
// performance_schema.variables_info (source and option file) and
// persisted_variables (what SET PERSIST wrote to mysqld-auto.cnf). Older
// servers do not say; an empty map is returned and every origin stays
// unknown.
func readOrigins(ctx context.Context, db *sql.DB, fl flavor.Flavor) map[string]origin {
	var raw map[string]serverOrigin
	var err error
	switch {
	case fl.IsMariaDB():
		raw, err = scanOrigins(ctx, db, "SELECT LOWER(VARIABLE_NAME), GLOBAL_VALUE_ORIGIN, '' FROM information_schema.SYSTEM_VARIABLES")
	case fl.HasVariablesInfo():
		raw, err = scanOrigins(ctx, db, "SELECT LOWER(VARIABLE_NAME), VARIABLE_SOURCE, VARIABLE_PATH FROM performance_schema.variables_info")
		if err == nil {
			addPersisted(ctx, db, raw)
		}
	default:
		return map[string]origin{}
	}
	if err != nil {
		return map[string]origin{}
	}
	out := make(map[string]origin, len(raw))
	for name, o := range raw {
		out[name] = originOf(fl, o)
	}
	return out
}

func scanOrigins(ctx context.Context, db *sql.DB, query string) (map[string]serverOrigin, error) {
	out := map[string]serverOrigin{}
	for row, err := range stmt.Rows(ctx, db, query) {
		if err != nil {
			return nil, err
		}
		var name, source, path sql.NullString
		if err := row.Scan(&name, &source, &path); err != nil {
			return nil, err
		}
		out[name.String] = serverOrigin{source: source.String, path: path.String}
	}
	return out, nil
}

// addPersisted marks what mysqld-auto.cnf holds (best effort: a user who
// may not read performance_schema.persisted_variables sees SET PERSIST
// values as runtime until the next start).
func addPersisted(ctx context.Context, db *sql.DB, raw map[string]serverOrigin) {
	persisted, err := stmt.ReadPairs(ctx, db, "SELECT VARIABLE_NAME, VARIABLE_VALUE FROM performance_schema.persisted_variables")
	if err != nil {
		return
	}
	for name, value := range persisted {
		o := raw[name]
		o.persisted, o.isPersisted = value, true
		raw[name] = o
	}
}

// origin is where a value came from: the report's origin word, and the
// option file and what else is known.
type origin struct {
	origin rules.Origin
	prov   rules.Provenance
}

// originOf maps a server's origin words to the report's, with the option
// file and what else is known.
func originOf(fl flavor.Flavor, o serverOrigin) origin {
	out := origin{origin: originFromServer(o.source), prov: rules.Provenance{File: o.path}}
	switch strings.ToUpper(strings.TrimSpace(o.source)) {
	case "DYNAMIC":
		// SET PERSIST since the last start: variables_info says DYNAMIC,
		// mysqld-auto.cnf holds the value.
		if o.isPersisted {
			out.origin = rules.OriginPersisted
			out.prov.Note = "SET PERSIST since the last start: mysqld-auto.cnf in the datadir"
		}
	case "COMMAND-LINE", "COMMAND_LINE":
		out.prov.Note = "command line"
	case "CONFIG":
		if fl.IsMariaDB() {
			out.prov.Note = "an option file: MariaDB does not say which"
		}
	}
	if o.isPersisted && out.origin != rules.OriginPersisted {
		out.prov.Note = joinNotes(out.prov.Note, fmt.Sprintf("mysqld-auto.cnf holds %q for the next start (SET PERSIST_ONLY)", o.persisted))
	}
	return out
}

// originFromServer maps the servers' origin words to the report's.
func originFromServer(src string) rules.Origin {
	switch strings.ToUpper(strings.TrimSpace(src)) {
	case "COMPILE-TIME", "COMPILED", "AUTO":
		return rules.OriginCompiled
	case "CONFIG", "COMMAND-LINE", "COMMAND_LINE", "GLOBAL", "SERVER", "EXPLICIT", "EXTRA", "USER", "LOGIN", "CLIENT", "ENVIRONMENT":
		return rules.OriginConfig
	case "PERSISTED":
		return rules.OriginPersisted
	case "SQL", "DYNAMIC":
		return rules.OriginRuntime
	}
	return rules.OriginUnknown
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
