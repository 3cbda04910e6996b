package schemacheck

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// byKind creates the objects of a dump read from a live server (one
// without Steps): the schemas, then each kind in sqlfile.Kinds' order.
func (l *loader) byKind(ctx context.Context, d *sqlfile.Dump) (*Load, error) {
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

// retryable are the errors of an object that needs another object created
// after it in the file: it is tried again once that one exists.
var retryable = map[uint16]bool{1146: true, 1824: true, 1215: true, 1005: true, 1356: true}

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
		_, err := stmt.Exec(ctx, l.conn, query)
		if serverError(err) != nil && s.SQL != "" {
			notes = append(notes, fmt.Sprintf("%s:%d: the target refused the schema's CREATE DATABASE (%s); created it with the target's defaults",
				d.File, s.Line, serverError(err).Message))
			_, err = stmt.Exec(ctx, l.conn, "CREATE DATABASE "+stmt.QuoteIdent(s.Name))
		}
		if err != nil {
			return nil, fmt.Errorf("creating schema %s on the target: %w", s.Name, err)
		}
	}
	return notes, nil
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
	_, err = stmt.Exec(ctx, l.conn, query)
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
		_, err := stmt.Exec(ctx, l.conn, alter)
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
