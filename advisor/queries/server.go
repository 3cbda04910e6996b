package queries

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Server is one side of the comparison: a sandbox the caller started and
// loaded, never a live server (the application's statements run on it).
type Server struct {
	// Name labels the side in the report, e.g. "today" or "target".
	Name string
	DB   *sql.DB
}

// side is a Server as the run knows it.
type side struct {
	Server
	flavor    flavor.Flavor
	version   string // VERSION() as the server says it
	collation string // @@collation_server
	// schemaCollations are the schemas' default collations, read once each.
	schemaCollations map[string]string
	// words are the side's reserved words, read when a 1064 asks.
	words reservedWords
}

// identify reads the server's flavor and default collation.
func identify(ctx context.Context, s Server) (*side, error) {
	if s.DB == nil {
		return nil, fmt.Errorf("server %q has no connection: open the sandbox's DSN first", s.Name)
	}
	out := &side{Server: s, schemaCollations: map[string]string{}}
	var comment string
	err := stmt.QueryRow(ctx, s.DB, "SELECT VERSION(), @@version_comment, @@collation_server").
		Scan(&out.version, &comment, &out.collation)
	if err != nil {
		return nil, fmt.Errorf("reading the version of %s: %w (is the sandbox running?)", s.Name, err)
	}
	if out.flavor, err = flavor.Identify(out.version, comment); err != nil {
		return nil, fmt.Errorf("identifying %s (%s): %w", s.Name, out.version, err)
	}
	return out, nil
}

// session is one fresh connection of a side with a statement's session applied.
type session struct {
	conn *sql.Conn
	side *side
	// problems are the logged session's SETs that the server refused.
	problems []serverError
}

// open takes a new connection (never one another class used), sets the
// statement timeout, and applies the logged session: USE, then its SETs.
func (s *side) open(ctx context.Context, st Statement, timeout time.Duration) (*session, error) {
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", s.Name, err)
	}
	ss := &session{conn: conn, side: s}
	if st.Schema != "" {
		if _, err := stmt.Exec(ctx, conn, "USE "+stmt.QuoteIdent(st.Schema)); err != nil {
			ss.close()
			return nil, fmt.Errorf("USE %s on %s: %w (load the schema on both sandboxes first)", st.Schema, s.Name, err)
		}
	}
	for _, set := range st.Session {
		if _, err := stmt.Exec(ctx, conn, sessionStatement(set)); err != nil {
			se, ok := asServerError(err)
			if !ok {
				ss.close()
				return nil, fmt.Errorf("applying the session's %q on %s: %w", set, s.Name, err)
			}
			ss.problems = append(ss.problems, se)
		}
	}
	if err := ss.setTimeout(ctx, timeout); err != nil {
		ss.close()
		return nil, err
	}
	return ss, nil
}

// setTimeout bounds every statement of the session on the server side:
// MariaDB's max_statement_time (seconds, every statement), MySQL's
// max_execution_time (milliseconds, SELECT only; the context's deadline
// bounds the rest).
func (ss *session) setTimeout(ctx context.Context, timeout time.Duration) error {
	q := "SET SESSION max_execution_time = " + strconv.FormatInt(timeout.Milliseconds(), 10)
	if ss.side.flavor.IsMariaDB() {
		q = "SET SESSION max_statement_time = " + strconv.FormatFloat(timeout.Seconds(), 'f', 3, 64)
	}
	if _, err := stmt.Exec(ctx, ss.conn, q); err != nil {
		return fmt.Errorf("setting the statement timeout on %s: %w", ss.side.Name, err)
	}
	return nil
}

// close discards the connection, so no session state reaches another class.
func (ss *session) close() {
	_ = ss.conn.Raw(func(any) error { return driver.ErrBadConn })
	_ = ss.conn.Close()
}

// serverError is an error as the server gave it.
type serverError struct {
	Code    int
	Message string
}

func (e serverError) String() string { return fmt.Sprintf("%d %s", e.Code, e.Message) }

// asServerError returns the server's code and message of err, if the server sent one.
func asServerError(err error) (serverError, bool) {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return serverError{Code: int(me.Number), Message: me.Message}, true
	}
	return serverError{}, false
}

// timeoutCodes are the errors of a statement stopped by the statement timeout.
var timeoutCodes = map[int]bool{1969: true, 3024: true, 1317: true}

// schemaCollation returns the default collation of schema (the server's
// for ""), read once: the collation the application's tables got when
// they were created without one.
func (s *side) schemaCollation(ctx context.Context, schema string) (string, error) {
	if schema == "" {
		return s.collation, nil
	}
	if c, ok := s.schemaCollations[schema]; ok {
		return c, nil
	}
	var c string
	err := stmt.QueryRow(ctx, s.DB, "SELECT DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", schema).Scan(&c)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("reading the collation of schema %s on %s: %w", schema, s.Name, err)
	}
	s.schemaCollations[schema] = c
	return c, nil
}
