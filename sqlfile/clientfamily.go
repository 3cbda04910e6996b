package sqlfile

import (
	"strings"
)

// clientRules are where the two clients read a file differently. Each field
// is one row of the one table of differences (clientFamilies); each row is
// run through both real clients, given the file on stdin with --force as
// the check and its tests give it, by corpus/clientfamily_test.go
// (TestClientFamilyDifferences), which reads what each sent from the
// server's general log. What both clients do alike (a "--" followed by a
// non-space is code; "#" and "-- " comments end at the line's end; "/*!"
// is code, so the delimiter inside it ends the statement) is in that
// test's table too, with the same answer for both.
type clientRules struct {
	// namedCommands: a command named by a word at the start of a line where
	// no statement has begun (use, source, exit, go, ...; DELIMITER aside,
	// which both clients read) is the client's (MariaDB's); MySQL 9.7's
	// client reading a file runs none of them: the line is the start of a
	// statement like any other, sent to the server.
	namedCommands bool
	// useWithoutDelimiter: "use db" so, the line holding no delimiter (its
	// argument the word as it stands: "use s2;" under DELIMITER $$ names
	// the database "s2;"),
	// changes the database (MariaDB's); AnyClient reads it as SQL.
	useWithoutDelimiter bool
	// backslashCommands: a backslash and one character outside strings is
	// a command (\g sends, \c clears, \u uses, ...) (MariaDB's); MySQL
	// 9.7's client reading a file says "Unknown command" and keeps both
	// characters in the statement (\C aside, which it runs).
	backslashCommands bool
	// versionedM: "/*M!" opens a comment the client reads as code, as it
	// reads "/*!": a delimiter inside it ends the statement (MariaDB's);
	// for MySQL's client "/*M!" is a plain comment, which hides the
	// delimiter and ends at the first "*/".
	versionedM bool
	// strippedNested: inside "/*!" or "/*M!", which the client reads as
	// code, a plain "/*" starts a comment the client drops: inside "/*M!"
	// up to its own "*/", inside "/*!" up to the "*/" after that one, so
	// that the server is sent the executable comment without its end
	// (MariaDB's client, which drops comments; MySQL 9.7's sends them).
	strippedNested bool
	// nestedEndsCode: inside "/*!", which the client reads as code, a
	// plain "/*" starts a comment that ends at the "*/" after its own: the
	// delimiter is hidden up to there, the "/" of that "*/" does not start
	// it, and the executable comment is over; the text is sent as it is
	// (MySQL 9.7's).
	nestedEndsCode bool
	// commandStatements: a statement whose first word names the command use
	// or delimiter is that command when its delimiter is reached, the rest
	// of its text ignored ("use s1 ; CREATE ..." under DELIMITER // changes
	// the database and sends nothing else) (MariaDB's); the statement left
	// open at the end of the file, or sent by \g or \G (not its
	// delimiter), is sent as it is.
	commandStatements bool
	// delimiterWordJoins: a statement that starts with the word delimiter
	// after another statement's end on the same line ("SELECT 1; DELIMITER
	// //") is joined to the next line without its line break ("DELIMITER
	// //SELECT 2") (MariaDB's; MySQL 9.7's client keeps the break).
	delimiterWordJoins bool
	// delimiterStatements: a statement whose first word is delimiter is the
	// command DELIMITER when its delimiter or the end of the file is
	// reached, the rest of its text ignored: "SELECT 1; DELIMITER |" then
	// lines without a ';' set the delimiter and send nothing more (MySQL
	// 9.7's).
	delimiterStatements bool
	// delimiterLineInStatement: a DELIMITER line while a statement holds
	// code is text of that statement, joined to the next line without its
	// line break; the delimiter stays (both clients: "SELECT 1" then
	// "DELIMITER $$" then "SELECT 2;" sends "SELECT 1\nDELIMITER
	// $$SELECT 2"; MariaDB's also joins a statement starting with the word
	// delimiter: delimiterWordJoins).
	delimiterLineInStatement bool
	// dollarQuotes: "$$" opens a quoted text that the next "$$" closes
	// (MySQL 9.7's client, for the server's dollar-quoted routine bodies):
	// the delimiter inside it does not end the statement; a delimiter "$$"
	// is still the delimiter.
	dollarQuotes bool
	// keepsComments: the client keeps comments in the statements it sends.
	// A line comment where no statement has begun is sent on its own; a
	// plain comment there is held, and a line comment after it joins it,
	// after which a DELIMITER line is no command but text of the
	// statement they begin; a DELIMITER line before that is the command,
	// and the held comment is not sent ("SELECT 1; /* c */" then
	// "DELIMITER ;;" sends "SELECT 1" alone) (MySQL 9.7's).
	keepsComments bool
	// delimiterInCommentEnd: the "/" of the "*/" that ends an executable
	// comment may start the delimiter ("/*!50000 6 *///" under DELIMITER
	// // ends the statement after the "*": the server gets the comment
	// unterminated) (both clients; not after a comment nested in it, which
	// MySQL's client reads to that "*/": nestedEndsCode).
	delimiterInCommentEnd bool
	// stripsComments: a plain "/* ... */" comment inside a statement is
	// not sent: the client puts a space in its place (so that "--/* */ x"
	// reaches the server as a "-- " comment); a "#" or "-- " comment inside
	// a statement is not sent either, up to the line's end, also inside an
	// unterminated "/*!" ("SELECT /*!50000 1 # c" sends "SELECT /*!50000
	// 1 ") (MariaDB's; MySQL 9.7's client sends comments as they are).
	stripsComments bool
	// delimiterToSpace: the delimiter a statement starting with the word
	// delimiter sets when it ends (delimiterStatements, commandStatements)
	// is the client's argument of its text: up to the next space, line
	// breaks and tabs included (delimiterArgument). "SELECT 1; DELIMITER
	// //" then "SELECT 2;" sets "//\nSELECT" (MySQL's client) or "//SELECT"
	// (MariaDB's, which joined the lines): no later text ends a statement
	// and the rest of the file is sent as one (both clients alike; the
	// reading of either client is the first word).
	delimiterToSpace bool
}

