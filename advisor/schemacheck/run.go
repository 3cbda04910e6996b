package schemacheck

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// runTimeout bounds each statement of the contained run: a routine that
// loops is cut off, and the run ends there with a note.
const runTimeout = 10 * time.Second

// eventRunner is the scratch procedure an event's body runs in.
const eventRunner = "upgrade_advisor_event_body"

// runContained runs the application's objects once on the target, as the
// application's account (conn), the way the application would make the
// server run them: the file's rows (with --with-data: its triggers fire),
// every procedure that takes no arguments, every view read (the functions
// it calls run), every event's body (as the scheduler would run it; the
// sandbox's own scheduler is off). What the server refuses is added to the
// object that tried, with the server's code: a definition that needs more
// than the account's rights (SUPER, SYSTEM_VARIABLES_ADMIN, FILE, plugins)
// is named here. It returns notes for the report.
func runContained(ctx context.Context, conn *sql.Conn, d *sqlfile.Dump, objects []outcome.Object) ([]string, error) {
	r := &containedRun{conn: conn, d: d, objects: objects, index: map[string]int{}}
	for i, o := range objects {
		r.index[o.Kind+"\x00"+o.Name] = i
	}
	steps := []func(context.Context) error{r.data, r.procedures, r.views, r.events}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			if errors.Is(err, errRunCut) {
				r.notes = append(r.notes, err.Error())
				break
			}
			return nil, err
		}
	}
	r.notes = append([]string{fmt.Sprintf("run contained, as the application's account: %s", strings.Join(r.ran, ", "))}, r.notes...)
	return r.notes, nil
}

// errRunCut ends the contained run early (a statement timed out or the
// connection was lost): what ran so far is reported.
var errRunCut = errors.New("the contained run stopped")

type containedRun struct {
	conn    *sql.Conn
	d       *sqlfile.Dump
	objects []outcome.Object
	index   map[string]int // kind, name -> objects
	ran     []string
	notes   []string
}

// created is the object of kind and name if the target created it.
func (r *containedRun) created(kind sqlfile.Kind, name string) (*outcome.Object, bool) {
	i, ok := r.index[string(kind)+"\x00"+name]
	if !ok || r.objects[i].Status == outcome.StatusRefused || r.objects[i].Status == outcome.StatusBlocked {
		return nil, false
	}
	return &r.objects[i], true
}

// exec runs one statement of the run; a server error is returned as such,
// a timeout or lost connection as errRunCut.
func (r *containedRun) exec(ctx context.Context, query string) error {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	var err error
	for _, err = range stmt.Rows(ctx, r.conn, query) {
		// drained: a CALL's later results may hold its error
	}
	if err != nil && serverError(err) == nil {
		return fmt.Errorf("%w at %s (%v): later objects were not run", errRunCut, excerpt(query), err)
	}
	return err
}

// tried records what the server refused an object when it ran.
func (r *containedRun) tried(o *outcome.Object, how string, err error) {
	se := serverError(err)
	if se == nil {
		return
	}
	o.Problems = append(o.Problems, outcome.Problem{Kind: outcome.StatusWarned, Code: int(se.Number),
		Message: "when run in the sandbox (" + how + "): " + se.Message,
		Fix:     "it ran as an account with no rights beyond the application's schemas; a statement it runs needs more (SUPER, SYSTEM_VARIABLES_ADMIN, FILE, plugins) or failed on the target: check what it does"})
	o.Status = outcome.Worst(o.Problems)
}

// data loads the file's rows (--with-data); a row refused is charged to
// the triggers of its table, or to the table when it has none.
func (r *containedRun) data(ctx context.Context) error {
	if len(r.d.Data) == 0 {
		return nil
	}
	applied := map[string]string{}
	for _, row := range r.d.Data {
		for _, set := range row.Session {
			if v, ok := applied[set.Name]; ok && v == set.Value {
				continue
			}
			if err := r.exec(ctx, "SET SESSION "+set.Name+" = "+set.Value); err != nil && serverError(err) == nil {
				return err
			}
			applied[set.Name] = set.Value
		}
		schema := row.Schema
		if schema == "" {
			schema = DefaultSchema
		}
		if err := r.exec(ctx, "USE "+stmt.QuoteIdent(schema)); err != nil {
			if serverError(err) != nil {
				continue
			}
			return err
		}
		err := r.exec(ctx, row.SQL)
		if err == nil || serverError(err) == nil {
			if err != nil {
				return err
			}
			continue
		}
		how := fmt.Sprintf("the rows of %s at %s:%d", row.Table, r.d.File, row.Line)
		charged := false
		for _, o := range r.d.Objects {
			if o.Kind == sqlfile.KindTrigger && strings.EqualFold(o.Table, row.Table) && schemaOf(o) == schema {
				if obj, ok := r.created(o.Kind, qualifiedName(o)); ok {
					r.tried(obj, how+" fired it", err)
					charged = true
				}
			}
		}
		if !charged {
			if obj, ok := r.created(sqlfile.KindTable, qualifiedTable(row)); ok {
				r.tried(obj, how, err)
			}
		}
	}
	r.ran = append(r.ran, fmt.Sprintf("%d row statements loaded", len(r.d.Data)))
	return nil
}

