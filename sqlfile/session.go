package sqlfile

import (
	"fmt"
	"strings"
)

// trackedSettings are the session variables that shape how an object is
// created, in the order a replay sets them.
var trackedSettings = []string{"character_set_client", "character_set_results", "collation_connection",
	"sql_mode", "time_zone", "foreign_key_checks", "unique_checks"}

// harmlessSettings are session variables a dump sets that do not shape the
// objects (they are read and not replayed).
var harmlessSettings = map[string]bool{"sql_notes": true, "sql_log_bin": true, "sql_quote_show_create": true,
	"names": true, "autocommit": true, "sql_safe_updates": true, "information_schema_stats_expiry": true,
	"net_read_timeout": true, "net_write_timeout": true, "big_tables": true, "check_constraint_checks": true,
	"completion_type": true, "transaction_isolation": true, "tx_isolation": true, "wait_timeout": true,
	"session_track_schema": true, "old_alter_table": true, "max_statement_time": true, "innodb_strict_mode": true,
	"default_storage_engine": true, "storage_engine": true, "sql_big_selects": true, "group_concat_max_len": true}

// session follows the session variables and user variables a file sets.
// Values are SQL expressions as written (a quoted string, a word, a number);
// an absent value means the server's default.
type session struct {
	vars map[string]string
	user map[string]string // user variable -> value; absent: NULL / the default
}

func newSession() *session { return &session{vars: map[string]string{}, user: map[string]string{}} }

// snapshot returns the tracked settings in force, in trackedSettings order.
func (s *session) snapshot() []Setting {
	var out []Setting
	for _, name := range trackedSettings {
		if v, ok := s.vars[name]; ok {
			out = append(out, Setting{Name: name, Value: v})
		}
	}
	return out
}

// set reads a SET statement: session settings are followed and run as
// written; SET GLOBAL sql_mode is followed for the session (the file's
// intent), with a note; other server-wide settings and account statements
// are set aside.
func (r *dumpReader) set(c *Cursor, st statement) {
	c.Next()
	switch {
	case c.IsWord(0, "PASSWORD") || c.IsWord(0, "ROLE") || (c.IsWord(0, "DEFAULT") && c.IsWord(1, "ROLE")):
		r.asideStep(st, "account statement", "an account statement (the sandbox's accounts are not the application's schema)")
		return
	case c.IsWord(0, "TRANSACTION"):
		r.step(st, StepSession, "")
		return
	case c.IsWord(0, "STATEMENT"):
		r.asideStep(st, "SET STATEMENT ... FOR statement", "SET STATEMENT ... FOR runs another statement, which the reader does not follow")
		return
	case c.IsWord(0, "RESOURCE"):
		r.asideStep(st, "SET RESOURCE GROUP statement", "it changes how the server schedules threads")
		return
	}
	var globals []string
	var modes []string
	for _, a := range SplitTopLevel(c.Rest(), ",") {
		name, global, value := r.assign(a)
		if global {
			globals = append(globals, name)
			if name == "sql_mode" {
				modes = append(modes, value)
			}
		}
	}
	switch {
	case len(globals) == 0:
		r.step(st, StepSession, "")
	case len(globals) == 1 && globals[0] == "gtid_purged":
		r.asideStep(st, "SET GLOBAL GTID_PURGED statement", "GTID_PURGED names the dump's server, not the schema")
	case len(modes) == len(globals) && len(modes) == 1:
		r.globalMode(st, modes[0])
	default:
		r.asideStep(st, "SET GLOBAL statement", "SET GLOBAL "+strings.Join(globals, ", ")+" changes a server-wide setting")
	}
}

// globalMode follows SET GLOBAL sql_mode for the session, as the file
// meant the statements after it to run.
func (r *dumpReader) globalMode(st statement, value string) {
	r.session.vars["sql_mode"] = value
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSession, Line: st.line, ClientLine: st.clientLine, Object: -1, What: stepName(st.toks),
		SQL: "SET SESSION sql_mode = " + value})
	r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("%s:%d: SET GLOBAL sql_mode was followed for the session (sql_mode = %s), as the file meant its statements to run; the sandbox's global setting was not changed",
		r.file, st.line, value))
}

