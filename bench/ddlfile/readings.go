package ddlfile

import (
	"fmt"
	"slices"
)

// A statement the calibration runs must be safe however the server reads
// it. Two things change the reading of the same text:
//
//   - versioned executable comments (/*!50100 ...*/, /*M!100500 ...*/) run
//     only on servers at least that version, and /*M! only on MariaDB;
//   - the session's sql_mode: NO_BACKSLASH_ESCAPES and ANSI_QUOTES move the
//     ends of strings and turn "x" into an identifier.
//
// The primary reading runs every executable comment in the default
// sql_mode. classifyRun also classifies the statement under every other
// reading a server can make of it and requires the same kind of statement on
// the same tables, or nothing at all (an unterminated string or an empty
// statement, which the server rejects as a whole).

// otherModes are the sql_modes checked besides the default one.
var otherModes = []sqlMode{
	{noBackslashEscapes: true},
	{ansiQuotes: true},
	{noBackslashEscapes: true, ansiQuotes: true},
}

// reading is one way a server may see a statement.
type reading struct {
	desc string
	toks []token
}

// classifyRun classifies the primary reading of st; for a statement that
// runs it also checks every other reading.
func classifyRun(st rawStatement) (verdict, string) {
	v, reason := classify(significant(st.toks, func(int) bool { return true }))
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
		toks, conds := lex(st.sql, m)
		if reason, skip := modeProblem(toks, m); reason != "" || skip {
			if reason != "" {
				return nil, reason
			}
			continue
		}
		out = append(out, reading{desc: "under " + m.String(), toks: significant(toks, func(int) bool { return true })})
		more, reason := versionReadings(toks, conds, m)
		if reason != "" {
			return nil, reason
		}
		out = append(out, more...)
	}
	return out, ""
}

// needsRelex reports whether text can lex differently under mode m.
func needsRelex(sql string, m sqlMode) bool {
	for i := 0; i < len(sql); i++ {
		if (m.noBackslashEscapes && sql[i] == '\\') || (m.ansiQuotes && sql[i] == '"') {
			return true
		}
	}
	return false
}

// modeProblem looks at the tokens of a statement lexed under another
// sql_mode: a ';' would end it early (refused); an unterminated string makes
// the server reject it whole (skip); other lexical problems are refused.
func modeProblem(toks []token, m sqlMode) (reason string, skip bool) {
	for _, t := range toks {
		switch {
		case t.kind == tokPunct && t.text == ";":
			return "under " + m.String() + " a semicolon would end the statement early (write a quote inside a string as '' or \"\", not with a backslash)", false
		case t.kind == tokIssue && t.issue == issueUnterminatedString:
			return "", true
		case t.kind == tokIssue && t.issue == issueOther:
			return t.text + " (under " + m.String() + ")", false
		}
	}
	return "", false
}

// maxVersions bounds the distinct versions of executable comments in one
// statement (mysqldump uses two or three), which bounds the readings.
const maxVersions = 16

// versionReadings returns the readings of servers of both flavors at every
// version threshold the statement's versioned comments name.
func versionReadings(toks []token, conds []condComment, m sqlMode) ([]reading, string) {
	used := condsUsed(toks)
	if len(used) == 0 {
		return nil, ""
	}
	thresholds := []int{0}
	for _, ci := range used {
		thresholds = append(thresholds, conds[ci].version)
	}
	slices.Sort(thresholds)
	thresholds = slices.Compact(thresholds)
	if len(thresholds) > maxVersions {
		return nil, fmt.Sprintf("more than %d different versions in conditional comments", maxVersions-1)
	}
	var out []reading
	for _, mariadb := range []bool{false, true} {
		for _, v := range thresholds {
			keep := func(ci int) bool { return executes(conds[ci], mariadb, v) }
			out = append(out, reading{desc: readingDesc(mariadb, v, m), toks: significant(toks, keep)})
		}
	}
	return out, ""
}

// condsUsed lists the executable comments the tokens are in.
func condsUsed(toks []token) []int {
	var used []int
	for _, t := range toks {
		if t.kind == tokCondOpen && t.cond >= 0 {
			used = append(used, t.cond)
		}
	}
	return used
}

// executes reports whether a server of the flavor at version runs the
// executable comment cc.
func executes(cc condComment, mariadb bool, version int) bool {
	if cc.mariadbOnly && !mariadb {
		return false
	}
	return cc.version <= version
}

// readingDesc describes a server reading for messages.
func readingDesc(mariadb bool, version int, m sqlMode) string {
	flavor := "MySQL"
	if mariadb {
		flavor = "MariaDB"
	}
	s := fmt.Sprintf("on a %s server at version %d", flavor, version)
	if version == 0 {
		s = fmt.Sprintf("on a %s server that skips the versioned comments", flavor)
	}
	if m != defaultMode {
		s += " under " + m.String()
	}
	return s
}
