package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// KindStatement is the kind of a statement of the file that is not an
// object's definition (an INSERT of an install script, a SET, an EXECUTE)
// and failed on the server.
const KindStatement sqlfile.Kind = "statement"

// run sends one step and attributes its outcome.
func (rp *replayer) run(ctx context.Context, s sqlfile.Step) error {
	switch s.Kind {
	case sqlfile.StepSetAside, sqlfile.StepData:
		// A dump's rows (--with-data) are loaded after the whole file by the
		// contained run (run.go), as the application account, so that the
		// triggers the dump creates after its rows fire on them.
		return nil
	}
	if r := rp.objectOf(s); r != nil && s.Kind == sqlfile.StepCreate {
		differs, err := rp.beforeCreate(ctx, r)
		if err != nil {
			return err
		}
		_, err = stmt.Exec(ctx, rp.conn, rp.text(s))
		return rp.created(ctx, s, err, differs, true)
	}
	_, err := stmt.Exec(ctx, rp.conn, rp.text(s))
	return rp.answered(ctx, s, err, true)
}

// objectOf is the result of the object a StepCreate creates or a StepAlter
// changes, nil for any other step.
func (rp *replayer) objectOf(s sqlfile.Step) *Result {
	if (s.Kind != sqlfile.StepCreate && s.Kind != sqlfile.StepAlter) || s.Object < 0 || s.Object >= len(rp.objects) {
		return nil // no object of the file's: a statement the server answers
	}
	return rp.objects[s.Object]
}

// text is the step as it is sent: an object's definition with the
// application's account as its DEFINER.
func (rp *replayer) text(s sqlfile.Step) string {
	if r := rp.objectOf(s); r != nil && s.Kind == sqlfile.StepCreate {
		query, _ := asLoader(r.Object.Kind, s.SQL)
		return query
	}
	return s.SQL
}

// answered attributes the server's answer err (nil: it ran) to step s; warn
// reads the server's warnings of a step that was the last the server ran.
func (rp *replayer) answered(ctx context.Context, s sqlfile.Step, err error, warn bool) error {
	if r := rp.objectOf(s); r != nil && s.Kind == sqlfile.StepAlter {
		return rp.altered(ctx, s, err, warn)
	}
	se := serverError(err)
	if err != nil && se == nil {
		return fmt.Errorf("%s: running %s on the sandbox: %w", s.Source(rp.d.File), s.What, err)
	}
	if touchesMode(s) {
		rp.modeKnown = false
		if se != nil && isSet(s) {
			// The client shows the refusal at the SET; the objects after it
			// still load, under the mode the session keeps (followRefusedMode).
			p := refusal(se)
			p.Source = s.Source(rp.d.File)
			rp.modeFailure = &p
			rp.statementFailed(s, refusal(se))
			return nil
		}
		if se == nil {
			rp.modeFailure = nil
		}
	}
	if se == nil {
		return nil
	}
	if s.Schema != "" { // a CREATE DATABASE the target refuses: the load goes on in the target's defaults
		return rp.schemaRefused(ctx, s, se.Message)
	}
	rp.statementFailed(s, refusal(se))
	return nil
}

// beforeCreate sets up the session for an object's definition: the flags
// of a refused sql_mode the target has; differs is whether the session's
// sql_mode is not the server's default.
func (rp *replayer) beforeCreate(ctx context.Context, r *Result) (differs bool, err error) {
	if rp.modeFailure != nil {
		if err := rp.followRefusedMode(ctx, r); err != nil {
			return false, err
		}
	}
	return rp.sessionModeDiffers(ctx)
}

