package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Servers are the sandboxes a check loads the schema on.
type Servers struct {
	Target *sql.Conn
	// Today is a sandbox of today's version, or nil: the same load runs on
	// it, and what it also does is not blamed on the upgrade.
	Today *sql.Conn
	// Live is the live server the schema was read from, or nil. It is only
	// read: without Today, its definitions are what the target's are
	// compared with.
	Live *sql.Conn
	// TargetAdmin and TodayAdmin are the sandboxes' root connections, for
	// the tool's own scratch work (tables re-created under the default
	// sql_mode in a scratch schema), which the application's account may
	// not do; nil: Target and Today are used.
	TargetAdmin, TodayAdmin *sql.Conn
}

// orConn is admin when there is one, else conn.
func orConn(admin, conn *sql.Conn) *sql.Conn {
	if admin != nil {
		return admin
	}
	return conn
}

// Check loads d on the target (and on today's version) and returns every
// object with its problems and status.
func Check(ctx context.Context, s Servers, d *sqlfile.Dump) ([]outcome.Object, []string, error) {
	target, err := LoadDump(ctx, s.Target, d)
	if err != nil {
		return nil, nil, err
	}
	notes := target.Notes
	var today *Load
	if s.Today != nil {
		if today, err = LoadDump(ctx, s.Today, d); err != nil {
			return nil, nil, fmt.Errorf("today's version: %w", err)
		}
	}
	c := &checker{d: d, target: target, today: today, s: s}
	if err := c.probe(ctx); err != nil {
		return nil, nil, err
	}
	if err := c.rewritten(ctx); err != nil {
		return nil, nil, err
	}
	if err := c.modeOnly(ctx); err != nil {
		return nil, nil, err
	}
	c.markToday()
	if n := accountNote(c.target); n != "" {
		c.notes = append(c.notes, n)
	}
	return c.objects(), append(notes, c.notes...), nil
}

// modeOnly reports the tables that load only under the sql_mode the file
// set and whose ALTER TABLE fails under the default, on the target and, to
// tell what is new, on today's version.
func (c *checker) modeOnly(ctx context.Context) error {
	target, err := modeOnlyTables(ctx, orConn(c.s.TargetAdmin, c.s.Target), c.target.Results)
	if err != nil {
		return err
	}
	var today map[int]outcome.Problem
	if c.today != nil && len(target) > 0 {
		if today, err = modeOnlyTables(ctx, orConn(c.s.TodayAdmin, c.s.Today), c.today.Results); err != nil {
			return fmt.Errorf("today's version: %w", err)
		}
	}
	for i, p := range target {
		if q, ok := today[i]; ok && q.Code == p.Code {
			p.Today = true
		}
		c.target.Results[i].Problems = append(c.target.Results[i].Problems, p)
	}
	return nil
}

// checker combines the loads and probes of one check.
type checker struct {
	d             *sqlfile.Dump
	target, today *Load
	s             Servers
	notes         []string
}

