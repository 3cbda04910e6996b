package querylog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// ErrNoStatements is returned (wrapped, with how to turn a source on) when
// a live server offers no statement of the application.
var ErrNoStatements = errors.New("the server offers no logged statements")

// DefaultLiveRows bounds the rows read from a live table.
const DefaultLiveRows = 100000

// LiveOptions configure the live reads.
type LiveOptions struct {
	Samples int // samples per class; DefaultSamples when 0
	MaxRows int // rows read at most; DefaultLiveRows when 0
}

func (o LiveOptions) maxRows() int {
	if o.MaxRows > 0 {
		return o.MaxRows
	}
	return DefaultLiveRows
}

// liveState is what decides which live source a server can give.
type liveState struct {
	mariadb           bool
	performanceSchema bool
	logOutputTable    bool
	slowLog           bool
	sampleLength      int // performance_schema_max_sql_text_length; 0 when unknown
}

// readLiveState reads the variables that say which sources are on.
func readLiveState(ctx context.Context, db stmt.Execer) (liveState, error) {
	vars, err := stmt.ReadPairs(ctx, db, "SHOW GLOBAL VARIABLES WHERE Variable_name IN "+
		"('version', 'performance_schema', 'log_output', 'slow_query_log', 'performance_schema_max_sql_text_length')")
	if err != nil {
		return liveState{}, fmt.Errorf("reading which query sources the server has on: %w", err)
	}
	st := liveState{
		mariadb:           strings.Contains(strings.ToLower(vars["version"]), "mariadb"),
		performanceSchema: isOn(vars["performance_schema"]),
		logOutputTable:    strings.Contains(strings.ToUpper(vars["log_output"]), "TABLE"),
		slowLog:           isOn(vars["slow_query_log"]),
	}
	st.sampleLength, _ = strconv.Atoi(vars["performance_schema_max_sql_text_length"])
	return st, nil
}

func isOn(v string) bool { return strings.EqualFold(v, "ON") || v == "1" }

// ReadLive reads the application's statements from a live server,
// read-only with tagged SELECTs: on MySQL the statement digests of
// performance_schema (one sample text per digest, MySQL 8.0.3+), else (and
// on MariaDB) the mysql.slow_log table when log_output includes TABLE. When
// neither holds a statement it returns ErrNoStatements wrapped with the
// exact statements and my.cnf lines that turn a source on.
func ReadLive(ctx context.Context, db stmt.Execer, o LiveOptions) (*Result, error) {
	st, err := readLiveState(ctx, db)
	if err != nil {
		return nil, err
	}
	var why []string
	if !st.mariadb {
		if st.performanceSchema {
			res, err := readDigests(ctx, db, o, st)
			if err != nil {
				return nil, err
			}
			if res.Statements > 0 {
				return res, nil
			}
			why = append(why, "performance_schema has no statement digest with a sample text ("+howDigests+")")
		} else {
			why = append(why, "performance_schema is off ("+howDigests+")")
		}
	}
	if st.logOutputTable {
		res, err := ReadSlowLogTable(ctx, db, o)
		if err != nil {
			return nil, err
		}
		if res.Statements > 0 {
			return res, nil
		}
		why = append(why, "mysql.slow_log holds no statement of the application ("+howSlowLogTable+")")
	} else {
		why = append(why, "log_output does not include TABLE, so mysql.slow_log stays empty ("+howSlowLogTable+
			"); or give the slow log's file itself ("+howSlowLog+")")
	}
	return nil, fmt.Errorf("%w: %s", ErrNoStatements, strings.Join(why, "; "))
}

// ReadDigests reads performance_schema.events_statements_summary_by_digest
// (MySQL 8.0.3+): a class per digest's sample text, with the digest's
// count, total and maximum time, first and last seen. Samples cut at
// performance_schema_max_sql_text_length are left out and counted in a note.
func ReadDigests(ctx context.Context, db stmt.Execer, o LiveOptions) (*Result, error) {
	st, err := readLiveState(ctx, db)
	if err != nil {
		return nil, err
	}
	return readDigests(ctx, db, o, st)
}