// clientFamilies is the table of differences: each client's reading.
var clientFamilies = map[ClientFamily]clientRules{
	AnyClient:     {namedCommands: true, backslashCommands: true, versionedM: true},
	MySQLClient:   {nestedEndsCode: true, delimiterStatements: true, delimiterLineInStatement: true, dollarQuotes: true, keepsComments: true, delimiterInCommentEnd: true, delimiterToSpace: true},
	MariaDBClient: {namedCommands: true, useWithoutDelimiter: true, backslashCommands: true, versionedM: true, strippedNested: true, commandStatements: true, delimiterWordJoins: true, delimiterLineInStatement: true, stripsComments: true, delimiterInCommentEnd: true, delimiterToSpace: true},
}

// rules are the reading of the splitter's client.
func (s *clientSplitter) rules() clientRules { return clientFamilies[s.family] }

// useCommand reads a line that MariaDB's client takes as its command use:
// the statement is "use" and its argument (the rest of the line is
// ignored, as the client ignores it). It returns false for a line that is
// not one.
func (s *clientSplitter) useCommand(line string, fields []string) bool {
	if !s.rules().useWithoutDelimiter || len(fields) < 2 || strings.Contains(line, s.delimiter) {
		return false
	}
	from := strings.Index(line, fields[0])
	to := strings.Index(line[from+len(fields[0]):], fields[1]) + from + len(fields[0]) + len(fields[1])
	text := line[from:to]
	if arg := fields[1]; !strings.ContainsAny(arg[:1], "`'\"") && strings.IndexFunc(arg, func(r rune) bool { return r < 0x80 && !isNameByte(byte(r)) }) >= 0 {
		// The client's argument is the word as it stands ("use s2;" under
		// DELIMITER $$ names the database "s2;"): quoted, so that it reads
		// as that one name.
		text = fields[0] + " `" + strings.ReplaceAll(arg, "`", "``") + "`"
	}
	s.out = append(s.out, ClientStatement{Text: text, start: s.i + from, Line: s.line})
	return true
}

// nestedComment reads a plain comment inside a comment read as code
// (s.code: "!" or "M!"), for a client that drops it (strippedNested) or
// reads it to the "*/" after its own (nestedEndsCode); it returns true
// when it did.
func (s *clientSplitter) nestedComment() bool {
	r := s.rules()
	if !r.strippedNested && !r.nestedEndsCode || s.code == "" {
		return false
	}
	end := strings.Index(s.src[s.i+2:], "*/")
	if end < 0 {
		return false
	}
	end += s.i + 4
	if s.code == "!" {
		next := strings.Index(s.src[end:], "*/")
		if next < 0 {
			return false
		}
		end += next + 2
		s.code = ""
	}
	if r.strippedNested {
		s.cuts = append(s.cuts, dropped{from: s.i, to: end})
	}
	s.line += strings.Count(s.src[s.i:end], "\n")
	s.i = end
	return true
}

// commandStatement reads a statement text that a client with
// commandStatements or delimiterStatements runs as its command use or
// delimiter (atEnd: the text ends the file, no delimiter after it): it
// returns the
// statement to send in its place ("use db", or "" for none) and true, or
// false for a statement that is not one.
func (s *clientSplitter) commandStatement(text string, atEnd bool) (string, bool) {
	r := s.rules()
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return "", false
	}
	switch word := strings.ToLower(fields[0]); {
	case r.delimiterStatements && word == "delimiter":
	case !r.commandStatements || atEnd:
		return "", false
	}
	switch strings.ToLower(fields[0]) {
	case "use":
		if len(fields) < 2 {
			return "", false
		}
		return "use " + strings.TrimRight(fields[1], ";"), true
	case "delimiter":
		if !r.delimiterToSpace {
			if len(fields) > 1 && !strings.ContainsAny(fields[1], "'\"`\\") {
				s.delimiter = fields[1]
			}
		} else if d, ok := delimiterArgument(text); ok {
			s.delimiter = d
		}
		return "", true
	}
	return "", false
}

