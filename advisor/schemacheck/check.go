package schemacheck

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

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