// todayResult is today's result for the target's i-th result.
func (c *checker) todayResult(i int) *Result {
	if c.today == nil {
		return nil
	}
	return c.today.Results[i]
}

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
	for _, fn := range sqlfile.CalledFunctions(r.Object.SQL) {
		if own[strings.ToLower(fn)] {
			continue
		}
		has, err := tp.HasFunction(ctx, fn)
		if err != nil || has {
			if err != nil {
				return err
			}
			continue
		}
		lacksToday := false
		if sp != nil && today != nil && today.Created {
			if has, err := sp.HasFunction(ctx, fn); err != nil {
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

// rewritten compares what today's version (or the live server the schema
// was read from) and the target made of each object both have; without
// either, the collations the dump states.
func (c *checker) rewritten(ctx context.Context) error {
	schemas := c.schemaNames()
	todayConn := c.s.Today
	if todayConn == nil {
		todayConn = c.s.Live
	}
	// Without today's definitions only the tables' collations are compared,
	// and the columns' only for a table that states a character set alone.
	tablesOnly := todayConn == nil && len(c.charsetOnlyTables()) == 0
	target, err := readDefinitions(ctx, c.s.Target, schemas, tablesOnly)
	if err != nil {
		return err
	}
	if err := c.collationChoices(ctx, target, todayConn != nil); err != nil {
		return err
	}
	if todayConn == nil {
		c.statedCollations(target)
		return nil
	}
	today, err := readDefinitions(ctx, todayConn, schemas, false)
	if err != nil {
		return fmt.Errorf("today's definitions: %w", err)
	}
	for i, r := range c.target.Results {
		if !r.Created || (c.today != nil && !c.today.Results[i].Created) {
			continue
		}
		key := definitionKey(r.Object.Kind, schemaOf(r.Object), r.Object.Name)
		for _, d := range differences(today[key], target[key]) {
			if r.modeRefused && strings.HasPrefix(d, "sql_mode:") {
				continue // the refusal says it, with the mode to use
			}
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRewritten,
				Message: "the target changes its definition: " + d})
		}
	}
	return nil
}

// statedCollations compares a table's COLLATE= in the dump with the
// target's table collation.
func (c *checker) statedCollations(target definitions) {
	for _, r := range c.target.Results {
		if r.Object.Kind != sqlfile.KindTable || !r.Created {
			continue
		}
		stated := tableCollation(r.Object.SQL)
		got := target[definitionKey(sqlfile.KindTable, schemaOf(r.Object), r.Object.Name)]["table collation"]
		if stated != "" && got != "" && !strings.EqualFold(stated, got) {
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRewritten,
				Message: fmt.Sprintf("the target changes its definition: table collation: %s in the dump, %s on the target", stated, got)})
		}
	}
}

// tableCollation returns the COLLATE= table option of a CREATE TABLE, or "".
func tableCollation(sql string) string {
	end := strings.LastIndex(sql, ")")
	if end < 0 {
		return ""
	}
	tail := strings.Fields(strings.NewReplacer("=", " ").Replace(sql[end+1:]))
	for i := 0; i+1 < len(tail); i++ {
		if strings.EqualFold(tail[i], "COLLATE") {
			return strings.Trim(tail[i+1], "`'\"")
		}
	}
	return ""
}

// schemaNames lists the schemas the objects are created in.
func (c *checker) schemaNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range c.target.Results {
		s := schemaOf(r.Object)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// markToday marks the target's load problems that today's version has too.
func (c *checker) markToday() {
	if c.today == nil {
		return
	}
	for i, r := range c.target.Results {
		markSame(r, c.today.Results[i])
	}
	todayAt := map[int]*Result{}
	for _, t := range c.today.Statements {
		todayAt[t.Object.Line] = t
	}
	for _, r := range c.target.Statements {
		if t := todayAt[r.Object.Line]; t != nil {
			markSame(r, t)
		}
	}
}

// markSame marks the load problems of r that today's t has too.
func markSame(r, t *Result) {
	for j, p := range r.Problems {
		if p.Kind != outcome.StatusRefused && p.Kind != outcome.StatusWarned && p.Kind != outcome.StatusBlocked {
			continue
		}
		for _, q := range t.Problems {
			if q.Kind == p.Kind && q.Code == p.Code {
				r.Problems[j].Today = true
			}
		}
	}
}

// objects is every object and failed statement the target loaded, with
// its status.
func (c *checker) objects() []outcome.Object {
	out := make([]outcome.Object, 0, len(c.target.Results)+len(c.target.Statements))
	for _, r := range append(c.target.Results[:len(c.target.Results):len(c.target.Results)], c.target.Statements...) {
		o := r.Object
		out = append(out, outcome.Object{Kind: string(o.Kind), Name: qualifiedName(o), Source: o.Source(),
			Status: outcome.Worst(r.Problems), Problems: r.Problems})
	}
	return out
}
