package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// grants are the current user's privileges as information_schema lists them.
type grants struct {
	global map[string]bool            // privilege -> granted on *.*
	schema map[string]map[string]bool // schema pattern -> privileges
}

// readGrants scans the current user's global and schema-level privileges.
func readGrants(ctx context.Context, db *sql.DB) (grants, error) {
	g := grants{global: map[string]bool{}, schema: map[string]map[string]bool{}}
	rows, err := db.QueryContext(ctx, bench.Tag+`SELECT PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES
		WHERE GRANTEE = CONCAT("'", SUBSTRING_INDEX(CURRENT_USER(), '@', 1), "'@'", SUBSTRING_INDEX(CURRENT_USER(), '@', -1), "'")`)
	if err != nil {
		return g, fmt.Errorf("reading privileges: %w", err)
	}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return g, err
		}
		g.global[strings.ToUpper(p)] = true
	}
	rows.Close()
	rows, err = db.QueryContext(ctx, bench.Tag+`SELECT TABLE_SCHEMA, PRIVILEGE_TYPE FROM information_schema.SCHEMA_PRIVILEGES
		WHERE GRANTEE = CONCAT("'", SUBSTRING_INDEX(CURRENT_USER(), '@', 1), "'@'", SUBSTRING_INDEX(CURRENT_USER(), '@', -1), "'")`)
	if err != nil {
		return g, fmt.Errorf("reading privileges: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var schema, p string
		if err := rows.Scan(&schema, &p); err != nil {
			return g, err
		}
		if g.schema[schema] == nil {
			g.schema[schema] = map[string]bool{}
		}
		g.schema[schema][strings.ToUpper(p)] = true
	}
	return g, rows.Err()
}

// missingPrivileges decides, without I/O, what the run lacks: CREATE and DROP
// on the scratch schema (globally or through a matching schema grant), and
// where globals will be set, SUPER or SYSTEM_VARIABLES_ADMIN.
func missingPrivileges(g grants, schema string, setGlobal bool) []string {
	var missing []string
	for _, p := range []string{"CREATE", "DROP"} {
		if !g.global[p] && !schemaGrantCovers(g.schema, schema, p) {
			missing = append(missing, p+" on the scratch schema")
		}
	}
	if setGlobal && !g.global["SUPER"] && !g.global["SYSTEM_VARIABLES_ADMIN"] {
		missing = append(missing, "SUPER or SYSTEM_VARIABLES_ADMIN (to SET GLOBAL with --allow-set-global)")
	}
	return missing
}

// schemaGrantCovers reports whether a schema-level grant whose name pattern
// (LIKE syntax, \_ for a literal underscore) matches schema carries priv.
func schemaGrantCovers(bySchema map[string]map[string]bool, schema, priv string) bool {
	for pattern, privs := range bySchema {
		if privs[priv] && likeMatch(pattern, schema) {
			return true
		}
	}
	return false
}

// likeMatch implements SQL LIKE with % and _ wildcards and backslash escapes.
func likeMatch(pattern, s string) bool {
	if pattern == "" {
		return s == ""
	}
	switch c := pattern[0]; {
	case c == '%':
		for i := 0; i <= len(s); i++ {
			if likeMatch(pattern[1:], s[i:]) {
				return true
			}
		}
		return false
	case c == '\\' && len(pattern) > 1:
		return s != "" && s[0] == pattern[1] && likeMatch(pattern[2:], s[1:])
	case c == '_':
		return s != "" && likeMatch(pattern[1:], s[1:])
	default:
		return s != "" && strings.EqualFold(s[:1], pattern[:1]) && likeMatch(pattern[1:], s[1:])
	}
}

// checkPrivileges refuses, before anything is created, a run the user's
// privileges do not allow.
func checkPrivileges(ctx context.Context, db *sql.DB, schema string, setGlobal bool) error {
	g, err := readGrants(ctx, db)
	if err != nil {
		return err
	}
	missing := missingPrivileges(g, schema, setGlobal)
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%w: the user lacks %s; grant it, e.g. GRANT CREATE, DROP ON `upgrade\\_advisor\\_%%`.* TO <user>, or run `inspect`, which only reads",
		ErrPreflight, strings.Join(missing, " and "))
}
