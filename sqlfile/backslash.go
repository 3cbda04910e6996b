package sqlfile

import "strings"

// Outside strings the mysql client reads a backslash and the character
// after it as a one-character command (\g, \c, \!, ...). A character that
// names no command is kept, both bytes, and the client goes on ("Unknown
// command"): that is how a data string whose backslash escaped its own
// closing quote still reaches the server, as one statement it refuses.

// backslash handles a backslash outside strings, quoted names and comments.
func (s *clientSplitter) backslash() {
	if s.i+1 >= len(s.src) {
		s.begin()
		s.i++
		return
	}
	x := s.src[s.i+1]
	if !s.rules().backslashCommands && x != 'C' && x != '\n' {
		s.begin() // "Unknown command": the client keeps both characters
		s.i += 2
		return
	}
	if x == '.' {
		end := strings.IndexByte(s.src[s.i:], '\n')
		if end < 0 {
			end = len(s.src) - s.i
		}
		s.skipSource(strings.TrimSpace(s.src[s.i : s.i+end]))
		return
	}
	if name, ok := clientRefused[x]; ok {
		s.skipLine("the mysql client command \\" + string(x) + " (" + name + ") is not SQL (a file is read as input, never as instructions to the client)")
		return
	}
	switch {
	case x == 'g' || x == 'G':
		s.send(s.i, false) // the client sends the statement as it is
	case x == 'c':
		s.stmtStart = -1 // the client clears the statement
		s.cuts = s.cuts[:0]
	case x == 'q':
		s.stop = true
		s.stmtStart = -1
	case clientKeeps[x]:
		if s.stmtStart >= 0 {
			s.cuts = append(s.cuts, dropped{from: s.i, to: s.i + 2})
		}
	case x == '\n':
		// A backslash ending a line continues the statement: the client
		// reads the file line by line, drops the backslash and keeps the
		// line break (both clients, MySQL 9.7's and MariaDB's).
		if s.stmtStart >= 0 {
			s.cuts = append(s.cuts, dropped{from: s.i, to: s.i + 1})
		}
		s.line++
	default:
		s.begin() // not a command: the client keeps both characters
	}
	s.i += 2
}