func readDigests(ctx context.Context, db stmt.Execer, o LiveOptions, st liveState) (*Result, error) {
	const q = "SELECT SCHEMA_NAME, DIGEST_TEXT, QUERY_SAMPLE_TEXT, COUNT_STAR, SUM_TIMER_WAIT, MAX_TIMER_WAIT, FIRST_SEEN, LAST_SEEN " +
		"FROM performance_schema.events_statements_summary_by_digest " +
		"WHERE QUERY_SAMPLE_TEXT IS NOT NULL AND QUERY_SAMPLE_TEXT <> '' ORDER BY SUM_TIMER_WAIT DESC LIMIT "
	// The limit is an int written into the text: no prepared statement.
	d := NewDigest(o.Samples)
	var skipped Skipped
	cut, prepared := 0, 0
	for row, err := range stmt.Rows(ctx, db, q+strconv.Itoa(o.maxRows())) {
		if err != nil {
			return nil, fmt.Errorf("reading performance_schema's statement digests (SELECT on performance_schema is needed; sample texts are MySQL 8.0.3+): %w", err)
		}
		var schema, digest, sample, first, last sql.NullString
		var count, sum, maxWait uint64
		if err := row.Scan(&schema, &digest, &sample, &count, &sum, &maxWait, &first, &last); err != nil {
			return nil, fmt.Errorf("reading performance_schema's statement digests: %w", err)
		}
		if st.sampleLength > 0 && len(sample.String) >= st.sampleLength {
			cut++
			continue
		}
		if strings.EqualFold(firstWord(sample.String), "use") {
			skipped.Session++
			continue
		}
		switch protocolCommand(digest.String, sample.String) {
		case "PREPARE", "DEALLOCATE":
			skipped.Admin++ // a prepared statement's set-up and end: its executions are the EXECUTE digest
			continue
		case "EXECUTE":
			prepared++
		}
		d.Add(Statement{Text: strings.TrimSpace(sample.String), Schema: schema.String, Count: int(count),
			Duration: picoseconds(sum), MaxDuration: picoseconds(maxWait), Timed: true,
			FirstSeen: parseSQLTime(first.String), Time: parseSQLTime(last.String)})
	}
	d.skip(skipped)
	res := &Result{Source: "performance_schema.events_statements_summary_by_digest", Format: FormatDigests}
	res.fill(d)
	if cut > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d sample texts were cut at performance_schema_max_sql_text_length = %d and left out: "+
			"raise it in my.cnf [mysqld] (a restart), e.g. performance_schema_max_sql_text_length = 65536", cut, st.sampleLength))
	}
	if prepared > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d digests are server-side prepared statements: their samples hold ? placeholders "+
			"(performance_schema keeps no parameter values); the slow log has the executed texts", prepared))
	}
	res.Notes = append(res.Notes, "performance_schema keeps one sample per digest and no session settings: each class runs with the schema of its digest and the server's defaults")
	return res, nil
}

// protocolCommand names the binary protocol's command a digest stands for
// (MySQL digests a server-side prepared statement three times, as
// "PREPARE <statement>", "EXECUTE <statement>" and "DEALLOCATE
// <statement>", each with the statement as its sample), or "" for an
// ordinary statement, the SQL PREPARE/EXECUTE statements included.
func protocolCommand(digest, sample string) string {
	word, _, _ := strings.Cut(digest, " ")
	switch word = strings.ToUpper(word); word {
	case "PREPARE", "EXECUTE", "DEALLOCATE":
		if !strings.EqualFold(firstWord(sample), word) {
			return word
		}
	}
	return ""
}

// ReadSlowLogTable reads the mysql.slow_log table (log_output includes
// TABLE), in the order the server wrote it, following each thread's USE
// and SET statements; at most MaxRows rows.
func ReadSlowLogTable(ctx context.Context, db stmt.Execer, o LiveOptions) (*Result, error) {
	// No ORDER BY: the CSV table returns its rows in the order they were
	// written, and a sort of the whole log would load the server.
	const q = "SELECT start_time, thread_id, db, query_time, sql_text FROM mysql.slow_log LIMIT "
	d := NewDigest(o.Samples)
	ss := newSessions()
	var skipped Skipped
	for row, err := range stmt.Rows(ctx, db, q+strconv.Itoa(o.maxRows())) {
		if err != nil {
			return nil, fmt.Errorf("reading mysql.slow_log (SELECT on mysql.slow_log is needed): %w", err)
		}
		var start, schema, queryTime sql.NullString
		var thread sql.NullInt64
		var text []byte
		if err := row.Scan(&start, &thread, &schema, &queryTime, &text); err != nil {
			return nil, fmt.Errorf("reading mysql.slow_log: %w", err)
		}
		s := ss.of(uint64(thread.Int64))
		s.schema = schema.String
		sqlText := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(text)), ";"))
		if generalCommands[sqlText] {
			skipped.Admin++ // the table's form of "# administrator command: Quit;"
			continue
		}
		if ss.apply(s, sqlText) == effectUse {
			skipped.Session++
			continue
		}
		d.Add(Statement{Text: sqlText, Schema: s.schema, Settings: s.settings, Thread: uint64(thread.Int64),
			Time: parseSQLTime(start.String), Duration: parseSQLDuration(queryTime.String), Timed: true, Count: 1})
	}
	d.skip(skipped)
	res := &Result{Source: "mysql.slow_log", Format: FormatSlowLogTable}
	res.fill(d)
	if res.Statements == 0 {
		res.Notes = append(res.Notes, emptyNote(FormatSlowLogTable))
	}
	return res, nil
}

// picoseconds converts a performance_schema timer value.
func picoseconds(ps uint64) time.Duration { return time.Duration(ps / 1000) }

// parseSQLTime reads a DATETIME/TIMESTAMP text ("2026-12-02 07:43:07.123456",
// or RFC 3339 when the connection parses times).
func parseSQLTime(s string) time.Time {
	for _, layout := range []string{"2006-01-02 15:04:05.999999", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// parseSQLDuration reads a TIME text ("00:00:01.000123").
func parseSQLDuration(s string) time.Duration {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return 0
	}
	h, err1 := strconv.Atoi(parts[0])
	m, err2 := strconv.Atoi(parts[1])
	sec, err3 := strconv.ParseFloat(parts[2], 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec*float64(time.Second))
}
