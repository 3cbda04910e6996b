package querylog

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"
)

// generalReader reads a general log, MySQL's or MariaDB's:
//
//	2026-12-02T07:43:07.123456Z	    8 Connect	app@localhost on shop using Socket   (MySQL)
//	2026-12-02T07:43:07.123456Z	    8 Query	SELECT ...
//	261202  7:43:07	     8 Query	SELECT ...                                        (MariaDB)
//			     8 Init DB	shop                                              (MariaDB: same second)
//
// A statement of several lines continues on the lines that do not start an
// entry. A server writes its start-up header whenever it opens the file.
type generalReader struct {
	lr       *lineReader
	emit     func(Statement)
	skipped  Skipped
	sessions *sessions
	cur      generalEntry
	text     []byte
	lastTime time.Time // MariaDB writes the time only when it changes
}

// generalEntry is the entry being read.
type generalEntry struct {
	open    bool
	line    int
	thread  uint64
	command string
	when    time.Time
}

// statementCommands are the general log commands that carry a statement.
var statementCommands = map[string]bool{"Query": true, "Execute": true}

// generalCommands are every command name a general log writes (the
// server's command names); a line starts an entry only with one of them.
var generalCommands = map[string]bool{
	"Sleep": true, "Quit": true, "Init DB": true, "Query": true, "Field List": true, "Create DB": true,
	"Drop DB": true, "Refresh": true, "Shutdown": true, "Statistics": true, "Processlist": true,
	"Connect": true, "Kill": true, "Debug": true, "Ping": true, "Time": true, "Delayed insert": true,
	"Change user": true, "Binlog Dump": true, "Table Dump": true, "Connect Out": true,
	"Register Slave": true, "Register Replica": true, "Prepare": true, "Execute": true,
	"Long Data": true, "Close stmt": true, "Reset stmt": true, "Set option": true, "Fetch": true,
	"Daemon": true, "Binlog Dump GTID": true, "Reset Connection": true, "Clone": true,
	"Error": true, "Bulk_execute": true, "Slave_worker": true, "Slave_IO": true, "Slave_SQL": true,
}

func readGeneralLog(r io.Reader, emit func(Statement)) (Skipped, error) {
	gr := &generalReader{lr: newLineReader(r), emit: emit, sessions: newSessions()}
	for {
		line, err := gr.lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return gr.skipped, err
		}
		gr.line(line)
	}
	gr.flush()
	return gr.skipped, nil
}

func (gr *generalReader) line(line []byte) {
	if isBannerStart(line) {
		gr.flush()
		gr.cur = generalEntry{}
		gr.skipped.Banners++
		gr.sessions.reset()
		return
	}
	if !gr.cur.open && isBannerRest(line) {
		return
	}
	if e, arg, ok := gr.parseEntry(line); ok {
		gr.flush()
		e.line = gr.lr.line
		gr.cur = e
		gr.text = append(gr.text[:0], arg...)
		return
	}
	if gr.cur.open {
		gr.text = append(gr.text, '\n')
		gr.text = append(gr.text, line...)
	}
}

// parseEntry reads the start of an entry: [time] TAB [spaces] id SPACE
// command TAB argument.
func (gr *generalReader) parseEntry(line []byte) (generalEntry, []byte, bool) {
	tab := bytes.IndexByte(line, '\t')
	if tab < 0 {
		return generalEntry{}, nil, false
	}
	prefix, rest := line[:tab], line[tab+1:]
	when, ok := gr.parseTime(prefix)
	if !ok {
		return generalEntry{}, nil, false
	}
	rest = bytes.TrimLeft(rest, "\t ")
	sp := bytes.IndexByte(rest, ' ')
	if sp <= 0 {
		return generalEntry{}, nil, false
	}
	thread, err := strconv.ParseUint(string(rest[:sp]), 10, 64)
	if err != nil {
		return generalEntry{}, nil, false
	}
	rest = rest[sp+1:]
	end := bytes.IndexByte(rest, '\t')
	command := rest
	var arg []byte
	if end >= 0 {
		command, arg = rest[:end], rest[end+1:]
	}
	if !generalCommands[string(command)] {
		return generalEntry{}, nil, false
	}
	return generalEntry{open: true, thread: thread, command: string(command), when: when}, arg, true
}

// parseTime reads an entry's time: MySQL's RFC 3339 time, MariaDB's
// "YYMMDD HH:MM:SS", or nothing (MariaDB: the same second as the last
// entry, whose time is returned).
func (gr *generalReader) parseTime(prefix []byte) (time.Time, bool) {
	if len(prefix) == 0 {
		return gr.lastTime, true
	}
	s := string(prefix)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		gr.lastTime = t
		return t, true
	}
	if t, ok := parseMariaDBTime(s); ok {
		gr.lastTime = t
		return t, true
	}
	return time.Time{}, false
}

// parseMariaDBTime reads "261202  7:43:07" (the hour space-padded).
func parseMariaDBTime(s string) (time.Time, bool) {
	date, clock, ok := strings.Cut(s, " ")
	if !ok || len(date) != 6 {
		return time.Time{}, false
	}
	t, err := time.Parse("060102 15:04:05", date+" "+strings.TrimLeft(clock, " "))
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// flush hands the entry read so far on.
func (gr *generalReader) flush() {
	e := gr.cur
	gr.cur = generalEntry{}
	if !e.open {
		return
	}
	arg := string(gr.text)
	switch e.command {
	case "Connect":
		s := &session{}
		if i := strings.Index(arg, " on "); i >= 0 {
			db := arg[i+len(" on "):]
			if j := strings.IndexByte(db, ' '); j >= 0 {
				db = db[:j]
			}
			s.schema = db
		}
		gr.sessions.byThread[e.thread] = s
		gr.skipped.Session++
	case "Init DB":
		gr.sessions.of(e.thread).schema = strings.TrimSpace(arg)
		gr.skipped.Session++
	case "Quit":
		gr.sessions.end(e.thread)
		gr.skipped.Session++
	default:
		if statementCommands[e.command] {
			gr.statement(e, arg)
		} else {
			gr.skipped.Admin++ // Prepare, Close stmt, Ping, Field List, ...: protocol commands, no statement
		}
	}
}

func (gr *generalReader) statement(e generalEntry, arg string) {
	text := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ";"))
	if e.thread == 0 {
		gr.skipped.Internal++
		return
	}
	if text == "" {
		gr.skipped.Empty++
		return
	}
	s := gr.sessions.of(e.thread)
	if gr.sessions.apply(s, text) == effectUse {
		gr.skipped.Session++
		return
	}
	gr.emit(Statement{Text: text, Schema: s.schema, Settings: s.settings, Thread: e.thread, Time: e.when, Count: 1, Line: e.line})
}
