package replication

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Bounds of the writes' replay.
const (
	writeTimeout   = 30 * time.Second
	maxWriteSample = 10
	unsafeCode     = 1592 // ER_BINLOG_UNSAFE_STATEMENT
)

// Writes keeps the application's DML of a source, in order, in the
// schemas loaded (a statement without a schema runs in the only one).
func Writes(stmts []querylog.Statement, schemas []string) (kept []querylog.Statement, elsewhere int) {
	schemas = applicationSchemas(schemas)
	only := ""
	if len(schemas) == 1 {
		only = schemas[0]
	}
	for _, st := range stmts {
		if queries.Classify(st.Text) != queries.KindDML {
			continue
		}
		if st.Schema == "" {
			st.Schema = only
		}
		if !containsFold(schemas, st.Schema) {
			elsewhere++
			continue
		}
		kept = append(kept, st)
	}
	return kept, elsewhere
}

// applicationSchemas leaves out the tool's own schemas (the schema
// check's probe schema, upgrade_advisor_*).
func applicationSchemas(schemas []string) []string {
	var out []string
	for _, s := range schemas {
		if !strings.HasPrefix(strings.ToLower(s), "upgrade_advisor_") {
			out = append(out, s)
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, l := range list {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	return false
}

// session is one logged connection replayed: its schema and the SETs
// applied so far.
type session struct {
	conn    *sql.Conn
	schema  string
	applied int
}

// replayWrites runs the writes on the primary as its application account,
// each logged connection on a connection of its own with the session's
// schema and settings, autocommitted. Under a format other than ROW each
// statement's warnings are read for 1592 (unsafe for statement-based
// replication).
func replayWrites(ctx context.Context, primary *server.Server, o Options, format string) (w outcome.Writes, err error) {
	t0 := time.Now()
	db, err := primary.AppDB(ctx, o.Schemas)
	if err != nil {
		return w, err
	}
	sessions := map[uint64]*session{}
	defer func() {
		for _, s := range sessions {
			s.conn.Close()
		}
	}()
	unsafe := map[string]int{}
	for _, st := range o.Writes {
		ss, err := sessionFor(ctx, db, sessions, st)
		if err != nil {
			return w, err
		}
		w.Statements++
		if err := runWrite(ctx, ss.conn, st, &w); err != nil {
			return w, err
		}
		if format != FormatRow {
			if err := readUnsafe(ctx, ss.conn, st, &w, unsafe); err != nil {
				return w, err
			}
		}
	}
	w.Duration = time.Since(t0)
	return w, nil
}

// sessionFor returns the statement's logged connection, with its schema
// and the settings it gained since the last statement applied.
func sessionFor(ctx context.Context, db *sql.DB, sessions map[uint64]*session, st querylog.Statement) (*session, error) {
	ss := sessions[st.Thread]
	if ss == nil {
		conn, err := db.Conn(ctx)
		if err != nil {
			return nil, fmt.Errorf("connecting to the primary as the application account: %w", err)
		}
		ss = &session{conn: conn}
		sessions[st.Thread] = ss
	}
	if st.Schema != ss.schema {
		if _, err := stmt.Exec(ctx, ss.conn, "USE "+stmt.QuoteIdent(st.Schema)); err != nil {
			return nil, fmt.Errorf("USE %s on the primary: %w", st.Schema, err)
		}
		ss.schema = st.Schema
	}
	if len(st.Settings) < ss.applied {
		ss.applied = 0 // a new logged session under the same id
	}
	for _, set := range st.Settings[ss.applied:] {
		// A setting the primary refuses is the application's problem, not
		// the replication's: it is left out as the logged session had it.
		if _, err := stmt.Exec(ctx, ss.conn, setStatement(set)); err != nil && !isServerError(err) {
			return nil, fmt.Errorf("the session's %q on the primary: %w", set, err)
		}
	}
	ss.applied = len(st.Settings)
	return ss, nil
}

// setStatement turns a logged assignment into a SET statement.
func setStatement(s string) string {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";"))
	if len(t) >= 4 && strings.EqualFold(t[:4], "SET ") {
		return t
	}
	return "SET " + t
}

// runWrite runs one statement; an error of the server's is counted and
// sampled, any other stops the replay.
func runWrite(ctx context.Context, conn *sql.Conn, st querylog.Statement, w *outcome.Writes) error {
	rctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	_, err := stmt.Exec(rctx, conn, st.Text)
	var me *mysql.MySQLError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &me):
		w.Failed++
		if len(w.FailedSamples) < maxWriteSample {
			w.FailedSamples = append(w.FailedSamples, outcome.WriteProblem{SQL: st.Text, Line: st.Line, Code: int(me.Number), Message: me.Message})
		}
		return nil
	default:
		return fmt.Errorf("a write on the primary (line %d): %w", st.Line, err)
	}
}

// readUnsafe reads the statement's warnings and keeps 1592, once per class.
func readUnsafe(ctx context.Context, conn *sql.Conn, st querylog.Statement, w *outcome.Writes, seen map[string]int) error {
	warnings, err := stmt.ReadWarnings(ctx, conn)
	if err != nil {
		return fmt.Errorf("reading a write's warnings on the primary: %w", err)
	}
	for _, wn := range warnings {
		code, msg := wn.Code, wn.Message
		if code != unsafeCode {
			continue
		}
		class := querylog.Fingerprint(st.Text)
		if i, ok := seen[class]; ok {
			w.Unsafe[i].Count++
			continue
		}
		seen[class] = len(w.Unsafe)
		w.Unsafe = append(w.Unsafe, outcome.WriteProblem{SQL: st.Text, Line: st.Line, Code: code, Message: msg, Count: 1})
	}
	return nil
}

func isServerError(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me)
}
