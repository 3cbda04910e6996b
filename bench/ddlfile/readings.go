package ddlfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// A statement the calibration runs must be safe however the server reads
// it. Two things change the reading of the same text:
//
//   - versioned executable comments (/*!50100 ...*/, /*M!100500 ...*/) run
//     or not depending on the server's flavor and version;
//   - the session's sql_mode: NO_BACKSLASH_ESCAPES and ANSI_QUOTES move the
//     ends of strings and turn "x" into an identifier.
//
// The primary reading runs every executable comment in the default
// sql_mode. classifyRun also classifies the statement under every other
// reading a server can make of it and requires the same kind of statement on
// the same tables, or nothing at all (an unterminated string or an empty
// statement, which the server rejects as a whole).

// otherModes are the sql_modes checked besides the default one.
var otherModes = []sqlfile.SQLMode{
	{NoBackslashEscapes: true},
	{ANSIQuotes: true},
	{NoBackslashEscapes: true, ANSIQuotes: true},
}

// reading is one way a server may see a statement.
type reading struct {
	desc string
	toks []sqlfile.Token
}

// classifyRun classifies the primary reading of st; for a statement that
// runs it also checks every other reading.
func classifyRun(st rawStatement) (verdict, string) {
	v, reason := classify(sqlfile.Significant(st.toks, func(int) bool { return true }))
	if reason != "" || v.action != actRun {
		return v, reason
	}
	readings, reason := otherReadings(st)
	if reason != "" {
		return verdict{}, reason
	}
	for _, r := range readings {
		o, reason := classify(r.toks)
		switch {
		case reason != "":
			return verdict{}, reason + " (" + r.desc + ")"
		case o.action == actEmpty:
			v.noClause = true // an appended table option would stand alone
		case !o.same(v):
			return verdict{}, fmt.Sprintf("the statement is a different %s %s (%s)", o.kind, o.table+o.target, r.desc)
		case o.noClause || o.partitioned:
			v.noClause = true // in that reading an appended option would not be valid
		}
	}
	return v, ""
}

// otherReadings returns the readings of st besides the primary one.
func otherReadings(st rawStatement) ([]reading, string) {
	out, reason := versionReadings(st.toks, st.conds, defaultMode)
	if reason != "" {
		return nil, reason
	}
	for _, m := range otherModes {
		if !needsRelex(st.sql, m) {
			continue
		}
		toks, conds := sqlfile.Lex(st.sql, m, 1)
		if reason, skip := modeProblem(toks, m); reason != "" || skip {
			if reason != "" {
				return nil, reason
			}
			continue
		}
		out = append(out, reading{desc: "under " + m.String(), toks: sqlfile.Significant(toks, func(int) bool { return true })})
		more, reason := versionReadings(toks, conds, m)
		if reason != "" {
			return nil, reason
		}
		out = append(out, more...)
	}
	return out, ""
}

// needsRelex reports whether text can lex differently under mode m.
func needsRelex(sql string, m sqlfile.SQLMode) bool {
	for i := 0; i < len(sql); i++ {
		if (m.NoBackslashEscapes && sql[i] == '\\') || (m.ANSIQuotes && sql[i] == '"') {
			return true
		}
	}
	return false
}

// modeProblem looks at the tokens of a statement lexed under another
// sql_mode: a ';' would end it early (refused); an unterminated string makes
// the server reject it whole (skip); other lexical problems are refused.
func modeProblem(toks []sqlfile.Token, m sqlfile.SQLMode) (reason string, skip bool) {
	for _, t := range toks {
		switch {
		case t.Kind() == sqlfile.TokPunct && t.Text() == ";":
			return "under " + m.String() + " a semicolon would end the statement early (write a quote inside a string as '' or \"\", not with a backslash)", false
		case t.Kind() == sqlfile.TokIssue && t.Issue() == sqlfile.IssueUnterminatedString:
			return "", true
		case t.Kind() == sqlfile.TokIssue && t.Issue() == sqlfile.IssueOther:
			return t.Text() + " (under " + m.String() + ")", false
		}
	}
	return "", false
}

// maxVersions bounds the distinct versioned comments of one statement
// (mysqldump writes one to three), which bounds the readings to 2^maxVersions.
const maxVersions = 6

// versionReadings returns a reading for every subset of the statement's
// versioned comments a server may skip. Servers run an unversioned /*! */
// always, but which versioned ones they run follows no single order: MySQL
// skips /*M! and versions above its own, MariaDB runs /*M! and its own
// versions but skips MySQL's five-digit versions from 5.7 on (/*!80016 too).
// So every combination counts.
func versionReadings(toks []sqlfile.Token, conds []sqlfile.CondComment, m sqlfile.SQLMode) ([]reading, string) {
	keys := versionedKeys(toks, conds)
	if len(keys) == 0 {
		return nil, ""
	}
	if len(keys) > maxVersions {
		return nil, fmt.Sprintf("more than %d different versions in conditional comments", maxVersions)
	}
	var out []reading
	all := 1<<len(keys) - 1
	for mask := 0; mask < all; mask++ { // mask == all runs everything: the mode's main reading
		run := map[sqlfile.CondComment]bool{}
		var skipped []string
		for i, k := range keys {
			if mask&(1<<i) != 0 {
				run[k] = true
			} else {
				skipped = append(skipped, k.String())
			}
		}
		keep := func(ci int) bool { return !conds[ci].Versioned() || run[conds[ci]] }
		desc := "on a server that skips " + strings.Join(skipped, ", ")
		if m != defaultMode {
			desc += " under " + m.String()
		}
		out = append(out, reading{desc: desc, toks: sqlfile.Significant(toks, keep)})
	}
	return out, ""
}

// versionedKeys lists the distinct versioned comments the tokens are in, in
// order of appearance.
func versionedKeys(toks []sqlfile.Token, conds []sqlfile.CondComment) []sqlfile.CondComment {
	var keys []sqlfile.CondComment
	for _, t := range toks {
		if t.Kind() != sqlfile.TokCondOpen || t.Cond() < 0 {
			continue
		}
		if cc := conds[t.Cond()]; cc.Versioned() && !slices.Contains(keys, cc) {
			keys = append(keys, cc)
		}
	}
	return keys
}
