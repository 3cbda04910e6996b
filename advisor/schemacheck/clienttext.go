package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The mysql client sends the text up to its delimiter as one query and the
// server cuts it into statements. A client statement the reader cut into
// several server statements (DROP PROCEDURE p; CREATE PROCEDURE p() ...
// under DELIMITER $$) is sent the same way on the sandbox, as one text on
// the application's connection (multiStatements=true: a sandbox's, never a
// live server's), and the server's answer is the judge: how many of its
// statements the server ran (stmt.RunText) and the error it stopped at.
// Where the server cut the text otherwise than the reader did, the
// server's answer is kept.

// clientSteps is how many steps, from the first of steps, belong to its
// client statement.
func clientSteps(steps []sqlfile.Step) int {
	if steps[0].Client == 0 {
		return 1
	}
	n := 1
	for n < len(steps) && steps[n].Client == steps[0].Client {
		n++
	}
	return n
}

// runClient runs the steps of one client statement: one step as it is
// (run); several as one text, on a connection that takes texts. On a
// caller's own connection without multiStatements, or for a client
// statement with a step the tool does not run (set aside for a reason,
// a dump's rows), which cannot be sent whole, the steps run one by one.
func (rp *replayer) runClient(ctx context.Context, steps []sqlfile.Step) error {
	if len(steps) > 1 && allRun(steps) {
		if rp.takesTexts == nil {
			takes, err := stmt.TakesTexts(ctx, rp.conn)
			if err != nil {
				return err
			}
			rp.takesTexts = &takes
		}
		if *rp.takesTexts {
			return rp.runText(ctx, steps)
		}
	}
	for _, s := range steps {
		if err := rp.run(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// allRun reports whether every one of steps can be sent: none is set aside
// (but a text the reader knows no statement of, which the server cuts and
// answers within the client statement) or a dump's rows.
func allRun(steps []sqlfile.Step) bool {
	for _, s := range steps {
		if s.Kind == sqlfile.StepSetAside && s.Unknown == "" || s.Kind == sqlfile.StepData {
			return false
		}
	}
	return true
}

// runText sends steps, the statements of one client statement, as one
// text and attributes the server's answer: the statements before the one
// the server stopped at ran, that one has the server's error, and those
// after it did not run (as with the mysql client, which goes on with its
// next client statement). Only the last statement's warnings can be read
// (the server keeps those of the last statement it ran).
func (rp *replayer) runText(ctx context.Context, steps []sqlfile.Step) error {
	differs, err := rp.beforeText(ctx, steps)
	if err != nil {
		return err
	}
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = rp.text(s)
		if s.Kind == sqlfile.StepSetAside {
			parts[i] = s.Unknown
		}
	}
	ran, failed, err := stmt.RunText(ctx, rp.conn, strings.Join(parts, ";\n"))
	if err != nil {
		return fmt.Errorf("%s: running the client statement on the sandbox: %w", steps[0].Source(rp.d.File), err)
	}
	stop := len(steps)
	if failed != nil {
		stop = min(max(ran, 1), len(steps)) - 1
	} else if ran != len(steps) {
		rp.load.Notes = append(rp.load.Notes, fmt.Sprintf("%s: the server ran this client statement as %d statements where the tool's reading has %d; the server's answer is kept",
			steps[0].Source(rp.d.File), ran, len(steps)))
	}
	touched := false
	for i, s := range steps {
		var err error
		switch {
		case i < stop:
			err = rp.answeredInText(ctx, s, nil, differs[i], touched, failed == nil && i == len(steps)-1)
		case i == stop:
			err = rp.answeredInText(ctx, s, failed, differs[i], touched, false)
		default:
			rp.notRun(steps[stop], s, i-stop)
		}
		if err != nil {
			return err
		}
		touched = touched || touchesMode(s)
	}
	return nil
}

// beforeText sets up the session for the definitions among steps
// (beforeCreate) and returns, for each step, whether the session's sql_mode
// differs from the server's default before the text runs.
func (rp *replayer) beforeText(ctx context.Context, steps []sqlfile.Step) ([]bool, error) {
	differs := make([]bool, len(steps))
	for i, s := range steps {
		if r := rp.objectOf(s); r != nil && s.Kind == sqlfile.StepCreate {
			d, err := rp.beforeCreate(ctx, r)
			if err != nil {
				return nil, err
			}
			differs[i] = d
		}
	}
	return differs, nil
}

// answeredInText attributes the server's answer err to step s of a text:
// a definition after a statement of the same text that may have changed
// sql_mode (touched) is judged by the mode the session has after the text.
func (rp *replayer) answeredInText(ctx context.Context, s sqlfile.Step, err error, differs, touched, warn bool) error {
	r := rp.objectOf(s)
	if r == nil || s.Kind != sqlfile.StepCreate {
		return rp.answered(ctx, s, err, warn)
	}
	if touched && err == nil {
		var derr error
		if differs, derr = rp.sessionModeDiffers(ctx); derr != nil {
			return derr
		}
	}
	return rp.created(ctx, s, err, differs, warn)
}

// notRun records a statement of a text that did not run because the server
// stopped the text at an earlier statement, at: an object it defines is a
// consequence of that refusal; any other statement is counted in a note.
func (rp *replayer) notRun(at, s sqlfile.Step, after int) {
	where := at.Source(rp.d.File)
	r := rp.objectOf(s)
	if r == nil || s.Kind != sqlfile.StepCreate {
		rp.load.Notes = append(rp.load.Notes, fmt.Sprintf("%s: %s did not run: the server stopped its client statement at %s (%s), %d statement(s) before it, as the mysql client's load does",
			s.Source(rp.d.File), s.What, at.What, where, after))
		return
	}
	r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusBlocked, CausedBy: where,
		Message: fmt.Sprintf("not run (a consequence: the server stopped the text of its client statement at %s, refused at %s)", at.What, where),
		Fix:     "fix " + at.What + " first"})
	rp.markFailed(r.Object)
}

// sentWithTheirText makes the statements the reader knows none of
// (Step.Unknown) that the replay on a sandbox sends within their client
// statement, for the server to cut and answer (runClient), statements of
// the script: there they are not set aside, and the server's answer is
// theirs. One alone in its client statement stays set aside.
func sentWithTheirText(d *sqlfile.Dump) {
	for i := 0; i < len(d.Steps); {
		n := clientSteps(d.Steps[i:])
		steps := d.Steps[i : i+n]
		i += n
		if n == 1 || !allRun(steps) {
			continue
		}
		for j := range steps {
			s := &steps[j]
			if s.Kind != sqlfile.StepSetAside || s.Unknown == "" {
				continue
			}
			s.Kind, s.SQL, s.Reason = sqlfile.StepScript, s.Unknown, ""
			if d.SetAside[sqlfile.UnknownStatement]--; d.SetAside[sqlfile.UnknownStatement] <= 0 {
				delete(d.SetAside, sqlfile.UnknownStatement)
			}
		}
	}
}
