package sqlfile

import (
	"sort"
	"strings"
)

// ClientStatement is one statement as the mysql client would send it: the
// text between two delimiters, without the delimiter.
type ClientStatement struct {
	Text  string
	start int // byte offset of text in the file
	Line  int // line of text's first byte
	// clientLine is the line of the client statement it was cut from (the
	// line the client names in its errors); 0 when it is that statement.
	clientLine int
}

// clientCommands are the mysql client's commands given by name at the start
// of a line. DELIMITER is handled, USE is also SQL; every other one is
// refused: a dump is input, not instructions to the client.
var clientCommands = map[string]bool{
	"system": true, "source": true, "connect": true, "tee": true, "notee": true, "pager": true,
	"nopager": true, "edit": true, "ego": true, "go": true, "print": true, "prompt": true,
	"rehash": true, "status": true, "exit": true, "quit": true, "clear": true, "warnings": true,
	"nowarning": true, "resetconnection": true, "query_attributes": true, "charset": true,
	"ssl_session_data_print": true,
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
	// sourced are the client's source commands (source f, \. f): another
	// file the client would read there. The schema check notes them and
	// reads on; --ddl-file refuses them.
	sourced []*RejectError
	// cuts are the byte ranges of the current statement the client drops
	// (a one-character command such as \n inside it).
	cuts [][2]int
}

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
	for s.i < len(s.src) && !s.stop {
		if s.atLineStart() && s.stmtStart < 0 && s.lineCommand() {
			continue
		}
		s.step()
	}
	if !s.stop {
		s.flush(len(s.src))
	}
	return s
}

// joinLines merges two lists of refusals in line order.
func joinLines(a, b []*RejectError) []*RejectError {
	out := append(append([]*RejectError{}, a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

func (s *clientSplitter) atLineStart() bool { return s.i == 0 || s.src[s.i-1] == '\n' }

// lineCommand handles a client command that fills a line: DELIMITER sets the
// delimiter; the other named commands are refused. It returns true when the
// line was consumed (or the reading stopped).
func (s *clientSplitter) lineCommand() bool {
	end := strings.IndexByte(s.src[s.i:], '\n')
	if end < 0 {
		end = len(s.src) - s.i
	}
	line := s.src[s.i : s.i+end]
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	word := strings.ToLower(fields[0])
	switch {
	case word == "delimiter":
		if len(fields) < 2 {
			s.fatal("DELIMITER without a delimiter")
			return true
		}
		d := fields[1]
		if strings.ContainsAny(d, `'"`+"`") || strings.Contains(d, `\`) {
			s.fatal("DELIMITER " + quoteShort(d) + ": a delimiter with quotes or a backslash is not supported")
			return true
		}
		s.delimiter = d
	case strings.TrimRight(word, ";") == "source":
		s.skipSource(strings.TrimSpace(line))
		return true
	case clientCommands[strings.TrimRight(word, ";")]:
		s.skipLine("the mysql client command " + quoteShort(fields[0]) + " is not SQL (a dump is read as input, never as instructions to the client)")
		return true
	default:
		return false
	}
	s.i += end
	return true
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

// flush ends the current statement at end.
func (s *clientSplitter) flush(end int) {
	if s.stmtStart >= 0 && end > s.stmtStart {
		s.out = append(s.out, ClientStatement{Text: s.cutText(s.stmtStart, end), start: s.stmtStart, Line: s.stmtLine})
	}
	s.stmtStart = -1
	s.cuts = s.cuts[:0]
}

// cutText is src[start:end] without the ranges the client dropped.
func (s *clientSplitter) cutText(start, end int) string {
	if len(s.cuts) == 0 {
		return s.src[start:end]
	}
	var b strings.Builder
	for _, c := range s.cuts {
		b.WriteString(s.src[start:c[0]])
		start = c[1]
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
}

// fatal refuses what stops the reading.
func (s *clientSplitter) fatal(reason string) {
	s.rejects = append(s.rejects, &RejectError{File: s.file, Line: s.line, Reason: reason})
	s.stop = true
}
