package sqlfile

import (
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

// set reads a SET statement: session settings are followed; SET GLOBAL is
// refused except for a dump's GTID_PURGED, which is set aside.
func (r *dumpReader) set(c *cursor) string {
	c.next()
	if c.done() {
		return "empty SET statement"
	}
	switch {
	case c.isWord(0, "PASSWORD") || c.isWord(0, "ROLE") || (c.isWord(0, "DEFAULT") && c.isWord(1, "ROLE")):
		r.setAside("account statement")
		return ""
	case c.isWord(0, "TRANSACTION"):
		r.setAside("transaction statement")
		return ""
	case c.isWord(0, "STATEMENT"):
		return "SET STATEMENT ... FOR runs another statement"
	}
	for _, a := range splitTopLevel(c.rest(), ",") {
		if reason := r.assign(a); reason != "" {
			return reason
		}
	}
	return ""
}

// assign reads one assignment of a SET statement.
func (r *dumpReader) assign(a []token) string {
	c := &cursor{toks: a}
	switch {
	case c.acceptWord("NAMES"):
		return r.names(c)
	case c.acceptWords("CHARACTER", "SET"), c.acceptWord("CHARSET"):
		cs := exprText(c.rest())
		r.session.vars["character_set_client"], r.session.vars["character_set_results"] = cs, cs
		delete(r.session.vars, "collation_connection")
		return ""
	}
	if user, ok := userVariable(c); ok {
		v, ok := r.session.value(c.rest())
		r.session.setUser(user, v, ok)
		return ""
	}
	scope, name := systemName(c)
	if name == "" {
		return "SET of something the reader does not know: " + quoteShort(exprText(a))
	}
	if scope == "global" {
		if name == "gtid_purged" {
			r.setAside("SET GLOBAL GTID_PURGED statement")
			return ""
		}
		return "SET GLOBAL " + name + " changes a server-wide setting"
	}
	if !c.isPunct(0, "=") {
		return "SET " + name + " without '='"
	}
	c.next()
	if contains(trackedSettings, name) {
		if v, ok := r.session.value(c.rest()); ok {
			r.session.vars[name] = v
		} else {
			delete(r.session.vars, name)
		}
		return ""
	}
	if !harmlessSettings[name] {
		r.setAside("SET of a session variable not replayed")
	}
	return ""
}

// names reads SET NAMES charset [COLLATE collation].
func (r *dumpReader) names(c *cursor) string {
	if c.done() {
		return "SET NAMES without a character set"
	}
	cs := exprText(c.rest()[:1])
	for _, n := range []string{"character_set_client", "character_set_results"} {
		r.session.vars[n] = cs
	}
	c.next()
	if c.acceptWord("COLLATE") && !c.done() {
		r.session.vars["collation_connection"] = exprText(c.rest()[:1])
	} else {
		delete(r.session.vars, "collation_connection")
	}
	return ""
}

// userVariable reads "@name" at the cursor and the '=' after it.
func userVariable(c *cursor) (string, bool) {
	if !c.isPunct(0, "@") || c.isPunct(1, "@") || !isName(c.peek(1)) {
		return "", false
	}
	name := strings.ToLower(nameOf(c.peek(1)))
	c.i += 2
	if c.isPunct(0, ":") && c.isPunct(1, "=") {
		c.i += 2
	} else if c.isPunct(0, "=") {
		c.i++
	}
	return name, true
}

// systemName reads [GLOBAL|SESSION|LOCAL] name or @@[global.|session.]name.
func systemName(c *cursor) (scope, name string) {
	scope = "session"
	switch {
	case c.acceptAnyWord("GLOBAL", "PERSIST", "PERSIST_ONLY"):
		scope = "global"
	case c.acceptAnyWord("SESSION", "LOCAL"):
	case c.isPunct(0, "@") && c.isPunct(1, "@"):
		c.i += 2
		if c.peek(1).text == "." && (c.isWord(0, "GLOBAL") || c.isWord(0, "PERSIST") || c.isWord(0, "PERSIST_ONLY")) {
			scope = "global"
			c.i += 2
		} else if c.peek(1).text == "." && (c.isWord(0, "SESSION") || c.isWord(0, "LOCAL")) {
			c.i += 2
		}
	}
	if !isName(c.peek(0)) {
		return scope, ""
	}
	return scope, strings.ToLower(nameOf(c.next()))
}

// value evaluates the right side of an assignment: @@var and @user read
// what the file set; DEFAULT and NULL mean the server's default (false).
func (s *session) value(toks []token) (string, bool) {
	c := &cursor{toks: toks}
	switch {
	case len(toks) == 1 && (isWord(toks[0], "DEFAULT") || isWord(toks[0], "NULL")):
		return "", false
	case c.isPunct(0, "@") && c.isPunct(1, "@"):
		c.i += 2
		_, name := systemNameAfterAt(c)
		v, ok := s.vars[name]
		return v, ok
	case c.isPunct(0, "@") && isName(c.peek(1)) && len(toks) == 2:
		v, ok := s.user[strings.ToLower(nameOf(toks[1]))]
		return v, ok
	}
	return exprText(toks), len(toks) > 0
}

// systemNameAfterAt reads [session.|global.]name after "@@".
func systemNameAfterAt(c *cursor) (string, string) {
	scope := "session"
	if c.peek(1).text == "." && (c.isWord(0, "GLOBAL") || c.isWord(0, "SESSION") || c.isWord(0, "LOCAL")) {
		scope = strings.ToLower(c.next().text)
		c.next()
	}
	if !isName(c.peek(0)) {
		return scope, ""
	}
	return scope, strings.ToLower(nameOf(c.next()))
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
func exprText(toks []token) string {
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
