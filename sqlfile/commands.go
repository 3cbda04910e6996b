package sqlfile

import "strings"

// The mysql client's commands, named and in their backslash form: a new
// command of the client is a row here (refused, kept, or followed as
// DELIMITER is by lineCommand).

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

// The same commands in their backslash form: a backslash and one
// character, outside strings (backslash.go reads them).

// clientKeeps are the commands that leave the statement being read as it
// is: the client runs them (printing help, status, ...) and drops the two
// characters from the statement.
var clientKeeps = map[byte]bool{'n': true, 't': true, 'w': true, 'W': true, 'p': true, '#': true,
	'h': true, '?': true, 's': true}

// clientRefused are the commands that act outside the server (\! runs a
// shell, \. reads another file, \T and \P write files or run a program,
// \e an editor, \r connects elsewhere) or change how the rest of the file
// is read in ways the reader does not follow (\d, \u, \C, \R, \x).
var clientRefused = map[byte]string{
	'!': "system", '.': "source", 'T': "tee", 'P': "pager", 'e': "edit", 'r': "connect",
	'd': "delimiter", 'u': "use", 'C': "charset", 'R': "prompt", 'x': "resetconnection",
}

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
	if s.blocked {
		// The client holds a comment and a line comment: the line is text of
		// the statement they begin.
		s.stmtStart, s.stmtLine = s.heldFrom, s.heldLine
		return false
	}
	switch {
	case word != "delimiter" && !s.rules().namedCommands:
		return false
	case word == "delimiter":
		if len(fields) < 2 {
			s.fatal("DELIMITER without a delimiter")
			return true
		}
		d := fields[1]
		if strings.ContainsAny(d, `'"`+"`") || strings.Contains(d, `\`) {
			s.fatal("DELIMITER " + QuoteShort(d) + ": a delimiter with quotes or a backslash is not supported")
			return true
		}
		s.delimiter = d
		s.heldFrom, s.blocked = -1, false // a comment the client held is not sent (clientRules.keepsComments)
	case word == "use" && s.useCommand(line, fields):
	case strings.TrimRight(word, ";") == "source":
		s.skipSource(strings.TrimSpace(line))
		return true
	case clientCommands[strings.TrimRight(word, ";")]:
		s.skipLine("the mysql client command " + QuoteShort(fields[0]) + " is not SQL (a dump is read as input, never as instructions to the client)")
		return true
	default:
		return false
	}
	s.i += end
	return true
}
