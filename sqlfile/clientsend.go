package sqlfile

import "strings"

// The client splitter's moves: strings and comments skipped, a statement
// sent with the ranges the client drops cut out, lines skipped or refused.

// quoted consumes a string or quoted name; a backslash escapes in strings.
func (s *clientSplitter) quoted(q byte) {
	end := QuoteEnd(s.src, s.i, q != '`')
	if end < 0 {
		s.open = true
		if q == '`' {
			s.fatal("unterminated quoted identifier")
		} else {
			s.fatal("unterminated string")
		}
		return
	}
	s.line += strings.Count(s.src[s.i:end], "\n")
	s.i = end
}

// skipTo moves past the next end marker (counting lines); without it, a
// block comment is an error and a line comment ends the file.
func (s *clientSplitter) skipTo(marker string, required bool) {
	j := strings.Index(s.src[s.i:], marker)
	if j < 0 {
		if required {
			s.open = true
			s.fatal("unterminated comment /* ...")
			return
		}
		j = len(s.src) - s.i
	} else if marker != "\n" {
		j += len(marker)
	}
	s.line += strings.Count(s.src[s.i:s.i+j], "\n")
	s.i += j
}

// flush ends the current statement at end (its delimiter, or the end of
// the file).
func (s *clientSplitter) flush(end int) { s.send(end, true) }

// send ends the current statement at end; commands is false where the
// client sends it as it is (\g), a command's name in it being text.
func (s *clientSplitter) send(end int, commands bool) {
	if s.stmtStart >= 0 && end > s.stmtStart {
		text := s.cutText(s.stmtStart, end)
		cmd, ok := "", false
		if commands {
			cmd, ok = s.commandStatement(text, end == len(s.src))
		}
		if !ok {
			s.out = append(s.out, ClientStatement{Text: text, start: s.stmtStart, Line: s.stmtLine})
		} else if cmd != "" {
			s.out = append(s.out, ClientStatement{Text: cmd, start: s.stmtStart, Line: s.stmtLine})
		}
	}
	s.stmtStart = -1
	s.cuts = s.cuts[:0]
	s.code = ""
	s.heldFrom, s.blocked = -1, false
}

// cutText is src[start:end] without the ranges the client dropped.
func (s *clientSplitter) cutText(start, end int) string {
	if len(s.cuts) == 0 {
		return s.src[start:end]
	}
	var b strings.Builder
	for _, c := range s.cuts {
		b.WriteString(s.src[start:c.from])
		b.WriteString(c.with)
		start = c.to
	}
	b.WriteString(s.src[start:end])
	return b.String()
}

// skipSource records a source command (cmd: its line) and skips the line
// and the statement it stands in, as skipLine does.
func (s *clientSplitter) skipSource(cmd string) {
	s.sourced = append(s.sourced, &RejectError{File: s.file, Line: s.line, Statement: Excerpt(cmd),
		Reason: "the mysql client command source reads another file there; it is not followed (a file is read as input, never as instructions to the client)"})
	s.skipLine("")
	s.rejects = s.rejects[:len(s.rejects)-1]
}

// skipLine refuses a client command and skips the rest of its line and the
// statement it stands in.
func (s *clientSplitter) skipLine(reason string) {
	s.rejects = append(s.rejects, &RejectError{File: s.file, Line: s.line, Reason: reason})
	if j := strings.IndexByte(s.src[s.i:], '\n'); j >= 0 {
		s.i += j
	} else {
		s.i = len(s.src)
	}
	s.stmtStart = -1
	s.cuts = s.cuts[:0] // the ranges dropped from the statement skipped with it
}

// fatal refuses what stops the reading.
func (s *clientSplitter) fatal(reason string) {
	s.rejects = append(s.rejects, &RejectError{File: s.file, Line: s.line, Reason: reason})
	s.stop = true
}
