package sqlfile

import "strings"

// notCallers are the words after which "name(" is not a function call: a
// table, a routine called with CALL, a key's or type's parameters.
var notCallers = map[string]bool{"INTO": true, "CALL": true, "TABLE": true, "JOIN": true, "FROM": true,
	"UPDATE": true, "PROCEDURE": true, "FUNCTION": true, "KEY": true, "INDEX": true, "REFERENCES": true,
	"ON": true, "EXISTS": true, "TRIGGER": true, "VIEW": true, "CONSTRAINT": true, "USING": true}

// CalledFunctions returns the distinct names of functions a statement calls
// (a bare word directly followed by '('), as written, in order of first
// use. Keywords with parentheses (types, IN (...), VALUES (...)) are among
// them; whoever asks the server about them must expect the server to call
// them syntax, not a missing function.
func CalledFunctions(sql string) []string {
	calls := FunctionCalls(sql)
	out := make([]string, len(calls))
	for i, c := range calls {
		out[i] = c.Name
	}
	return out
}

// Call is a function's first call in a statement: its name as written and
// the call's text, name to closing parenthesis ("POINT(i, i)"); the text
// ends at the statement's end when the parenthesis is never closed.
type Call struct {
	Name, Text string
}

// FunctionCalls returns the first call of every function a statement
// calls, as CalledFunctions names them, in order of first use.
func FunctionCalls(sql string) []Call {
	toks, _ := LexStatement(sql, 1)
	toks = Significant(toks, func(int) bool { return true })
	seen := map[string]bool{}
	var out []Call
	for i, t := range toks {
		next := NextToken(toks, i)
		if t.kind != TokWord || !IsPunct(next, "(") || next.pos != t.end || isNumber(t.text) {
			continue
		}
		if i > 0 && (IsPunct(toks[i-1], ".") || toks[i-1].kind == TokWord && notCallers[strings.ToUpper(toks[i-1].text)]) {
			continue
		}
		key := strings.ToLower(t.text)
		if !seen[key] {
			seen[key] = true
			out = append(out, Call{Name: t.text, Text: sql[t.pos:callEnd(toks, i+1, len(sql))]})
		}
	}
	return out
}

// callEnd is the offset just past the ')' closing the '(' at toks[open],
// or end when it is never closed.
func callEnd(toks []Token, open, end int) int {
	depth := 0
	for j := open; j < len(toks); j++ {
		switch {
		case IsPunct(toks[j], "("):
			depth++
		case IsPunct(toks[j], ")"):
			if depth--; depth == 0 {
				return toks[j].end
			}
		}
	}
	return end
}

// elementWords start a CREATE TABLE element that is not a column.
var elementWords = map[string]bool{"PRIMARY": true, "KEY": true, "INDEX": true, "UNIQUE": true, "CONSTRAINT": true,
	"FOREIGN": true, "CHECK": true, "FULLTEXT": true, "SPATIAL": true, "PERIOD": true, "VECTOR": true}

// ColumnNames returns the column names of a CREATE TABLE statement, as
// written (quoted names unquoted), or nil for another statement.
func ColumnNames(createTable string) []string {
	toks, _ := LexStatement(createTable, 1)
	toks = Significant(toks, func(int) bool { return true })
	open := -1
	for i, t := range toks {
		if IsPunct(t, "(") {
			open = i
			break
		}
		if IsWord(t, "LIKE") || IsWord(t, "SELECT") {
			return nil
		}
	}
	if open < 0 {
		return nil
	}
	d := Depths(toks)
	end := len(toks)
	for i := open + 1; i < len(toks); i++ {
		if d[i] == d[open] && IsPunct(toks[i], ")") {
			end = i
			break
		}
	}
	var out []string
	for _, el := range SplitTopLevel(toks[open+1:end], ",") {
		if len(el) == 0 || !IsName(el[0]) || (el[0].kind == TokWord && elementWords[strings.ToUpper(el[0].text)]) {
			continue
		}
		out = append(out, NameOf(el[0]))
	}
	return out
}

// IsBareWord reports whether name can be written without quotes at all (a
// reserved word aside): letters, digits, '_' and '$', not all digits.
func IsBareWord(name string) bool {
	if name == "" || isNumber(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func isNumber(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// Names returns every name a statement's text holds (bare words and quoted
// identifiers, unquoted), in order, with repeats.
func Names(sql string) []string {
	toks, _ := LexStatement(sql, 1)
	var out []string
	for _, t := range Significant(toks, func(int) bool { return true }) {
		if IsName(t) {
			out = append(out, NameOf(t))
		}
	}
	return out
}

// StatesCharsetOnly reports a statement that names a character set and no
// collation anywhere: the server picks the collation.
func StatesCharsetOnly(sql string) bool {
	toks, _ := LexStatement(sql, 1)
	toks = Significant(toks, func(int) bool { return true })
	charset := false
	for i, t := range toks {
		switch {
		case IsWord(t, "COLLATE"):
			return false
		case IsWord(t, "CHARSET"), IsWord(t, "CHARACTER") && IsWord(NextToken(toks, i), "SET"):
			charset = true
		}
	}
	return charset
}
