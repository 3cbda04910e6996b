package schemacheck

import (
	"regexp"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// The application's SQL is loaded, and its objects run, as the sandbox's
// application account (sandbox.AppUser): every right on the dump's own
// schemas and nothing else. A DEFINER clause naming another account would
// need SUPER (SET_ANY_DEFINER) to create, and would make the object run
// with that account's rights: it is rewritten to the loading account.

// SchemaNames lists the schemas the application's account is given: those
// d's objects are created in, the file's own first, and the check's own
// probe schema.
func SchemaNames(d *sqlfile.Dump) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range d.Schemas {
		add(s.Name)
	}
	for _, o := range d.Objects {
		add(schemaOf(o))
	}
	for _, row := range d.Data {
		if row.Schema != "" {
			add(row.Schema)
		}
	}
	add(probeSchema)
	return out
}

// ApplicationSchemas is names without the check's own probe schema: the
// schemas of the application's file or server.
func ApplicationSchemas(names []string) []string {
	var out []string
	for _, n := range names {
		if n != probeSchema {
			out = append(out, n)
		}
	}
	return out
}

// accountName is a user or host part of an account: quoted with
// backticks, single or double quotes, or bare.
const accountName = "`(?:[^`]|``)*`|'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.)*\"|[A-Za-z0-9_$.%-]+"

// definerClause is a DEFINER clause in a definition's header, also inside
// an executable comment (/*!50017 DEFINER=`root`@`localhost`*/).
var definerClause = regexp.MustCompile(`(?i)\bDEFINER\s*=\s*(?:CURRENT_USER(?:\s*\(\s*\))?|(?:` + accountName + `)(?:\s*@\s*(?:` + accountName + `))?)`)

// objectWord ends a definition's header: the definer comes before it.
var objectWord = regexp.MustCompile(`(?i)\b(?:VIEW|PROCEDURE|FUNCTION|TRIGGER|EVENT)\b`)

// asLoader returns a definition with its DEFINER clause (if any) naming
// the loading account (CURRENT_USER), and whether it changed.
func asLoader(kind sqlfile.Kind, sql string) (string, bool) {
	if kind == sqlfile.KindTable {
		return sql, false
	}
	end := len(sql)
	if loc := objectWord.FindStringIndex(sql); loc != nil {
		end = loc[0]
	}
	loc := definerClause.FindStringIndex(sql[:end])
	if loc == nil {
		return sql, false
	}
	clause := sql[loc[0]:loc[1]]
	if strings.EqualFold(strings.TrimSuffix(strings.Join(strings.Fields(clause), ""), "()"), "DEFINER=CURRENT_USER") {
		return sql, false
	}
	return sql[:loc[0]] + "DEFINER=CURRENT_USER" + sql[loc[1]:], true
}

// isAppAccount reports whether a definer is the sandbox's application
// account ("upgrade_advisor_app@localhost"): the load's own doing.
func isAppAccount(definer string) bool {
	user, _, _ := strings.Cut(strings.ReplaceAll(strings.ReplaceAll(definer, "`", ""), "'", ""), "@")
	return user == sandbox.AppUser
}

// loaderNote says how the application's SQL was run, for the report.
const loaderNote = "the schema was loaded, and its objects run, as the sandbox's account " + sandbox.AppUser +
	"@localhost: every right on the file's schemas, none beyond (no SUPER, SYSTEM_VARIABLES_ADMIN, FILE, plugins); " +
	"DEFINER clauses name that account"
