package queries

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Options bound and shape a comparison; the zero value takes the defaults.
type Options struct {
	// StatementTimeout bounds every execution (default 10s).
	StatementTimeout time.Duration
	// MaxRows and MaxBytes cap the result read of one execution (default
	// 10,000 rows, 16 MiB); a capped result's rows are not compared.
	MaxRows  int
	MaxBytes int64
	// MaxSamples is how many samples of a class are compared (default 3).
	MaxSamples int
	// FloatDigits is how many significant digits of FLOAT and DOUBLE values
	// must agree (default 6: the families print DOUBLE aggregates with
	// different precision, e.g. 14.21428571 and 14.214286).
	FloatDigits int
	// Latency turns the timing on.
	Latency bool
	// Budget bounds the timing of all classes (default 60s). Classes are
	// timed in passes, one round each per pass, heaviest first; when the
	// budget cannot give every class MinRounds, the lightest are left untimed.
	Budget time.Duration
	// MinRounds and MaxRounds bound the rounds of one class (default 10 and 60).
	MinRounds, MaxRounds int
	// Threshold is the ratio of the target's time to today's beyond which
	// a class is slower (its reciprocal: faster); default 1.05, the
	// project's margin (effect.GainThreshold).
	Threshold float64
	// Material is the rule that keeps slower and faster for differences
	// that matter to the application (nil: DefaultMateriality).
	Material *Materiality
	// SourceTime is the total time of the statements the source held (0:
	// the source has no times), what Material's share is of.
	SourceTime time.Duration
	// Progress, if set, is told after each class compared and each class
	// timed in a pass (a terminal's progress line).
	Progress func(Progress)
}

func (o Options) withDefaults() Options {
	if o.StatementTimeout <= 0 {
		o.StatementTimeout = 10 * time.Second
	}
	if o.MaxRows <= 0 {
		o.MaxRows = 10000
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 16 << 20
	}
	if o.MaxSamples <= 0 {
		o.MaxSamples = 3
	}
	if o.FloatDigits <= 0 {
		o.FloatDigits = 6
	}
	if o.Budget <= 0 {
		o.Budget = 60 * time.Second
	}
	if o.MinRounds < 2 {
		o.MinRounds = 10
	}
	if o.MaxRounds < o.MinRounds {
		o.MaxRounds = max(60, o.MinRounds)
	}
	if o.Threshold <= 1 {
		o.Threshold = effect.GainThreshold
	}
	if o.Material == nil {
		m := DefaultMateriality
		o.Material = &m
	}
	return o
}

func (o Options) limits() limits {
	return limits{timeout: o.StatementTimeout, maxRows: o.MaxRows, maxBytes: o.MaxBytes}
}

// Compare runs the statements on today's server and the target's and
// compares them class by class. Both must be sandboxes loaded with the same
// schema and data: the statements are the application's.
func Compare(ctx context.Context, today, target Server, stmts []Statement, o Options) (*Result, error) {
	o = o.withDefaults()
	for _, s := range []Server{today, target} {
		if s.DB != nil {
			freshSessions(s.DB)
			defer s.DB.SetMaxIdleConns(defaultMaxIdleConns)
		}
	}
	a, err := identify(ctx, today)
	if err != nil {
		return nil, err
	}
	b, err := identify(ctx, target)
	if err != nil {
		return nil, err
	}
	for _, sd := range []*side{a, b} {
		if err := exactStatistics(ctx, sd, statementSchemas(stmts)); err != nil {
			return nil, err
		}
	}
	res := &Result{Today: a.version, Target: b.version, Counts: map[Status]int{}, Threshold: o.Threshold,
		Material: *o.Material}
	var runs []*classRun
	setAside := map[Kind]*SetAside{}
	began := time.Now()
	classes := groupClasses(stmts)
	for i, c := range classes {
		o.report(Progress{Phase: PhaseCompare, Done: i, Total: len(classes), Elapsed: time.Since(began)})
		k := Classify(c.samples[0].SQL)
		if !k.Runs() {
			countSetAside(setAside, k, c)
			continue
		}
		cr := &classRun{class: c, kind: k, result: ClassResult{Class: c.name, Kind: k, Weight: c.weight,
			Samples: len(c.samples), SQL: c.samples[0].SQL}}
		fx, err := fixesFor(ctx, a, b, c.samples[0].Schema)
		if err != nil {
			return nil, err
		}
		if err := cr.compare(ctx, a, b, fx, o); err != nil {
			return nil, err
		}
		runs = append(runs, cr)
	}
	res.Compared = time.Since(began)
	if o.Latency {
		began = time.Now()
		if err := timeClasses(ctx, a, b, runs, o); err != nil {
			return nil, err
		}
		res.Timed = time.Since(began)
	}
	for _, cr := range runs {
		cr.result.Status = worst(cr.result.Problems)
		res.Counts[cr.result.Status]++
		res.Classes = append(res.Classes, cr.result)
	}
	sortClasses(res.Classes)
	res.Untested = setupFailure(res.Classes)
	for _, k := range []Kind{KindDDL, KindAccount, KindAdmin, KindTransaction, KindFile, KindRoutine, KindUnreadable} {
		if s := setAside[k]; s != nil {
			res.SetAside = append(res.SetAside, *s)
		}
	}
	return res, nil
}

