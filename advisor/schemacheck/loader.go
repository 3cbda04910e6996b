package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// loader creates the objects of a dump on one connection.
type loader struct {
	conn    *sql.Conn
	applied map[string]string // session settings set so far; absent: the default
	schema  string            // the connection's current schema
}

// use makes schema the connection's current one.
func (l *loader) use(ctx context.Context, schema string) error {
	if l.schema == schema {
		return nil
	}
	if _, err := stmt.Exec(ctx, l.conn, "USE "+stmt.QuoteIdent(schema)); err != nil {
		return fmt.Errorf("using schema %s on the target: %w", schema, err)
	}
	l.schema = schema
	return nil
}

// warnings keeps every SHOW WARNINGS row of warning level.
func (l *loader) warnings(ctx context.Context, r *Result) error {
	warnings, err := stmt.ReadWarnings(ctx, l.conn)
	if err != nil {
		return fmt.Errorf("reading the target's warnings: %w", err)
	}
	for _, w := range warnings {
		level, code, msg := w.Level, w.Code, w.Message
		if strings.Contains(msg, "Event scheduler is switched off") {
			continue // the sandbox runs without the scheduler: its doing, not the schema's
		}
		if (strings.EqualFold(level, "Warning") || strings.EqualFold(level, "Error")) && !r.hasProblem(code, msg) {
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusWarned, Code: code, Message: msg, Fix: fixForWarning(code, msg)})
		}
	}
	return nil
}

// refusal is the problem of a statement the server refused; a refusal of
// a right the application's account lacks on purpose is marked as the
// sandbox's limit (lacksRight).
func refusal(se *mysql.MySQLError) outcome.Problem {
	if lacksRight(se.Number) {
		return outcome.Problem{Kind: outcome.StatusRefused, Code: int(se.Number), Message: se.Message, Account: true, Fix: rightFix}
	}
	return outcome.Problem{Kind: outcome.StatusRefused, Code: int(se.Number), Message: se.Message, Fix: fixForError(se.Number, se.Message)}
}
