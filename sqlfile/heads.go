package sqlfile

import "strings"

// A server statement's head: what the statement is, read from its first
// words (Describe, stepName), and what the readers of statements all look
// for in it: the files it touches, the server's own schemas, the modifiers
// between CREATE and the kind of object, a system variable's scope.

// Describe names a statement by its leading keyword and, for CREATE, ALTER
// and DROP, the kind of object (e.g. "DROP DATABASE", "CREATE VIEW").
func Describe(toks []Token) string {
	first := toks[0]
	if first.kind != TokWord {
		return "statement starting with " + QuoteShort(first.text)
	}
	verb := strings.ToUpper(first.text)
	if verb != "CREATE" && verb != "ALTER" && verb != "DROP" {
		return verb
	}
	for _, t := range toks[1:min(len(toks), 16)] {
		for _, w := range objectNames {
			if IsWord(t, w) {
				return verb + " " + w
			}
		}
	}
	return verb
}

// systemSchemas are never the target of a dump's statements.
var systemSchemas = map[string]bool{"mysql": true, "information_schema": true, "performance_schema": true, "sys": true}

// IsSystemSchema reports whether name is one of the server's own schemas.
func IsSystemSchema(name string) bool { return systemSchemas[strings.ToLower(name)] }

// FileAccess returns why a statement reads or writes files or loads a
// library, or "".
func FileAccess(toks []Token) string {
	for i, t := range toks {
		next := NextToken(toks, i)
		switch {
		case IsWord(t, "LOAD") && (IsWord(next, "DATA") || IsWord(next, "XML")):
			return "LOAD " + strings.ToUpper(next.text) + " reads a file: the schema is loaded without touching files"
		case IsWord(t, "INTO") && (IsWord(next, "OUTFILE") || IsWord(next, "DUMPFILE")):
			return "INTO " + strings.ToUpper(next.text) + " writes a file: the schema is loaded without touching files"
		case IsWord(t, "LOAD_FILE") && IsPunct(next, "("):
			return "LOAD_FILE() reads a file: the schema is loaded without touching files"
		case (IsWord(t, "DATA") || IsWord(t, "INDEX")) && IsWord(next, "DIRECTORY"):
			return strings.ToUpper(t.text) + " DIRECTORY puts files outside the server's data directory"
		case IsWord(t, "SONAME"):
			return "SONAME loads a shared library into the server"
		}
	}
	return ""
}

// SkipCreateModifiers passes ALGORITHM=, DEFINER=, SQL SECURITY, AGGREGATE
// and the index modifiers between CREATE and the object's kind.
func SkipCreateModifiers(c *Cursor) {
	for !c.Done() {
		switch {
		case c.IsWord(0, "ALGORITHM") && c.IsPunct(1, "="):
			c.i += 3
		case c.IsWord(0, "DEFINER") && c.IsPunct(1, "="):
			c.i += 2
			skipUser(c)
		case c.IsWord(0, "SQL") && c.IsWord(1, "SECURITY"):
			c.i += 3
		case c.AcceptAnyWord("AGGREGATE", "UNIQUE", "FULLTEXT", "SPATIAL", "ONLINE", "OFFLINE"):
		default:
			return
		}
	}
}

// skipUser passes an account name: user@host, 'user'@'host' or CURRENT_USER[()].
func skipUser(c *Cursor) {
	if c.AcceptWord("CURRENT_USER") {
		if c.IsPunct(0, "(") && c.IsPunct(1, ")") {
			c.i += 2
		}
		return
	}
	c.Next()
	if c.IsPunct(0, "@") {
		c.i += 2
	}
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

// stepName names a statement by its text up to the first name it acts on,
// qualified, e.g. "INSERT INTO admin_user", "SET GLOBAL sql_mode", "CALL
// legacy.restock", "SET @@GLOBAL.GTID_PURGED".
func stepName(toks []Token) string {
	end := min(len(toks), 8)
	for i := 0; i < end; i++ {
		t := toks[i]
		if !IsName(t) || t.kind == TokWord && isKeywordLike(t.text) {
			continue
		}
		j := i + 1
		for j+1 < len(toks) && IsPunct(toks[j], ".") && IsName(toks[j+1]) {
			j += 2
		}
		return exprText(toks[:j])
	}
	return exprText(toks[:end])
}

// isKeywordLike reports the words stepName writes in capitals: the
// statement words a name follows.
func isKeywordLike(w string) bool {
	switch strings.ToUpper(w) {
	case "INSERT", "REPLACE", "INTO", "UPDATE", "DELETE", "FROM", "CALL", "SELECT", "SET", "GLOBAL", "SESSION",
		"PERSIST", "CREATE", "ALTER", "DROP", "TABLE", "VIEW", "PROCEDURE", "FUNCTION", "TRIGGER", "EVENT",
		"DATABASE", "SCHEMA", "INDEX", "IF", "EXISTS", "NOT", "OR", "USE", "PREPARE", "EXECUTE", "DEALLOCATE",
		"INSTALL", "PLUGIN", "COMPONENT", "TABLESPACE", "USER", "ROLE", "GRANT", "REVOKE", "LOAD", "DATA",
		"FLUSH", "LOCK", "UNLOCK", "TABLES", "IGNORE", "LOW_PRIORITY", "TRUNCATE", "RENAME", "DO", "SHOW",
		"START", "TRANSACTION", "BEGIN", "COMMIT", "ROLLBACK", "TEMPORARY", "UNIQUE", "DEFINER":
		return true
	}
	return false
}
