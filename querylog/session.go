package querylog

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// session is what one logged connection has set: its schema and its
// session variables, in the order they were first set.
type session struct {
	schema   string
	settings []string // "name = value" texts; replaced, never modified in place
	names    []string // the normalised variable name of each setting
}

// sessions follows the logged connections by thread id.
type sessions struct {
	byThread map[uint64]*session
	buf      []token
}

func newSessions() *sessions { return &sessions{byThread: map[uint64]*session{}} }

// of returns the session of thread, created empty on first use.
func (ss *sessions) of(thread uint64) *session {
	s := ss.byThread[thread]
	if s == nil {
		s = &session{}
		ss.byThread[thread] = s
	}
	return s
}

// reset forgets every session (a server restart reuses thread ids).
func (ss *sessions) reset() { clear(ss.byThread) }

// end forgets one session (Quit).
func (ss *sessions) end(thread uint64) { delete(ss.byThread, thread) }

// effect is what a statement does to its session.
type effect uint8

const (
	effectNone effect = iota // an ordinary statement
	effectUse                // USE db: session context only, not a statement of its own
	effectSet                // SET of session variables: recorded, and a statement too
)

// apply updates s with the statement's effect on its session and returns it.
func (ss *sessions) apply(s *session, text string) effect {
	first := firstWord(text)
	switch {
	case strings.EqualFold(first, "use"):
		ss.buf = lexStatement(text, ss.buf)
		if len(ss.buf) > 1 {
			s.schema = nameText(ss.buf[1])
		}
		return effectUse
	case strings.EqualFold(first, "set"):
		ss.buf = lexStatement(text, ss.buf)
		for _, a := range sessionAssignments(text, ss.buf) {
			s.set(a.name, a.text)
		}
		return effectSet
	}
	return effectNone
}

// set records name = text, replacing an earlier value of name.
func (s *session) set(name, text string) {
	settings := make([]string, 0, len(s.settings)+1)
	names := make([]string, 0, len(s.names)+1)
	for i, n := range s.names {
		if n != name {
			settings, names = append(settings, s.settings[i]), append(names, n)
		}
	}
	s.settings, s.names = append(settings, text), append(names, name)
}

// firstWord returns the first word of a statement, past leading
// whitespace, comments and '('.
func firstWord(text string) string {
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == '\n' || sqlfile.IsSpace(c) || c == '(':
			i++
		case strings.HasPrefix(text[i:], "/*!") || strings.HasPrefix(text[i:], "/*M!"):
			i += strings.IndexByte(text[i:], '!') + 1 // an executable comment's contents are code
			_, i = sqlfile.VersionAt(text, i)
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := indexFrom(text, "*/", i+2)
			if end < 0 {
				return ""
			}
			i = end + 2
		case c == '#' || sqlfile.StartsDashComment(text, i):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				return ""
			}
			i += end
		default:
			j := i
			for j < len(text) && sqlfile.IsWordByte(text[j]) {
				j++
			}
			return text[i:j]
		}
	}
	return ""
}

// nameText returns the name a word or `quoted name` stands for.
func nameText(t token) string {
	if t.kind == tokIdent && len(t.text) >= 2 {
		return sqlfile.UnquoteIdent(t.text)
	}
	return t.text
}

// assignment is one session assignment of a SET statement.
type assignment struct {
	name string // normalised: lower case, without @@session. and SESSION
	text string // as written, scope words dropped: "sql_mode = 'ANSI'", "NAMES utf8mb4", "@x = 1"
}

// sessionAssignments returns the session assignments of a SET statement
// (toks its tokens): none for SET GLOBAL/PERSIST, SET TRANSACTION, SET
// PASSWORD, SET ROLE, SET DEFAULT ROLE, SET STATEMENT ... FOR and the
// logs' own SET timestamp lines.
func sessionAssignments(text string, toks []token) []assignment {
	if len(toks) < 2 {
		return nil
	}
	for _, t := range toks[1:] {
		if t.kind == tokWord {
			switch strings.ToLower(t.text) {
			case "global", "persist", "persist_only":
				return nil
			}
		}
		if t.kind == tokOp && t.text == "@@" {
			// @@global.x is written @@ then global; the word case above sees it.
			continue
		}
	}
	switch strings.ToLower(toks[1].text) {
	case "transaction", "password", "role", "default", "statement":
		return nil
	}
	var out []assignment
	for _, part := range splitTopLevelCommas(toks[1:]) {
		if a, ok := assignmentOf(text, part); ok {
			out = append(out, a)
		}
	}
	return out
}

// splitTopLevelCommas cuts toks at commas outside parentheses.
func splitTopLevelCommas(toks []token) [][]token {
	var parts [][]token
	depth, start := 0, 0
	for i, t := range toks {
		if t.kind != tokOp {
			continue
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			if depth > 0 {
				depth--
			}
		case ",":
			if depth == 0 {
				parts = append(parts, toks[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, toks[start:])
}

// assignmentOf reads one assignment: [SESSION|LOCAL] name = value,
// @@[session.|local.]name = value, @var = value, NAMES ..., CHARACTER SET ...
func assignmentOf(text string, part []token) (assignment, bool) {
	for len(part) > 0 && part[0].kind == tokWord && isScopeWord(part[0].text) {
		part = part[1:]
	}
	if len(part) == 0 {
		return assignment{}, false
	}
	body := strings.TrimSpace(text[part[0].pos : part[len(part)-1].pos+len(part[len(part)-1].text)])
	first := strings.ToLower(part[0].text)
	switch {
	case first == "names" || first == "charset":
		return assignment{name: "names", text: body}, true
	case first == "character" && len(part) > 1 && strings.EqualFold(part[1].text, "set"):
		return assignment{name: "names", text: body}, true
	case first == "@@":
		name, rest := variableAfterAt(part[1:])
		if name == "" {
			return assignment{}, false
		}
		return assignment{name: name, text: name + " " + rest}, true
	case first == "@":
		if len(part) < 2 {
			return assignment{}, false
		}
		return assignment{name: "@" + strings.ToLower(nameText(part[1])), text: body}, true
	}
	name := strings.ToLower(nameText(part[0]))
	if name == "timestamp" || name == "insert_id" || name == "last_insert_id" {
		return assignment{}, false // the logs' own SET lines, never the session's
	}
	return assignment{name: name, text: body}, true
}

// variableAfterAt reads session.name or name after @@, and the text of the
// rest ("= value").
func variableAfterAt(part []token) (name, rest string) {
	if len(part) >= 3 && part[0].kind == tokWord && isScopeWord(part[0].text) && isOp(part[1], ".") {
		part = part[2:]
	}
	if len(part) == 0 {
		return "", ""
	}
	name = strings.ToLower(nameText(part[0]))
	var b strings.Builder
	for i, t := range part[1:] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return name, b.String()
}

func isScopeWord(w string) bool {
	return strings.EqualFold(w, "session") || strings.EqualFold(w, "local")
}