// assign reads one assignment of a SET statement: the session settings
// that shape objects are followed. It returns the system variable's name,
// whether it is global, and the value as written.
func (r *dumpReader) assign(a []Token) (name string, global bool, value string) {
	c := &Cursor{toks: a}
	switch {
	case c.AcceptWord("NAMES"):
		r.names(c)
		return "names", false, ""
	case c.AcceptWords("CHARACTER", "SET"), c.AcceptWord("CHARSET"):
		cs := exprText(c.Rest())
		r.session.vars["character_set_client"], r.session.vars["character_set_results"] = cs, cs
		delete(r.session.vars, "collation_connection")
		return "character set", false, ""
	}
	if user, ok := userVariable(c); ok {
		v, ok := r.session.value(c.Rest())
		r.session.setUser(user, v, ok)
		return "", false, ""
	}
	scope, name := SystemName(c)
	if name == "" {
		return "", false, ""
	}
	if c.IsPunct(0, ":") {
		c.Next()
	}
	if !c.IsPunct(0, "=") {
		return name, scope == "global", ""
	}
	c.Next()
	value = exprText(c.Rest())
	if scope == "global" {
		return name, true, value
	}
	if contains(trackedSettings, name) {
		if v, ok := r.session.value(c.Rest()); ok {
			r.session.vars[name] = v
		} else {
			delete(r.session.vars, name)
		}
	}
	return name, false, value
}

// names reads SET NAMES charset [COLLATE collation].
func (r *dumpReader) names(c *Cursor) {
	if c.Done() {
		return
	}
	cs := exprText(c.Rest()[:1])
	for _, n := range []string{"character_set_client", "character_set_results"} {
		r.session.vars[n] = cs
	}
	c.Next()
	if c.AcceptWord("COLLATE") && !c.Done() {
		r.session.vars["collation_connection"] = exprText(c.Rest()[:1])
	} else {
		delete(r.session.vars, "collation_connection")
	}
}

// userVariable reads "@name" at the cursor and the '=' after it.
func userVariable(c *Cursor) (string, bool) {
	if !c.IsPunct(0, "@") || c.IsPunct(1, "@") || !IsName(c.Peek(1)) {
		return "", false
	}
	name := strings.ToLower(NameOf(c.Peek(1)))
	c.i += 2
	if c.IsPunct(0, ":") && c.IsPunct(1, "=") {
		c.i += 2
	} else if c.IsPunct(0, "=") {
		c.i++
	}
	return name, true
}

// SystemName reads [GLOBAL|SESSION|LOCAL] name or @@[global.|session.]name.
func SystemName(c *Cursor) (scope, name string) {
	scope = "session"
	switch {
	case c.AcceptAnyWord("GLOBAL", "PERSIST", "PERSIST_ONLY"):
		scope = "global"
	case c.AcceptAnyWord("SESSION", "LOCAL"):
	case c.IsPunct(0, "@") && c.IsPunct(1, "@"):
		c.i += 2
		if c.Peek(1).text == "." && (c.IsWord(0, "GLOBAL") || c.IsWord(0, "PERSIST") || c.IsWord(0, "PERSIST_ONLY")) {
			scope = "global"
			c.i += 2
		} else if c.Peek(1).text == "." && (c.IsWord(0, "SESSION") || c.IsWord(0, "LOCAL")) {
			c.i += 2
		}
	}
	if !IsName(c.Peek(0)) {
		return scope, ""
	}
	return scope, strings.ToLower(NameOf(c.Next()))
}

// value evaluates the right side of an assignment: @@var and @user read
// what the file set; DEFAULT and NULL mean the server's default (false).
func (s *session) value(toks []Token) (string, bool) {
	c := &Cursor{toks: toks}
	switch {
	case len(toks) == 1 && (IsWord(toks[0], "DEFAULT") || IsWord(toks[0], "NULL")):
		return "", false
	case c.IsPunct(0, "@") && c.IsPunct(1, "@"):
		c.i += 2
		_, name := systemNameAfterAt(c)
		v, ok := s.vars[name]
		return v, ok
	case c.IsPunct(0, "@") && IsName(c.Peek(1)) && len(toks) == 2:
		v, ok := s.user[strings.ToLower(NameOf(toks[1]))]
		return v, ok
	}
	return exprText(toks), len(toks) > 0
}

// systemNameAfterAt reads [session.|global.]name after "@@".
func systemNameAfterAt(c *Cursor) (string, string) {
	scope := "session"
	if c.Peek(1).text == "." && (c.IsWord(0, "GLOBAL") || c.IsWord(0, "SESSION") || c.IsWord(0, "LOCAL")) {
		scope = strings.ToLower(c.Next().text)
		c.Next()
	}
	if !IsName(c.Peek(0)) {
		return scope, ""
	}
	return scope, strings.ToLower(NameOf(c.Next()))
}

// setUser records a user variable.
func (s *session) setUser(name string, v string, ok bool) {
	if ok {
		s.user[name] = v
	} else {
		delete(s.user, name)
	}
}

// exprText is the source text of tokens, separated by single spaces where
// the source had space.
func exprText(toks []Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.pos > toks[i-1].end {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// Text returns the value without its quotes, for display.
func (s Setting) Text() string {
	v := s.Value
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		return strings.ReplaceAll(v[1:len(v)-1], string(v[0])+string(v[0]), string(v[0]))
	}
	return v
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
