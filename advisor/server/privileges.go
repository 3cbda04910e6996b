package server

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// grants are the current user's privileges as information_schema lists them.
type grants struct {
	global map[string]bool            // privilege -> granted on *.*
	schema map[string]map[string]bool // schema pattern -> privileges
}

// readGrants reads the current user's privileges from SHOW GRANTS, which
// also lists the privileges of the roles the session has enabled.
func readGrants(ctx context.Context, db *sql.DB) (grants, error) {
	g := grants{global: map[string]bool{}, schema: map[string]map[string]bool{}}
	for row, err := range stmt.Rows(ctx, db, "SHOW GRANTS") {
		if err != nil {
			return g, fmt.Errorf("reading privileges (SHOW GRANTS): %w", err)
		}
		var line string
		if err := row.Scan(&line); err != nil {
			return g, err
		}
		g.add(line)
	}
	return g, nil
}

var grantLine = regexp.MustCompile(`^GRANT (.+?) ON (\*|` + "`(?:[^`]|``)*`" + `)\.(\*|` + "`(?:[^`]|``)*`" + `) TO `)

// add records the privileges of one SHOW GRANTS line; lines that grant roles,
// proxies or table/column privileges are ignored.
func (g grants) add(line string) {
	m := grantLine.FindStringSubmatch(line)
	if m == nil || m[3] != "*" {
		return
	}
	privs := map[string]bool{}
	for _, p := range splitPrivileges(m[1]) {
		if p == "ALL" || p == "ALL PRIVILEGES" {
			p = "ALL"
		}
		privs[p] = true
	}
	if m[2] == "*" {
		for p := range privs {
			g.global[p] = true
		}
		return
	}
	schema := strings.ReplaceAll(strings.Trim(m[2], "`"), "``", "`")
	if g.schema[schema] == nil {
		g.schema[schema] = map[string]bool{}
	}
	for p := range privs {
		g.schema[schema][p] = true
	}
}

// splitPrivileges splits "SELECT, INSERT (a, b), CREATE" at top-level commas
// and drops column lists.
func splitPrivileges(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '(':
				depth++
				continue
			case ')':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		p := strings.TrimSpace(s[start:i])
		if j := strings.Index(p, "("); j >= 0 {
			p = strings.TrimSpace(p[:j])
		}
		if p != "" {
			out = append(out, strings.ToUpper(p))
		}
		start = i + 1
	}
	return out
}

// missingPrivileges decides, without I/O, what the run lacks: CREATE and DROP
// on the scratch schema (globally or through a matching schema grant), and
// where globals will be set, SUPER or SYSTEM_VARIABLES_ADMIN.
func missingPrivileges(g grants, schema string, setGlobal bool) []string {
	var missing []string
	for _, p := range []string{"CREATE", "DROP"} {
		if !g.global[p] && !g.global["ALL"] && !schemaGrantCovers(g.schema, schema, p) {
			missing = append(missing, p+" on the scratch schema")
		}
	}
	if setGlobal && !g.global["SUPER"] && !g.global["SYSTEM_VARIABLES_ADMIN"] && !g.global["ALL"] {
		missing = append(missing, "SUPER or SYSTEM_VARIABLES_ADMIN (to SET GLOBAL with "+flagname.AllowSetGlobal+")")
	}
	return missing
}

// schemaGrantCovers reports whether a schema-level grant whose name pattern
// (LIKE syntax, \_ for a literal underscore) matches schema carries priv.
func schemaGrantCovers(bySchema map[string]map[string]bool, schema, priv string) bool {
	for pattern, privs := range bySchema {
		if (privs[priv] || privs["ALL"]) && likeMatch(pattern, schema) {
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

// grantHint says what to grant for what is missing.
func grantHint(missing []string) string {
	var hints []string
	for _, m := range missing {
		switch {
		case strings.HasPrefix(m, "CREATE") || strings.HasPrefix(m, "DROP"):
			if len(hints) == 0 || !strings.Contains(hints[0], "CREATE, DROP") {
				hints = append([]string{"GRANT CREATE, DROP ON `upgrade\\_advisor\\_%`.* TO <user>"}, hints...)
			}
		case strings.HasPrefix(m, "SUPER"):
			hints = append(hints, "GRANT SYSTEM_VARIABLES_ADMIN ON *.* TO <user> (MySQL 8.0+) or GRANT SUPER ON *.* (MariaDB, MySQL 5.7), or leave out "+flagname.AllowSetGlobal)
		}
	}
	return "e.g. " + strings.Join(hints, "; ")
}

// checkPrivileges refuses, before anything is created, a run the user's
// privileges do not allow.
// It returns the privileges read, for the note on those beyond the run's.
func checkPrivileges(ctx context.Context, db *sql.DB, schema string, setGlobal bool) (grants, error) {
	g, err := readGrants(ctx, db)
	if err != nil {
		return g, err
	}
	missing := missingPrivileges(g, schema, setGlobal)
	if len(missing) == 0 {
		return g, nil
	}
	return g, fmt.Errorf("%w: the user lacks %s; %s, or run `inspect`, which only reads",
		exitcode.ErrPreflight, strings.Join(missing, " and "), grantHint(missing))
}

// broaderPrivileges are the global privileges beyond what a calibration
// needs that make the server no second wall: with them, a statement that
// got past the guard could reach anything.
var broaderPrivileges = []string{"ALL", "SUPER", "FILE", "CREATE", "DROP", "ALTER", "INSERT", "UPDATE", "DELETE", "GRANT OPTION"}

// excessPrivileges lists, without I/O, the global privileges the account
// holds beyond what the calibration needs.
func excessPrivileges(g grants) []string {
	var out []string
	for _, p := range broaderPrivileges {
		if g.global[p] {
			out = append(out, p)
		}
	}
	return out
}

// leastPrivilegeGrant is the account docs/safety.md gives for audit.
const leastPrivilegeGrant = "GRANT CREATE, DROP, ALTER, INDEX, INSERT ON `upgrade\\_advisor\\_%`.* TO <user>; GRANT SELECT, PROCESS, REPLICATION CLIENT ON *.* TO <user>"

// notePrivileges says in the report when a live server's account holds
// more than audit needs (g: the privileges the pre-flight read).
func (s *Server) notePrivileges(g grants) {
	if s.IsSandbox() {
		return
	}
	if excess := excessPrivileges(g); len(excess) > 0 {
		s.notes = append(s.notes, fmt.Sprintf("the account holds %s ON *.*, more than audit needs: with the least-privilege account (%s; SYSTEM_VARIABLES_ADMIN only with "+flagname.AllowSetGlobal+"), the server itself refuses anything outside the scratch schema (docs/safety.md)",
			strings.Join(excess, ", "), leastPrivilegeGrant))
	}
}