// stripComment drops, for a client that strips comments, the plain comment
// from s.i to end inside a statement: a space in its place, and its line
// breaks, so that the lines after it keep their numbers.
func (s *clientSplitter) stripComment(end int) {
	if !s.rules().stripsComments || s.stmtStart < 0 {
		return
	}
	s.cuts = append(s.cuts, dropped{from: s.i, to: end, with: " " + strings.Repeat("\n", strings.Count(s.src[s.i:end], "\n"))})
}

// stripLineComment drops, for a client that strips comments, the line
// comment from from to s.i (the line's end) inside a statement; the line
// break after it stays.
func (s *clientSplitter) stripLineComment(from int) {
	if !s.rules().stripsComments || s.stmtStart < 0 {
		return
	}
	s.cuts = append(s.cuts, dropped{from: from, to: s.i})
}

// delimiterLine marks, for a client with delimiterLineInStatement, a
// DELIMITER line at s.i while a statement holds code: the line is read as
// text of the statement, and its line break, when the cut reaches it
// outside a quoted text, is dropped (joinAt).
func (s *clientSplitter) delimiterLine() {
	if !s.rules().delimiterLineInStatement || s.stmtStart < 0 {
		return
	}
	line := s.src[s.i:]
	j := strings.IndexByte(line, '\n')
	if j < 0 {
		return
	}
	if fields := strings.Fields(line[:j]); len(fields) > 0 && strings.EqualFold(fields[0], "delimiter") {
		s.joinAt = s.i + j
	}
}

// delimiterWordStatement marks, for a client with delimiterWordJoins, a
// statement starting at s.i with the word delimiter (not at a line's
// start, where it is the command): the line break after it is dropped
// (joinAt).
func (s *clientSplitter) delimiterWordStatement() {
	rest := s.src[s.i:]
	if !s.rules().delimiterWordJoins || s.stmtStart >= 0 || s.atLineStart() || len(rest) < 9 || !strings.EqualFold(rest[:9], "delimiter") {
		return
	}
	if j := strings.IndexByte(rest, '\n'); j >= 0 {
		s.joinAt = s.i + j
	}
}

// dollarQuote reads, for a client with dollarQuotes, a "$$" text at s.i
// (not the end of a name): up to the next "$$", or to the end of src. It
// returns true when it did.
func (s *clientSplitter) dollarQuote() bool {
	if !s.rules().dollarQuotes || !strings.HasPrefix(s.src[s.i:], "$$") || s.i > 0 && isNameByte(s.src[s.i-1]) {
		return false
	}
	s.begin()
	end := strings.Index(s.src[s.i+2:], "$$")
	if end < 0 {
		s.line += strings.Count(s.src[s.i:], "\n")
		s.i = len(s.src)
		return true
	}
	end += s.i + 4
	s.line += strings.Count(s.src[s.i:end], "\n")
	s.i = end
	return true
}

// isNameByte is a byte of a bare name.
func isNameByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// holdComment notes, for a client that keeps comments, a plain comment at
// s.i where no statement has begun.
func (s *clientSplitter) holdComment() {
	if s.rules().keepsComments && s.stmtStart < 0 && s.heldFrom < 0 {
		s.heldFrom, s.heldLine = s.i, s.line
	}
}

// heldLineComment notes, for a client that keeps comments, a line comment
// joining a held plain comment.
func (s *clientSplitter) heldLineComment() {
	if s.stmtStart < 0 && s.heldFrom >= 0 {
		s.blocked = true
	}
}

// delimiterAtCommentEnd reports, for a client with delimiterInCommentEnd,
// rest starting with "*/" whose "/" starts the delimiter.
func (s *clientSplitter) delimiterAtCommentEnd(rest string) bool {
	return s.rules().delimiterInCommentEnd && strings.HasPrefix(rest[1:], s.delimiter)
}

// delimiterArgument is the delimiter both clients' DELIMITER command takes
// from the statement text it ends (their get_arg on the first 255 bytes of
// it): after the command word and the white space after it, up to the next
// space (not a tab or a line break) or, for a quoted one, to its closing
// quote. A statement that spans lines ("SELECT 1; DELIMITER //" then
// "SELECT 2;") gives a delimiter that holds a line break ("//\nSELECT" on
// MySQL's client, "//SELECT" on MariaDB's, which joined the lines), which
// no text after it matches (the client reads line by line): the rest of
// the file is one statement. false: none, or one with a backslash, which
// the client refuses, keeping its delimiter.
func delimiterArgument(text string) (string, bool) {
	if len(text) > 255 {
		text = text[:255]
	}
	p := strings.TrimLeftFunc(text, isClientSpace)
	i := strings.IndexFunc(p, isClientSpace)
	if i < 0 {
		return "", false
	}
	p = strings.TrimLeftFunc(p[i:], isClientSpace)
	end := byte(' ')
	if p != "" && (p[0] == '\'' || p[0] == '"' || p[0] == '`') {
		end, p = p[0], p[1:]
	}
	if j := strings.IndexByte(p, end); j >= 0 {
		p = p[:j]
	}
	if p == "" || strings.Contains(p, `\`) {
		return "", false
	}
	return p, true
}

// isClientSpace is the clients' my_isspace for the bytes of a statement.
func isClientSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}