// defaultMaxIdleConns is database/sql's own default, restored after a comparison.
const defaultMaxIdleConns = 2

// freshSessions closes the pool's idle connections and keeps it from
// keeping any during the comparison: every session the comparison opens is
// a new connection, never one the caller left in a schema or with its own
// settings (loading the schema leaves USE, sql_mode and FOREIGN_KEY_CHECKS
// behind on the connections it returns).
func freshSessions(db *sql.DB) { db.SetMaxIdleConns(0) }

// classRun is one class on its way through the comparison.
type classRun struct {
	class  *class
	kind   Kind
	result ClassResult
	// timeable: the first sample ran on both servers, uncapped.
	timeable bool
	latency  *latencyRun
}

// compare runs up to MaxSamples samples on both servers and keeps what
// their comparisons found, each problem and note once.
func (cr *classRun) compare(ctx context.Context, a, b *side, fx fixContext, o Options) error {
	for i, st := range cr.class.samples[:min(len(cr.class.samples), o.MaxSamples)] {
		oa, ob, err := observeBoth(ctx, a, b, st, cr.kind, o.limits())
		if err != nil {
			return fmt.Errorf("class %q: %w", cr.class.name, err)
		}
		ws, _ := sqlfile.Outline(st.SQL)
		sfx, err := withReserved(ctx, a, b, ob, words(ws), fx)
		if err != nil {
			return fmt.Errorf("class %q: %w", cr.class.name, err)
		}
		c := compareSample(oa, ob, cr.kind, words(ws), sfx, o.FloatDigits)
		for _, p := range c.problems {
			if !slices.Contains(cr.result.Problems, p) {
				cr.result.Problems = append(cr.result.Problems, p)
			}
		}
		for _, n := range c.notes {
			if !slices.Contains(cr.result.Notes, n) {
				cr.result.Notes = append(cr.result.Notes, n)
			}
		}
		if i == 0 {
			cr.timeable = oa.err == nil && ob.err == nil && (cr.kind == KindQuery || cr.kind == KindDML) &&
				(oa.result == nil || !oa.result.truncated) && (ob.result == nil || !ob.result.truncated)
		}
	}
	return nil
}

// observeBoth runs one sample on both servers at once, each in a fresh session.
func observeBoth(ctx context.Context, a, b *side, st Statement, k Kind, lim limits) (*observation, *observation, error) {
	type got struct {
		obs *observation
		err error
	}
	ch := make(chan got, 1)
	go func() {
		obs, err := observeOn(ctx, b, st, k, lim)
		ch <- got{obs, err}
	}()
	oa, errA := observeOn(ctx, a, st, k, lim)
	gb := <-ch
	if errA != nil {
		return nil, nil, errA
	}
	return oa, gb.obs, gb.err
}

func observeOn(ctx context.Context, s *side, st Statement, k Kind, lim limits) (*observation, error) {
	ss, err := s.open(ctx, st, lim.timeout)
	if err != nil {
		return nil, err
	}
	defer ss.close()
	return ss.observe(ctx, st.SQL, k, lim)
}

// countSetAside counts a class that is not run.
func countSetAside(m map[Kind]*SetAside, k Kind, c *class) {
	s := m[k]
	if s == nil {
		s = &SetAside{Kind: k, Example: c.samples[0].SQL}
		m[k] = s
	}
	s.Classes++
	s.Statements += len(c.samples)
}

// sortClasses orders classes worst status first, then heaviest, then by name.
func sortClasses(cs []ClassResult) {
	slices.SortStableFunc(cs, func(x, y ClassResult) int {
		if d := x.Status.Rank() - y.Status.Rank(); d != 0 {
			return d
		}
		switch {
		case x.Weight > y.Weight:
			return -1
		case x.Weight < y.Weight:
			return 1
		}
		return 0
	})
}
