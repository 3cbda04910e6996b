package sqlfile

import (
	"encoding/json"
	"strings"
)

// An --all-databases dump holds the server's accounts as rows of the mysql
// schema: mysql.user on MySQL and on MariaDB before 10.4, mysql.global_priv
// (a JSON column per account) on MariaDB 10.4 and later. The rows are set
// aside with the rest of the mysql schema; the reader keeps of each account
// who it is and the authentication plugin it uses, never its password hash.
// A CREATE USER statement (an install script's, mariadb-dump --system=users)
// is set aside too and read the same way where it names its plugin.

// accountTables are the mysql tables that hold accounts, with the columns
// of their rows when the dump does not say (global_priv's never changed).
var accountTables = map[string][]string{"user": nil, "global_priv": {"Host", "User", "Priv"}}

// readAccounts reads, from a statement of the dump's mysql schema, a
// CREATE TABLE of an account table (for its columns) or the rows of one.
func (r *dumpReader) readAccounts(st statement) {
	c := &Cursor{toks: st.toks}
	switch {
	case c.AcceptWords("CREATE", "TABLE"):
		c.AcceptWords("IF", "NOT", "EXISTS")
		if table := accountTable(c); table != "" {
			r.accountColumns[table] = ColumnNames(st.sql)
		}
	case c.AcceptAnyWord("INSERT", "REPLACE"):
		c.AcceptAnyWord("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY")
		c.AcceptWord("IGNORE")
		c.AcceptWord("INTO")
		table := accountTable(c)
		if table == "" {
			return
		}
		columns, ok := r.accountColumns[table]
		if !ok {
			columns = accountTables[table]
		}
		if c.IsPunct(0, "(") {
			columns = listedColumns(c)
		}
		if !c.AcceptAnyWord("VALUES", "VALUE") {
			return
		}
		for _, row := range rowValues(c.Rest()) {
			if a, ok := accountOf(table, columns, row); ok {
				a.Line = st.line
				r.dump.Accounts = append(r.dump.Accounts, a)
			}
		}
	}
}

// accountTable reads [mysql.]user or [mysql.]global_priv at the cursor and
// returns its lower-cased name, or "".
func accountTable(c *Cursor) string {
	t := c.Next()
	if c.IsPunct(0, ".") && IsName(c.Peek(1)) {
		if !strings.EqualFold(NameOf(t), "mysql") {
			return ""
		}
		c.Next()
		t = c.Next()
	}
	name := strings.ToLower(NameOf(t))
	if _, ok := accountTables[name]; !IsName(t) || !ok {
		return ""
	}
	return name
}

// listedColumns reads an INSERT's (col, ...) list.
func listedColumns(c *Cursor) []string {
	c.Next()
	var out []string
	for !c.Done() && !c.IsPunct(0, ")") {
		if t := c.Next(); IsName(t) {
			out = append(out, NameOf(t))
		}
	}
	c.Next()
	return out
}

// rowValues cuts VALUES (...), (...) into each row's values, a value being
// a string's contents or a word ("" for anything else).
func rowValues(toks []Token) [][]string {
	var rows [][]string
	for _, tuple := range SplitTopLevel(toks, ",") {
		if len(tuple) < 2 || !IsPunct(tuple[0], "(") || !IsPunct(tuple[len(tuple)-1], ")") {
			continue
		}
		var row []string
		for _, v := range SplitTopLevel(tuple[1:len(tuple)-1], ",") {
			row = append(row, literal(v))
		}
		rows = append(rows, row)
	}
	return rows
}

// literal is a value's text: a string's contents unescaped (after an
// introducer such as _utf8mb4), a bare word as written, "" otherwise.
func literal(v []Token) string {
	if len(v) == 0 {
		return ""
	}
	last := v[len(v)-1]
	switch {
	case last.kind == TokString && len(last.text) >= 2:
		return unescapeString(last.text[1 : len(last.text)-1])
	case len(v) == 1 && last.kind == TokWord:
		return last.text
	}
	return ""
}

// stringEscapes are the backslash sequences of a dump's strings.
var stringEscapes = map[byte]byte{'0': 0, 'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'Z': 0x1a}

// unescapeString reads the contents of a quoted string as the server does
// (backslash escapes, doubled quotes).
func unescapeString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '\\' && i+1 < len(s):
			i++
			if e, ok := stringEscapes[s[i]]; ok {
				b.WriteByte(e)
			} else {
				b.WriteByte(s[i])
			}
		case (ch == '\'' || ch == '"') && i+1 < len(s) && s[i+1] == ch:
			b.WriteByte(ch)
			i++
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// accountOf reads one row of an account table; ok is false for a row that
// names no account.
func accountOf(table string, columns, row []string) (Account, bool) {
	if len(columns) != len(row) {
		return Account{}, false
	}
	col := map[string]string{}
	for i, name := range columns {
		col[strings.ToLower(name)] = row[i]
	}
	a := Account{User: col["user"], Host: col["host"]}
	if table == "global_priv" {
		var priv struct {
			Plugin        string `json:"plugin"`
			AccountLocked bool   `json:"account_locked"`
			IsRole        bool   `json:"is_role"`
		}
		if json.Unmarshal([]byte(col["priv"]), &priv) != nil {
			return Account{}, false
		}
		a.Plugin, a.CannotLogIn = priv.Plugin, priv.AccountLocked || priv.IsRole
	} else {
		a.Plugin = col["plugin"]
		a.CannotLogIn = strings.EqualFold(col["account_locked"], "Y") || strings.EqualFold(col["is_role"], "Y")
	}
	return a, a.User != "" || a.Host != ""
}

// createdAccounts reads the accounts of CREATE USER (the cursor at USER)
// whose plugin the statement names: IDENTIFIED WITH|VIA plugin, or
// IDENTIFIED BY PASSWORD 'hash' (a mysql_native_password hash). An account
// given only a password gets the default plugin of the server that runs
// the statement, and is not kept.
func (r *dumpReader) createdAccounts(c *Cursor, st statement) {
	c.Next()
	c.AcceptWords("IF", "NOT", "EXISTS")
	locked := false
	for i, t := range st.toks {
		locked = locked || IsWord(t, "ACCOUNT") && IsWord(NextToken(st.toks, i), "LOCK")
	}
	var found []Account
	for _, spec := range SplitTopLevel(c.Rest(), ",") {
		if a, ok := accountSpec(spec); ok {
			a.CannotLogIn, a.Line = locked, st.line
			found = append(found, a)
		}
	}
	r.dump.Accounts = append(r.dump.Accounts, found...)
}

// accountSpec reads user[@host] and its authentication option.
func accountSpec(toks []Token) (Account, bool) {
	c := &Cursor{toks: toks}
	var a Account
	if a.User = accountPart(c.Next()); a.User == "" {
		return a, false
	}
	a.Host = "%"
	if c.IsPunct(0, "@") {
		c.Next()
		a.Host = accountPart(c.Next())
	}
	for !c.Done() && !c.AcceptWord("IDENTIFIED") {
		c.Next()
	}
	switch {
	case c.AcceptAnyWord("WITH", "VIA"):
		a.Plugin = accountPart(c.Next())
	case c.AcceptWords("BY", "PASSWORD") && c.Peek(0).kind == TokString:
		a.Plugin = "mysql_native_password"
	}
	return a, a.Plugin != ""
}

// accountPart is a user, host or plugin name: a string's contents or a name.
func accountPart(t Token) string {
	if t.kind == TokString {
		return literal([]Token{t})
	}
	if IsName(t) {
		return NameOf(t)
	}
	return ""
}
