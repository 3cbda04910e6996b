// Package schemacheck puts an application's schema through a server of the
// target version: it creates every object of a dump on a throwaway server,
// in dependency order and with the session settings the dump gave it, and
// asks that server what it made of each (refused, fails when called,
// reserved names, changed definitions, warnings). It never runs on a live
// server: the connection it is given is a sandbox's.
package schemacheck

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// DefaultSchema holds the objects of a file that names no schema.
const DefaultSchema = "app"

// Result is what one server made of one object.
type Result struct {
	Object   sqlfile.Object
	Created  bool
	Problems []outcome.Problem
	// modeRefused is set when the target refused the object's sql_mode.
	modeRefused bool
	// modeDiffers is set for an object created under another sql_mode
	// than the server's default, mode is that sql_mode.
	modeDiffers bool
	mode        string
}

// Load is the outcome of loading a dump on one server.
type Load struct {
	// Results are the objects, in the dump's order.
	Results []*Result
	// Statements are the file's other statements that failed, in file order.
	Statements []*Result
	Notes      []string
}

// loader creates the objects of a dump on one connection.
type loader struct {
	conn    *sql.Conn
	applied map[string]string // session settings set so far; absent: the default
	schema  string            // the connection's current schema
}

// retryable are the errors of an object that needs another object created
// after it in the file: it is tried again once that one exists.
var retryable = map[uint16]bool{1146: true, 1824: true, 1215: true, 1005: true, 1356: true}

// LoadDump creates every object of d on conn, tables first, then functions,
// procedures, views, triggers and events; within a kind in file order, and
// again while an object that failed on a missing object can now be made.
// A server error never stops the load; only a lost connection does.
//
// A file's dump (with Steps) is replayed in file order instead, as the mysql
// client runs it; see replay.
func LoadDump(ctx context.Context, conn *sql.Conn, d *sqlfile.Dump) (*Load, error) {
	l := &loader{conn: conn, applied: map[string]string{}}
	if d.Steps != nil {
		return l.replay(ctx, d)
	}
	out := &Load{}
	notes, err := l.createSchemas(ctx, d)
	if err != nil {
		return nil, err
	}
	out.Notes = notes
	for _, kind := range sqlfile.Kinds {
		results, err := l.createKind(ctx, d, kind)
		if err != nil {
			return nil, err
		}
		out.Results = append(out.Results, results...)
	}
	return out, nil
}

// createSchemas creates the schemas the file creates or uses.
func (l *loader) createSchemas(ctx context.Context, d *sqlfile.Dump) ([]string, error) {
	var notes []string
	defs := d.Schemas
	for _, o := range d.Objects {
		if o.Schema == "" {
			defs = append(defs, sqlfile.SchemaDef{Name: DefaultSchema})
			break
		}
	}
	for _, s := range defs {
		query := s.SQL
		if query == "" {
			query = "CREATE DATABASE " + stmt.QuoteIdent(s.Name)
		}
		_, err := l.conn.ExecContext(ctx, stmt.Tagged(query))
		if serverError(err) != nil && s.SQL != "" {
			notes = append(notes, fmt.Sprintf("%s:%d: the target refused the schema's CREATE DATABASE (%s); created it with the target's defaults",
				d.File, s.Line, serverError(err).Message))
			_, err = l.conn.ExecContext(ctx, stmt.Tag+"CREATE DATABASE "+stmt.QuoteIdent(s.Name))
		}
		if err != nil {
			return nil, fmt.Errorf("creating schema %s on the target: %w", s.Name, err)
		}
	}
	return notes, nil
}

// schemaOf is the schema an object is created in.
func schemaOf(o sqlfile.Object) string {
	if o.Schema == "" {
		return DefaultSchema
	}
	return o.Schema
}

// createKind creates the objects of one kind, retrying those that waited on
// another until no more can be made.
func (l *loader) createKind(ctx context.Context, d *sqlfile.Dump, kind sqlfile.Kind) ([]*Result, error) {
	var all, pending []*Result
	for _, o := range d.Objects {
		if o.Kind == kind {
			r := &Result{Object: o}
			all = append(all, r)
			pending = append(pending, r)
		}
	}
	for len(pending) > 0 {
		var again []*Result
		for _, r := range pending {
			wait, err := l.create(ctx, r)
			if err != nil {
				return nil, err
			}
			if wait {
				again = append(again, r)
			}
		}
		if len(again) == len(pending) {
			break
		}
		for _, r := range again {
			r.Problems = nil
		}
		pending = again
	}
	return all, nil
}

// create makes one object. wait reports a failure another object of the
// same kind may cure.
func (l *loader) create(ctx context.Context, r *Result) (wait bool, err error) {
	o := r.Object
	if err := l.applySession(ctx, r); err != nil {
		return false, err
	}
	if err := l.use(ctx, schemaOf(o)); err != nil {
		return false, err
	}
	query, _ := asLoader(o.Kind, o.SQL)
	_, err = l.conn.ExecContext(ctx, stmt.Tagged(query))
	if se := serverError(err); se != nil {
		r.Problems = append(r.Problems, refusal(se))
		return retryable[se.Number], nil
	} else if err != nil {
		return false, fmt.Errorf("creating %s %s on the target: %w", o.Kind, o.Name, err)
	}
	r.Created = true
	if err := l.warnings(ctx, r); err != nil {
		return false, err
	}
	for _, alter := range o.Alters {
		_, err := l.conn.ExecContext(ctx, stmt.Tagged(alter))
		if se := serverError(err); se != nil {
			p := refusal(se)
			p.Message = "in " + excerpt(alter) + ": " + p.Message
			r.Problems = append(r.Problems, p)
			continue
		} else if err != nil {
			return false, err
		}
		if err := l.warnings(ctx, r); err != nil {
			return false, err
		}
	}
	return false, nil
}

// use makes schema the connection's current one.
func (l *loader) use(ctx context.Context, schema string) error {
	if l.schema == schema {
		return nil
	}
	if _, err := l.conn.ExecContext(ctx, stmt.Tag+"USE "+stmt.QuoteIdent(schema)); err != nil {
		return fmt.Errorf("using schema %s on the target: %w", schema, err)
	}
	l.schema = schema
	return nil
}

// warnings keeps every SHOW WARNINGS row of warning level.
func (l *loader) warnings(ctx context.Context, r *Result) error {
	rows, err := l.conn.QueryContext(ctx, stmt.Tag+"SHOW WARNINGS")
	if err != nil {
		return fmt.Errorf("reading the target's warnings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var level, msg string
		var code int
		if err := rows.Scan(&level, &code, &msg); err != nil {
			return err
		}
		if strings.Contains(msg, "Event scheduler is switched off") {
			continue // the sandbox runs without the scheduler: its doing, not the schema's
		}
		if (strings.EqualFold(level, "Warning") || strings.EqualFold(level, "Error")) && !r.hasProblem(code, msg) {
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusWarned, Code: code, Message: msg, Fix: fixForWarning(code, msg)})
		}
	}
	return rows.Err()
}

// hasProblem reports whether the object already has this code and message
// (a warning repeated for every column is kept once).
func (r *Result) hasProblem(code int, msg string) bool {
	for _, p := range r.Problems {
		if p.Code == code && p.Message == msg {
			return true
		}
	}
	return false
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

// serverError returns err as the server's own error, or nil.
func serverError(err error) *mysql.MySQLError {
	var se *mysql.MySQLError
	if errors.As(err, &se) {
		return se
	}
	return nil
}

// excerpt shortens a statement for a message.
func excerpt(sql string) string {
	s := strings.Join(strings.Fields(sql), " ")
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return s
}
