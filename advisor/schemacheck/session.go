package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// trackedSettings are the session variables an object's settings may name,
// in the order they are set; one absent from the object is set back to the
// server's default.
var trackedSettings = []string{"character_set_client", "character_set_results", "collation_connection",
	"sql_mode", "time_zone", "foreign_key_checks", "unique_checks"}

// applySession sets the session variables the dump gave the object. A value
// the target refuses is a problem of the object; for sql_mode the flags the
// target knows are kept, so the object is still created and checked, and
// the refusal is a warning: the mysql client loading the dump sees the SET
// refused and creates the object all the same.
func (l *loader) applySession(ctx context.Context, r *Result) error {
	want := map[string]string{}
	for _, s := range r.Object.Session {
		want[s.Name] = s.Value
	}
	for _, name := range trackedSettings {
		v, set := want[name]
		if cur, ok := l.applied[name]; ok == set && cur == v {
			continue
		}
		expr := v
		if !set {
			expr = "DEFAULT"
		}
		_, err := stmt.Exec(ctx, l.conn, "SET SESSION "+name+" = "+expr)
		se := serverError(err)
		switch {
		case se != nil && name == "sql_mode":
			if err := l.refusedMode(ctx, r, v, se.Number, se.Message); err != nil {
				return err
			}
			continue
		case se != nil:
			p := outcome.Problem{Kind: outcome.StatusRefused, Code: int(se.Number),
				Message: fmt.Sprintf("SET %s = %s: %s", name, v, se.Message)}
			if lacksRight(se.Number) {
				p.Account, p.Fix = true, rightFix
			}
			r.Problems = append(r.Problems, p)
			continue
		case err != nil:
			return fmt.Errorf("setting %s on the target: %w", name, err)
		}
		if set {
			l.applied[name] = v
		} else {
			delete(l.applied, name)
		}
	}
	return nil
}

// refusedMode records a refused sql_mode (a warning of the object) and sets
// the flags of it that the target accepts, asking the target flag by flag.
func (l *loader) refusedMode(ctx context.Context, r *Result, mode string, code uint16, msg string) error {
	flags := strings.Split(sqlfile.Setting{Value: mode}.Text(), ",")
	var kept, dropped []string
	for _, f := range flags {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		_, err := stmt.Exec(ctx, l.conn, "SET SESSION sql_mode = "+stmt.QuoteString(f))
		switch {
		case serverError(err) != nil:
			dropped = append(dropped, f)
		case err != nil:
			return fmt.Errorf("asking the target about sql_mode %s: %w", f, err)
		default:
			kept = append(kept, f)
		}
	}
	cleaned := stmt.QuoteString(strings.Join(kept, ","))
	if _, err := stmt.Exec(ctx, l.conn, "SET SESSION sql_mode = "+cleaned); err != nil {
		return fmt.Errorf("setting sql_mode on the target: %w", err)
	}
	l.applied["sql_mode"] = cleaned
	r.modeRefused = true
	r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusWarned, Code: int(code),
		Message: "created under the flags of its sql_mode the target has: the target refused the sql_mode it was created with: " + msg,
		Fix: fmt.Sprintf("re-create it with sql_mode=%s (without %s, which the target does not have)",
			cleaned, strings.Join(dropped, ", "))})
	return nil
}
