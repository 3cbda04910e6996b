package schemacheck

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// The application's SQL is loaded, and its objects run, as the sandbox's
// application account (sandbox.AppUser): every right on the dump's own
// schemas, and beyond them only the session-only rights the application's
// own statements need. A DEFINER clause naming another account would
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
	if d.NeedsDefault && d.DefaultSchema == "" {
		add(DefaultSchema) // the statements before the first USE run there (namedSchemas)
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
	"@localhost: every right on the file's schemas, and beyond them only its session's variables and SHOW of the replication state " +
	"(no SUPER, SYSTEM_VARIABLES_ADMIN, FILE, plugins); " +
	"DEFINER clauses name that account"

// rightCodes are the servers' refusals for a missing right (the same codes
// on MySQL and MariaDB): on the schema (1044), a table or column (1142,
// 1143), a routine (1370), a global right (1227, which names the rights it
// wants). The application's account holds every right on the file's
// schemas and the session-only ones beyond them, so such a refusal is for
// a right it lacks on purpose (SUPER, SYSTEM_VARIABLES_ADMIN, FILE, the
// mysql schema, ...): the sandbox's limit, not the target's doing.
var rightCodes = map[uint16]bool{1044: true, 1142: true, 1143: true, 1227: true, 1370: true}

// lacksRight reports whether a server error is a refusal for a right.
func lacksRight(code uint16) bool { return rightCodes[code] }

// rightFix is the fix of a statement refused for a right.
const rightFix = "none needed for the upgrade: the sandbox's application account lacks that right on purpose; " +
	"an account that holds it (the installer's, an administrator's) runs the statement on the target"

// accountNote names the statements of a load refused for a right the
// application's account lacks on purpose, "" when there are none.
func accountNote(l *Load) string {
	var where []string
	for _, r := range append(l.Results[:len(l.Results):len(l.Results)], l.Statements...) {
		for _, p := range r.Problems {
			if p.Account {
				src := r.Object.Source()
				if p.Source != "" {
					src = p.Source
				}
				where = append(where, fmt.Sprintf("%s (%d)", src, p.Code))
			}
		}
	}
	if len(where) == 0 {
		return ""
	}
	return fmt.Sprintf("%d statement(s) refused to the sandbox's account %s for a right it lacks on purpose, not the target's doing "+
		"(they count toward no status): %s", len(where), sandbox.AppUser, strings.Join(where, ", "))
}
