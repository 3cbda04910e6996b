package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// replayer holds the state of one replay (replay.go): the objects' results,
// the failures a later statement's failure may be a consequence of
// (consequence.go), and the session's sql_mode as the file's statements
// leave it, which the methods below follow.
type replayer struct {
	*loader
	d       *sqlfile.Dump
	load    *Load
	objects []*Result // by index in d.Objects
	// failed maps the lower-cased name (and schema.name) of every object
	// whose definition the server refused to where the file defines it.
	failed map[string]string
	// modeFailure is the server's refusal of the file's last SET of
	// sql_mode, while no later one succeeded: objects created meanwhile
	// carry it.
	modeFailure *outcome.Problem
	// modeDiffers is whether the session's sql_mode is not the server's
	// default, mode the session's sql_mode; modeKnown is false after a
	// statement that may change them.
	modeDiffers, modeKnown bool
	mode                   string
	// takesTexts is whether the connection runs a text of several
	// statements (stmt.TakesTexts), nil until asked.
	takesTexts *bool
}

// sessionModeDiffers reports whether the session's sql_mode is not the
// server's default (and keeps it in rp.mode), asking the server after each
// statement that may have changed it.
func (rp *replayer) sessionModeDiffers(ctx context.Context) (bool, error) {
	if rp.modeKnown {
		return rp.modeDiffers, nil
	}
	var same bool
	q := "SELECT @@SESSION.sql_mode, @@SESSION.sql_mode = @@GLOBAL.sql_mode"
	if err := stmt.QueryRow(ctx, rp.conn, q).Scan(&rp.mode, &same); err != nil {
		return false, fmt.Errorf("reading the session's sql_mode on the sandbox: %w", err)
	}
	rp.modeDiffers, rp.modeKnown = !same, true
	return rp.modeDiffers, nil
}

// touchesMode reports a statement that may change the session's sql_mode:
// a SET naming it, or a prepared statement's EXECUTE.
func touchesMode(s sqlfile.Step) bool {
	low := strings.ToLower(s.SQL)
	return strings.Contains(low, "sql_mode") || strings.HasPrefix(strings.TrimLeft(low, " /*!0123456789"), "execute")
}

// isSet reports a SET statement.
func isSet(s sqlfile.Step) bool {
	return strings.HasPrefix(strings.ToUpper(s.What), "SET")
}

// followRefusedMode notes on an object created after a refused SET
// sql_mode that it was not created under the mode the file meant (a
// warning: the target creates it, as the client's load does), and sets the
// flags of the refused mode the target has, as the file meant the object
// to be created.
func (rp *replayer) followRefusedMode(ctx context.Context, r *Result) error {
	mode := ""
	for _, s := range r.Object.Session {
		if s.Name == "sql_mode" {
			mode = s.Value
		}
	}
	f := rp.modeFailure
	if mode == "" { // the reader did not follow the refused value: the session stays as the server left it
		p := *f
		p.Kind = outcome.StatusWarned
		p.Message = "created under another sql_mode than the file set: the target refused it: " + p.Message
		r.Problems = append(r.Problems, p)
		return nil
	}
	if err := rp.refusedMode(ctx, r, mode, uint16(f.Code), f.Message); err != nil {
		return err
	}
	r.Problems[len(r.Problems)-1].Source = f.Source
	rp.modeKnown = false
	return nil
}
