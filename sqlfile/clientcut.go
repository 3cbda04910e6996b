package sqlfile

import "strings"

// ClientStatements returns the statements of src and the refused client
// commands, each with its line. A client command is skipped with the rest
// of its line (and the statement it stands in) and the reading goes on; an
// unterminated quote or comment stops it.
// The cut is AnyClient's; ClientStatementsOf cuts as one family.
func ClientStatements(file, src string) ([]ClientStatement, []*RejectError) {
	return ClientStatementsOf(file, src, AnyClient)
}

// ClientStatementsOf is ClientStatements as the client family reads src.
func ClientStatementsOf(file, src string, family ClientFamily) ([]ClientStatement, []*RejectError) {
	s := cutClient(file, src, family)
	return s.out, joinLines(s.rejects, s.sourced)
}

// cutClient runs the client's cut over src as family reads it; the
// splitter holds the statements, the refusals and the source commands.
func cutClient(file, src string, family ClientFamily) *clientSplitter {
	s := &clientSplitter{src: src, file: file, delimiter: ";", line: 1, stmtStart: -1, family: family, joinAt: -1, heldFrom: -1}
	s.run(nil)
	if !s.stop {
		s.flush(len(s.src))
	}
	return s
}

// run cuts from the cursor to the end of src or a stop. rest, when set, is
// called wherever no statement is open (the cut could start again there
// with the same delimiter and line).
func (s *clientSplitter) run(rest func()) {
	for s.i < len(s.src) && !s.stop {
		if rest != nil && s.stmtStart < 0 && len(s.cuts) == 0 && s.heldFrom < 0 {
			rest()
		}
		if s.atLineStart() && s.stmtStart < 0 && s.lineCommand() {
			continue
		}
		if s.atLineStart() {
			s.delimiterLine()
		}
		s.step()
	}
}

// step consumes one unit: a delimiter, a quoted text, a comment or a byte.
func (s *clientSplitter) step() {
	rest := s.src[s.i:]
	c := rest[0]
	switch {
	case strings.HasPrefix(rest, s.delimiter) && !strings.Contains(s.delimiter, "\n"): // the client matches it within a line
		n := len(s.delimiter) // the statement it ends may change it (DELIMITER)
		s.flush(s.i)
		s.i += n
		return
	case c == '\n':
		if s.i == s.joinAt && s.stmtStart >= 0 {
			s.cuts = append(s.cuts, dropped{from: s.i, to: s.i + 1})
		}
		s.line++
		s.i++
		return
	case c == ' ' || c == '\t' || c == '\r':
		s.i++
		return
	}
	switch {
	case c == '#' || StartsDashComment(rest, 0):
		s.heldLineComment()
		from := s.i
		s.skipTo("\n", false)
		s.stripLineComment(from)
		return
	case strings.HasPrefix(rest, "/*") && !s.isExecutableComment(rest) && s.nestedComment():
		return
	case strings.HasPrefix(rest, "/*") && !s.isExecutableComment(rest):
		s.holdComment()
		from := s.i
		s.i += 2
		s.skipTo("*/", true)
		if !s.stop {
			end := s.i
			s.i = from
			s.stripComment(end)
			s.i = end
		}
		return
	}
	if c == '\\' {
		s.backslash()
		return
	}
	if c == '$' && s.dollarQuote() {
		return
	}
	s.delimiterWordStatement()
	s.begin()
	switch {
	case c == '\'' || c == '"' || c == '`':
		s.quoted(c)
	case s.isExecutableComment(rest):
		s.code = "!" // its contents are code: the delimiter still ends the statement
		if rest[2] == 'M' {
			s.code = "M!"
		}
		s.i += len(s.code) + 2
	case s.code != "" && strings.HasPrefix(rest, "*/") && s.delimiterAtCommentEnd(rest):
		s.i++ // the client reads the delimiter at the "/": the comment stays open
	case s.code != "" && strings.HasPrefix(rest, "*/"):
		s.code = ""
		s.i += 2
	default:
		s.i++
	}
}

// isExecutableComment reports whether a comment the client reads as code
// starts rest: /*! for both clients, /*M! for MariaDB's only
// (clientRules.versionedM); mariadb-dump's sandbox marker is not one
// (every server skips it).
func (s *clientSplitter) isExecutableComment(rest string) bool {
	if strings.HasPrefix(rest, "/*M!") {
		return s.rules().versionedM && !strings.HasPrefix(rest, sandboxMarker)
	}
	return strings.HasPrefix(rest, "/*!")
}
