package schemacheck

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// replay runs the file's steps on the connection in file order, as the
// mysql client sends them with --force: every statement with the session
// the statements before it left, an error never stopping the load. Each
// failure is the problem of the object the statement creates or changes,
// or of the statement itself; one caused by an earlier failure (a missing
// table that the file's own CREATE failed to make) is reported as that
// one's consequence.
func (l *loader) replay(ctx context.Context, d *sqlfile.Dump) (*Load, error) {
	out := &Load{}
	if err := l.namedSchemas(ctx, d); err != nil {
		return nil, err
	}
	rp := &replayer{loader: l, d: d, load: out, objects: make([]*Result, len(d.Objects)), failed: map[string]string{}}
	for i, o := range d.Objects {
		rp.objects[i] = &Result{Object: o}
	}
	out.Results = rp.objects
	for i := 0; i < len(d.Steps); {
		n := clientSteps(d.Steps[i:])
		if err := rp.runClient(ctx, d.Steps[i:i+n]); err != nil {
			return nil, err
		}
		i += n
	}
	l.schema = "" // the file's USE statements moved it
	if _, err := stmt.Exec(ctx, l.conn, "SET SESSION sql_mode = DEFAULT, foreign_key_checks = DEFAULT"); err != nil {
		return nil, fmt.Errorf("resetting the session after the load: %w", err)
	}
	l.applied = map[string]string{}
	return out, nil
}

// namedSchemas creates what the application expects to exist before its
// file runs: the schemas it uses or names without creating them, and the
// schema its first statements run in (USE'd).
func (l *loader) namedSchemas(ctx context.Context, d *sqlfile.Dump) error {
	var names []string
	for _, s := range d.Schemas {
		if s.SQL == "" {
			names = append(names, s.Name)
		}
	}
	def := ""
	if d.NeedsDefault {
		def = d.DefaultSchema
		if def == "" {
			def = DefaultSchema
		}
		names = append(names, def)
	}
	for _, name := range names {
		if _, err := stmt.Exec(ctx, l.conn, "CREATE DATABASE IF NOT EXISTS "+stmt.QuoteIdent(name)); err != nil {
			return fmt.Errorf("creating schema %s on the sandbox: %w", name, err)
		}
	}
	if def != "" {
		if _, err := stmt.Exec(ctx, l.conn, "USE "+stmt.QuoteIdent(def)); err != nil {
			return fmt.Errorf("using schema %s on the sandbox: %w", def, err)
		}
	}
	return nil
}