// qualifiedTable is the report name of a data statement's table.
func qualifiedTable(row sqlfile.DataStatement) string {
	if row.Schema == "" {
		return row.Table
	}
	return row.Schema + "." + row.Table
}

// eachCreated runs one object of kind at a time, in file order, for
// every object of that kind the target created: run says whether it ran
// (counted in the note, with ran's format) and returns only an error that
// ends the contained run.
func (r *containedRun) eachCreated(ctx context.Context, kind sqlfile.Kind, ran string,
	run func(context.Context, sqlfile.Object, *outcome.Object) (bool, error)) error {
	n := 0
	for _, o := range r.d.Objects {
		if o.Kind != kind {
			continue
		}
		obj, ok := r.created(kind, qualifiedName(o))
		if !ok {
			continue
		}
		done, err := run(ctx, o, obj)
		if err != nil {
			return err
		}
		if done {
			n++
		}
	}
	r.ran = append(r.ran, fmt.Sprintf(ran, n))
	return nil
}

// procedures calls every procedure without arguments once.
func (r *containedRun) procedures(ctx context.Context) error {
	return r.eachCreated(ctx, sqlfile.KindProcedure, "%d procedures without arguments called", r.call)
}

// call calls procedure o; one that takes arguments is not called.
func (r *containedRun) call(ctx context.Context, o sqlfile.Object, obj *outcome.Object) (bool, error) {
	call := "CALL " + quotedName(o) + "()"
	err := r.exec(ctx, call)
	if se := serverError(err); se != nil && se.Number == 1318 {
		return false, nil // it takes arguments: not called
	}
	if err != nil && serverError(err) == nil {
		return false, err
	}
	r.tried(obj, call, err)
	return true, nil
}

// views reads one row of every view: the functions it calls run.
func (r *containedRun) views(ctx context.Context) error {
	return r.eachCreated(ctx, sqlfile.KindView, "%d views read", r.read)
}

// read reads one row of view o.
func (r *containedRun) read(ctx context.Context, o sqlfile.Object, obj *outcome.Object) (bool, error) {
	query := "SELECT * FROM " + quotedName(o) + " LIMIT 1"
	err := r.exec(ctx, query)
	if err != nil && serverError(err) == nil {
		return false, err
	}
	r.tried(obj, query, err)
	r.calledBy(o, query, err)
	return true, nil
}

// calledBy charges a refused read of view v to the file's own functions
// the view calls, as well as to the view.
func (r *containedRun) calledBy(v sqlfile.Object, how string, err error) {
	if serverError(err) == nil {
		return
	}
	for _, name := range sqlfile.CalledFunctions(v.SQL) {
		for _, f := range r.d.Objects {
			if f.Kind == sqlfile.KindFunction && strings.EqualFold(f.Name, name) && schemaOf(f) == schemaOf(v) {
				if obj, ok := r.created(f.Kind, qualifiedName(f)); ok {
					r.tried(obj, how+", through view "+v.Name, err)
				}
			}
		}
	}
}

// events runs every event's body once, as the scheduler would (with the
// event's definer, the application's account), in a scratch procedure
// dropped after.
func (r *containedRun) events(ctx context.Context) error {
	return r.eachCreated(ctx, sqlfile.KindEvent, "%d event bodies run", r.runBody)
}

// runBody runs the body of event o once; a body that cannot be read or
// made into a procedure is not run.
func (r *containedRun) runBody(ctx context.Context, o sqlfile.Object, obj *outcome.Object) (bool, error) {
	var body string
	err := stmt.QueryRow(ctx, r.conn, "SELECT EVENT_DEFINITION FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? AND EVENT_NAME = ?",
		schemaOf(o), o.Name).Scan(&body)
	if err != nil {
		r.notes = append(r.notes, fmt.Sprintf("event %s: its body could not be read (%v); not run", qualifiedName(o), err))
		return false, nil
	}
	runner := stmt.QuoteIdent(schemaOf(o)) + "." + stmt.QuoteIdent(eventRunner)
	if err := r.exec(ctx, "DROP PROCEDURE IF EXISTS "+runner); err != nil && serverError(err) == nil {
		return false, err
	}
	if err := r.exec(ctx, "CREATE PROCEDURE "+runner+"() "+body); err != nil {
		if serverError(err) == nil {
			return false, err
		}
		r.tried(obj, "its body, in a procedure", err)
		return false, nil
	}
	err = r.exec(ctx, "CALL "+runner+"()")
	if err != nil && serverError(err) == nil {
		return false, err
	}
	r.tried(obj, "its body, as the scheduler runs it", err)
	if derr := r.exec(ctx, "DROP PROCEDURE IF EXISTS "+runner); derr != nil && serverError(derr) == nil {
		return false, derr
	}
	return true, nil
}
