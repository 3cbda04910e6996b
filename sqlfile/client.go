package sqlfile

import (
	"strings"
)

// ClientStatement is one statement of a file as the mysql client would
// send it: the text between two delimiters, without the delimiter. Cut
// again as the server runs it (SplitServer), it is one server statement of
// that text, which remembers the line of the client statement it came from.
type ClientStatement struct {
	Text string
	Line int // line of Text's first byte
	// start is the byte offset of Text in the file.
	start int
	// clientLine is the line of the client statement it was cut from (the
	// line the client names in its errors); 0 when it is that statement.
	clientLine int
	// client numbers the client statement it is (or was cut from) in the
	// file, from 1; 0 where it was not numbered.
	client int
}

// clientSplitter cuts a file into statements the way the mysql client does
// in batch mode: at the current delimiter outside strings, quoted names and
// plain comments (an executable comment /*! ... */ does not hide it), with
// DELIMITER lines changing the delimiter.
type clientSplitter struct {
	src       string
	file      string
	delimiter string
	i, line   int
	stmtStart int // offset of the current statement's first byte, -1 before it starts
	stmtLine  int
	out       []ClientStatement
	rejects   []*RejectError
	stop      bool // a refusal after which the file cannot be cut any further
	// open is set when the cut stopped at the end of src inside a quoted
	// text or a comment: more of the file may close it.
	open bool
	// sourced are the client's source commands (source f, \. f): another
	// file the client would read there. The schema check notes them and
	// reads on; --ddl-file refuses them.
	sourced []*RejectError
	// cuts are the byte ranges of the current statement the client drops
	// (a one-character command such as \n inside it), each replaced by its
	// text with.
	cuts []dropped
	// family is the client whose reading the cut follows (clientfamily.go).
	family ClientFamily
	// code is "!" or "M!" inside an executable comment the client reads as
	// code, "" elsewhere.
	code string
	// joinAt is the offset of a line break the client drops from the
	// statement (delimiterLine), -1 for none.
	joinAt int
	// heldFrom is the offset of a plain comment a client that keeps
	// comments holds where no statement has begun, -1 for none; blocked is
	// set once a line comment joined it (clientRules.keepsComments).
	heldFrom, heldLine int
	blocked            bool
}

func (s *clientSplitter) atLineStart() bool { return s.i == 0 || s.src[s.i-1] == '\n' }

// begin marks the start of a statement at the cursor.
func (s *clientSplitter) begin() {
	if s.stmtStart < 0 {
		s.stmtStart, s.stmtLine = s.i, s.line
	}
}

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

// dropped is a range of a statement the client drops, and what it puts
// in its place.
type dropped struct {
	from, to int
	with     string
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
