package querylog

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"
)

// slowReader reads a slow log, MySQL's or MariaDB's:
//
//	# Time: 2026-12-02T07:43:07.123456Z              (MariaDB: "# Time: 261202  7:43:07", only when the second changes)
//	# User@Host: app[app] @ localhost []  Id:     8  (MySQL: the thread id)
//	# Thread_id: 8  Schema: shop  QC_hit: No         (MariaDB)
//	# Query_time: 0.000123  Lock_time: 0.000002 Rows_sent: 1  Rows_examined: 0 [Thread_id: 8 Errno: 0 ... with log_slow_extra]
//	# Rows_affected: 0  Bytes_sent: 56                (MariaDB; more # lines with log_slow_verbosity:
//	#                                                  "# explain: ..." between bare "#" lines)
//	use shop;                                          (when the schema differs from the last entry's)
//	SET timestamp=1795000000;
//	SELECT ...;                                        (one line or several)
//
// A server writes its start-up header into the file whenever it opens it.
type slowReader struct {
	lr       *lineReader
	emit     func(Statement)
	skipped  Skipped
	sessions *sessions
	lastUse  string // the last "use db;" line: MySQL writes it when the schema changes, for any thread
	entry    slowEntry
	text     []byte
}

// slowEntry is the header of the entry being read.
type slowEntry struct {
	line      int
	thread    uint64
	schema    string
	hasSchema bool // a MariaDB Schema: line (authoritative, even when empty)
	duration  time.Duration
	timed     bool
	when      time.Time
	inBody    bool // past the header: the statement's lines have started
	open      bool // an entry has started and is not flushed
}

func readSlowLog(r io.Reader, emit func(Statement)) (Skipped, error) {
	sr := &slowReader{lr: newLineReader(r), emit: emit, sessions: newSessions()}
	for {
		line, err := sr.lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return sr.skipped, err
		}
		sr.line(line)
	}
	sr.flush()
	return sr.skipped, nil
}

func (sr *slowReader) line(line []byte) {
	switch {
	case isBannerStart(line):
		sr.flush()
		sr.skipped.Banners++
		sr.sessions.reset()
		sr.lastUse = ""
	case isBannerRest(line) && !sr.entry.inBody:
	case bytes.HasPrefix(line, []byte("# Time: ")):
		sr.flush()
		sr.entry.open = true
		sr.entry.line = sr.lr.line
	case bytes.HasPrefix(line, []byte("# User@Host: ")):
		if sr.entry.inBody || !sr.entry.open {
			sr.flush()
			sr.entry.open, sr.entry.line = true, sr.lr.line
		}
		if id, ok := fieldAfter(line, "Id:"); ok {
			sr.entry.thread, _ = strconv.ParseUint(id, 10, 64)
		}
	case !sr.entry.inBody && (bytes.HasPrefix(line, []byte("# ")) || string(line) == "#"):
		sr.headerLine(line) // MariaDB's log_slow_verbosity adds "# explain:" lines between bare "#" lines
	case !sr.entry.inBody && sr.logLine(line):
	default:
		if !sr.entry.open {
			sr.entry.open, sr.entry.line = true, sr.lr.line
		}
		if sr.entry.inBody {
			sr.text = append(sr.text, '\n')
		}
		sr.entry.inBody = true
		sr.text = append(sr.text, line...)
	}
}

// headerLine reads the # lines between User@Host and the statement.
func (sr *slowReader) headerLine(line []byte) {
	if bytes.HasPrefix(line, []byte("# administrator command: ")) {
		sr.skipped.Admin++
		sr.entry = slowEntry{}
		return
	}
	if id, ok := fieldAfter(line, "Thread_id:"); ok {
		sr.entry.thread, _ = strconv.ParseUint(id, 10, 64)
	}
	if i := bytes.Index(line, []byte("Schema: ")); i >= 0 {
		rest := line[i+len("Schema: "):]
		if j := bytes.IndexByte(rest, ' '); j >= 0 {
			rest = rest[:j]
		}
		sr.entry.schema, sr.entry.hasSchema = string(rest), true
	}
	if v, ok := fieldAfter(line, "Query_time:"); ok {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			sr.entry.duration, sr.entry.timed = time.Duration(f*float64(time.Second)), true
		}
	}
}

// logLine handles the lines the server writes before the statement: "use
// db;" and "SET timestamp=N;" (with last_insert_id and insert_id before it
// when the statement set them). It reports whether line was one.
func (sr *slowReader) logLine(line []byte) bool {
	if bytes.HasPrefix(line, []byte("use ")) && bytes.HasSuffix(line, []byte(";")) {
		sr.lastUse = unquoteName(string(line[4 : len(line)-1]))
		return true
	}
	if !bytes.HasPrefix(line, []byte("SET ")) || !bytes.HasSuffix(line, []byte(";")) {
		return false
	}
	i := bytes.Index(line, []byte("timestamp="))
	if i < 0 {
		return false
	}
	for _, part := range bytes.Split(line[4:len(line)-1], []byte(",")) {
		if !bytes.HasPrefix(part, []byte("timestamp=")) && !bytes.HasPrefix(part, []byte("last_insert_id=")) && !bytes.HasPrefix(part, []byte("insert_id=")) {
			return false
		}
	}
	if ts, err := strconv.ParseFloat(string(line[i+len("timestamp="):len(line)-1]), 64); err == nil {
		sec := int64(ts)
		sr.entry.when = time.Unix(sec, int64((ts-float64(sec))*1e9)).UTC()
	}
	return true
}

// flush hands the entry read so far on as a statement.
func (sr *slowReader) flush() {
	e := sr.entry
	text := strings.TrimSpace(string(sr.text))
	sr.entry, sr.text = slowEntry{}, sr.text[:0]
	if !e.open {
		return
	}
	text = strings.TrimSpace(strings.TrimSuffix(text, ";"))
	switch {
	case text == "":
		sr.skipped.Empty++
		return
	case strings.HasPrefix(text, "throttle: ") && strings.Contains(text, "suppressed"):
		sr.skipped.Throttle++
		return
	case strings.HasPrefix(text, "# administrator command: "):
		sr.skipped.Admin++
		return
	}
	s := sr.sessions.of(e.thread)
	switch {
	case e.hasSchema:
		s.schema = e.schema
	case sr.lastUse != "":
		s.schema = sr.lastUse
	}
	if sr.sessions.apply(s, text) == effectUse {
		sr.skipped.Session++
		return
	}
	sr.emit(Statement{Text: text, Schema: s.schema, Settings: s.settings, Thread: e.thread, Time: e.when,
		Duration: e.duration, Timed: e.timed, Count: 1, Line: e.line})
}

// fieldAfter returns the value after "key" in a header line: the next run
// of non-space bytes.
func fieldAfter(line []byte, key string) (string, bool) {
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return "", false
	}
	rest := bytes.TrimLeft(line[i+len(key):], " ")
	if j := bytes.IndexByte(rest, ' '); j >= 0 {
		rest = rest[:j]
	}
	return string(rest), len(rest) > 0
}

// unquoteName removes backquotes around a name.
func unquoteName(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}
