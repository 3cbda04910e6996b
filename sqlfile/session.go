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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
