package sqlfile

import "strings"

// ClientStatements returns the statements of src and the refused client
// commands, each with its line. A client command is skipped with the rest
// of its line (and the statement it stands in) and the reading goes on; an
// unterminated quote or comment stops it.
func ClientStatements(file, src string) ([]ClientStatement, []*RejectError) {
	s := cutClient(file, src)
	return s.out, joinLines(s.rejects, s.sourced)
}

// cutClient runs the client's cut over src; the splitter holds the
// statements, the refusals and the source commands.
func cutClient(file, src string) *clientSplitter {
	s := &clientSplitter{src: src, file: file, delimiter: ";", line: 1, stmtStart: -1}
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
		if rest != nil && s.stmtStart < 0 && len(s.cuts) == 0 {
			rest()
		}
		if s.atLineStart() && s.stmtStart < 0 && s.lineCommand() {
			continue
		}
		s.step()
	}
}

// step consumes one unit: a delimiter, a quoted text, a comment or a byte.
func (s *clientSplitter) step() {
	rest := s.src[s.i:]
	c := rest[0]
	switch {
	case strings.HasPrefix(rest, s.delimiter):
		s.flush(s.i)
		s.i += len(s.delimiter)
		return
	case c == '\n':
		s.line++
		s.i++
		return
	case c == ' ' || c == '\t' || c == '\r':
		s.i++
		return
	}
	switch {
	case c == '#' || StartsDashComment(rest, 0):
		s.skipTo("\n", false)
		return
	case strings.HasPrefix(rest, "/*") && !isExecutableComment(rest):
		s.i += 2
		s.skipTo("*/", true)
		return
	}
	if c == '\\' {
		s.backslash()
		return
	}
	s.begin()
	switch {
	case c == '\'' || c == '"' || c == '`':
		s.quoted(c)
	case isExecutableComment(rest):
		s.i += 3 // its contents are code: the delimiter still ends the statement
	default:
		s.i++
	}
}

// isExecutableComment reports whether an executable comment starts rest;
// mariadb-dump's sandbox marker is not one (every server skips it).
func isExecutableComment(rest string) bool {
	return (strings.HasPrefix(rest, "/*!") || strings.HasPrefix(rest, "/*M!")) && !strings.HasPrefix(rest, sandboxMarker)
}
