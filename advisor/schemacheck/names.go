package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// probe asks the target (and today's version) about reserved names and
// the functions stored programs call.
func (c *checker) probe(ctx context.Context) error {
	tp, err := newProber(ctx, c.s.Target)
	if err != nil {
		return err
	}
	var sp *prober
	if c.s.Today != nil {
		if sp, err = newProber(ctx, c.s.Today); err != nil {
			return err
		}
	}
	c.notes = append(c.notes, "reserved words asked of the target with "+tp.Method())
	own := c.ownNames()
	for i, r := range c.target.Results {
		if err := c.reservedNames(ctx, r, tp, sp); err != nil {
			return err
		}
		if err := nameRefusals(ctx, r, tp, sp); err != nil {
			return err
		}
		if err := c.calls(ctx, r, c.todayResult(i), tp, sp, own); err != nil {
			return err
		}
	}
	for _, r := range c.target.Statements {
		if err := missingCall(ctx, r, tp, own); err != nil {
			return err
		}
	}
	return nil
}

// todayResult is today's result for the target's i-th result.
func (c *checker) todayResult(i int) *Result {
	if c.today == nil {
		return nil
	}
	return c.today.Results[i]
}

// ownNames are the dump's own tables and routines: a call to one of them is
// not a built-in function.
func (c *checker) ownNames() map[string]bool {
	own := map[string]bool{}
	for _, o := range c.d.Objects {
		own[strings.ToLower(o.Name)] = true
	}
	return own
}

// reservedNames checks the object's name and, for a table, its columns.
func (c *checker) reservedNames(ctx context.Context, r *Result, tp, sp *prober) error {
	names := []string{r.Object.Name}
	if r.Object.Kind == sqlfile.KindTable {
		names = append(names, sqlfile.ColumnNames(r.Object.SQL)...)
	}
	for i, name := range names {
		res, err := tp.Reserved(ctx, name)
		if err != nil || !res {
			if err != nil {
				return err
			}
			continue
		}
		today := false
		if sp != nil {
			if today, err = sp.Reserved(ctx, name); err != nil {
				return err
			}
		}
		what := "its name " + name
		if i > 0 {
			what = "its column " + name
		}
		r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusReserved,
			Message: what + " is a reserved word on the target: unquoted in a query it is a syntax error",
			Fix:     "quote " + name + " with backticks in every query of the application, or rename it", Today: today})
	}
	return nil
}

// calls checks the functions a stored program calls: one the target lacks
// fails when the program runs.
func (c *checker) calls(ctx context.Context, r, today *Result, tp, sp *prober, own map[string]bool) error {
	switch r.Object.Kind {
	case sqlfile.KindProcedure, sqlfile.KindFunction, sqlfile.KindTrigger, sqlfile.KindEvent:
	default:
		return nil
	}
	if !r.Created {
		return nil
	}
	for _, call := range sqlfile.FunctionCalls(r.Object.SQL) {
		fn := call.Name
		if own[strings.ToLower(fn)] {
			continue
		}
		has, err := tp.HasFunction(ctx, call)
		if err != nil || has {
			if err != nil {
				return err
			}
			continue
		}
		lacksToday := false
		if sp != nil && today != nil && today.Created {
			if has, err := sp.HasFunction(ctx, call); err != nil {
				return err
			} else if !has {
				lacksToday = true
			}
		}
		r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRuntime, Code: 1305,
			Message: fmt.Sprintf("it calls %s(), which the target does not have: it loads, and fails when it runs", fn),
			Fix:     functionFix(fn), Today: lacksToday})
	}
	return nil
}