// created attributes the server's answer err to an object's definition.
func (rp *replayer) created(ctx context.Context, s sqlfile.Step, err error, differs, warn bool) error {
	r := rp.objects[s.Object]
	if se := serverError(err); se != nil {
		p := rp.consequence(s, refusal(se))
		r.Problems = append(r.Problems, p)
		rp.markFailed(r.Object)
		return nil
	} else if err != nil {
		return fmt.Errorf("%s: creating %s %s on the sandbox: %w", s.Source(rp.d.File), r.Object.Kind, r.Object.Name, err)
	}
	r.Created = true
	r.modeDiffers = differs
	if differs {
		r.mode = rp.mode
	}
	if !warn {
		return nil
	}
	return rp.warnings(ctx, r)
}

// altered attributes the server's answer err to a statement that changes a
// table the file created, where the file has it. Its failure is the
// statement's, at its own line, as the client shows it: the table itself
// loaded, and carries a warning that it is not what the file made of it.
func (rp *replayer) altered(ctx context.Context, s sqlfile.Step, err error, warn bool) error {
	r := rp.objects[s.Object]
	if se := serverError(err); se != nil {
		rp.statementFailed(s, refusal(se))
		w := rp.consequence(s, refusal(se))
		w.Kind = outcome.StatusWarned
		w.Message = "its later " + excerpt(s.SQL) + " was refused: " + w.Message
		w.Source = s.Source(rp.d.File)
		r.Problems = append(r.Problems, w)
		return nil
	} else if err != nil {
		return fmt.Errorf("%s: %s on the sandbox: %w", s.Source(rp.d.File), s.What, err)
	}
	if !warn {
		return nil
	}
	return rp.warnings(ctx, r)
}

// statementFailed records a failed statement that defines no object.
func (rp *replayer) statementFailed(s sqlfile.Step, p outcome.Problem) {
	p = rp.consequence(s, p)
	o := sqlfile.Object{Kind: KindStatement, Name: s.What, File: rp.d.File, Line: s.Line, SQL: s.SQL}
	rp.load.Statements = append(rp.load.Statements, &Result{Object: o, Problems: []outcome.Problem{p}})
	rp.chargeTriggers(s, p)
}

// chargeTriggers names the triggers a failed row statement fired: a write
// to a table with triggers that the server refused is, as likely as not,
// refused in a trigger's body (a SET GLOBAL, a file written), so each
// trigger of that table gets the problem too, with the statement that
// fired it.
func (rp *replayer) chargeTriggers(s sqlfile.Step, p outcome.Problem) {
	table := writtenTable(s.What)
	if table == "" {
		return
	}
	for _, r := range rp.objects {
		if r.Object.Kind == sqlfile.KindTrigger && r.Created && strings.EqualFold(r.Object.Table, table) {
			q := p
			q.Message = "fired by " + s.What + " (" + s.Source(rp.d.File) + "): " + p.Message
			r.Problems = append(r.Problems, q)
		}
	}
}

// writtenTable is the unqualified table a statement named "INSERT INTO t",
// "REPLACE INTO s.t", "UPDATE t" or "DELETE FROM t" writes, "" otherwise.
func writtenTable(what string) string {
	f := strings.Fields(what)
	if len(f) < 2 {
		return ""
	}
	switch strings.ToUpper(f[0]) {
	case "INSERT", "REPLACE", "UPDATE", "DELETE":
	default:
		return ""
	}
	name := f[len(f)-1]
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return strings.Trim(name, "`")
}

// schemaRefused creates a schema whose CREATE DATABASE the target refused
// with the target's defaults, so that the file's objects are still checked.
func (rp *replayer) schemaRefused(ctx context.Context, s sqlfile.Step, msg string) error {
	rp.load.Notes = append(rp.load.Notes, fmt.Sprintf("%s: the target refused the schema's CREATE DATABASE (%s); created it with the target's defaults",
		s.Source(rp.d.File), msg))
	if _, err := stmt.Exec(ctx, rp.conn, "CREATE DATABASE IF NOT EXISTS "+stmt.QuoteIdent(s.Schema)); err != nil {
		return fmt.Errorf("creating schema %s on the sandbox: %w", s.Schema, err)
	}
	return nil
}
