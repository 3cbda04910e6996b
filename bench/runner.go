package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// CleanupError means the scratch schema or the original globals could not be
// restored: the caller must keep its state file for `upgrade-advisor cleanup`.
type CleanupError struct {
	// Server names the server whose cleanup failed in a calibration of
	// several (bench.Target's Name).
	Server string
	Err    error
}

func (e *CleanupError) Error() string { return "cleanup incomplete: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *CleanupError) Unwrap() error { return e.Err }

// Cleanup drops the scratch schema and restores the original globals on a
// fresh connection with its own timeout, so it also works after ctx was
// cancelled or the benchmark connection broke.
func Cleanup(db *sql.DB, sessionSetup []string, schema string, originals map[string]string) error {
	ctx, cancel := context.WithTimeout(context.Background(), CleanupTimeout)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("cleanup could not connect (run `upgrade-advisor cleanup` once the server is reachable): %w", err)
	}
	defer conn.Close()
	var errs []error
	if err := runStatements(ctx, conn, sessionSetup); err != nil {
		errs = append(errs, err)
	} else if err := DropSchema(ctx, conn, schema); err != nil {
		errs = append(errs, err)
	}
	if err := stmt.RestoreGlobals(ctx, conn, originals); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func runStatements(ctx context.Context, ex stmt.Execer, stmts []string) error {
	for _, s := range stmts {
		if _, err := stmt.Exec(ctx, ex, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

type runner struct {
	cfg       Config
	conn      *sql.Conn
	originals map[string]string
	current   map[string]string
	samples   map[string]*samples
	measured  []Plan
	executed  map[string]int64 // status counter -> statements run
	// interleave is true when the variants alternate statement by statement
	// (the workload allows it and the run did not ask for variant blocks).
	interleave bool
	// positions is how many statement positions a measured round runs when
	// the variants alternate (0: the whole workload); see fitRounds.
	positions int
	// held is the time spent in the BeforeVariant and AfterStatement hooks
	// (pacing, pauses); statements counts the statements this runner sent.
	held       time.Duration
	statements int64
	// grouped defers AfterStatement to settle (alternating variants);
	// pending and pendingMs are the statements (SET GLOBALs included) and
	// the timed statements' time not yet settled.
	grouped   bool
	pending   int
	pendingMs float64
	// warm are the CREATE TABLE times of the last warm-up round (settle.go).
	warm []float64
}

// samples are the raw timings of one variant (milliseconds), per measured
// round and per statement position within the round.
type samples struct {
	create, drop [][]float64
}

func newRunner(cfg Config, conn *sql.Conn, originals map[string]string) *runner {
	r := &runner{cfg: cfg, conn: conn, originals: originals, current: clone(originals), samples: map[string]*samples{},
		executed: map[string]int64{}, interleave: cfg.Workload.Renamable && !cfg.VariantBlocks}
	for _, p := range cfg.Plans {
		if p.Measured {
			r.measured = append(r.measured, p)
			r.samples[p.Name] = &samples{}
		}
	}
	// Variants sharing globals side by side: fewer SET GLOBAL when interleaving.
	slices.SortStableFunc(r.measured, func(a, b Plan) int { return strings.Compare(joinKeys(a.Globals), joinKeys(b.Globals)) })
	return r
}

// UnitStatements is how many consecutive statement positions form one paired
// unit under statement interleaving.
const UnitStatements = 10

// unitSize is the paired unit of the estimator: a chunk of statement
// positions when the variants alternate statement by statement, a whole
// round when they run in blocks.
func (r *runner) unitSize() int {
	if r.interleave {
		run := r.runLength()
		return run * ((UnitStatements + run - 1) / run)
	}
	return 0
}

// perRound is how many statement positions a measured round runs: the
// workload's, or fewer when fitRounds shortened the rounds.
func (r *runner) perRound() int {
	n := len(r.cfg.Workload.Creates)
	if r.interleave && r.positions > 0 {
		n = min(n, r.positions)
	}
	return n
}

// decisions gives the stop rule's verdict on every measured variant.
func (r *runner) decisions(looks int) []paired.Decision {
	base := r.samples[Baseline]
	var out []paired.Decision
	for _, p := range r.measured {
		if p.Name == Baseline || base == nil {
			continue
		}
		logs := paired.LogRatios(base.create, r.samples[p.Name].create, r.unitSize())
		out = append(out, decide(p, logs, looks, r.cfg.Precision))
	}
	return out
}

// versus is the stop rule's two-sided decision on this runner's baseline
// against first's: in speedup form (first's time / this one's), decided
// when neither margin lies inside its decision interval or when it is as
// precise as asked.
func (r *runner) versus(first *runner, name string, looks int) paired.Decision {
	logs := paired.LogRatios(first.samples[Baseline].create, r.samples[Baseline].create, r.unitSize())
	return paired.Decide(name, logs, looks, r.cfg.Precision, effect.GainThreshold, effect.CostThreshold)
}

// runVariant creates the workload's tables with the variant's settings, then
// drops them, timing every statement.
func (r *runner) runVariant(ctx context.Context, p Plan, warmup bool) error {
	if err := r.beforeVariant(ctx); err != nil {
		return err
	}
	if err := r.applyGlobals(ctx, p); err != nil {
		return err
	}
	var created []string
	var createMs, dropMs []float64
	for _, st := range r.cfg.Workload.Creates {
		ms, err := r.timed(ctx, st.withClause(st.SQL, p))
		if err != nil {
			return fmt.Errorf("variant %s: %w", p.Name, err)
		}
		r.count(st)
		createMs = append(createMs, ms)
		if st.Table != "" {
			created = append(created, st.Table)
		}
	}
	for i := len(created) - 1; i >= 0; i-- {
		ms, err := r.timed(ctx, "DROP TABLE "+stmt.QuoteIdent(created[i]))
		if err != nil {
			return fmt.Errorf("variant %s: %w", p.Name, err)
		}
		r.executed["com_drop_table"]++
		dropMs = append(dropMs, ms)
	}
	if !warmup {
		r.samples[p.Name].add(createMs, dropMs)
	}
	return nil
}

// count records an executed workload statement under the status counter it
// raises, so the tool's own DDL can be told apart from the server's.
func (r *runner) count(st Statement) {
	switch {
	case st.Table != "":
		r.executed["com_create_table"]++
	case strings.HasPrefix(strings.ToUpper(strings.TrimSpace(st.SQL)), "ALTER"):
		r.executed["com_alter_table"]++
	}
}

func (s *samples) add(createMs, dropMs []float64) {
	s.create = append(s.create, createMs)
	s.drop = append(s.drop, dropMs)
}

// totals returns each round's total.
func totals(rounds [][]float64) []float64 {
	out := make([]float64, len(rounds))
	for i, r := range rounds {
		out[i] = paired.Sum(r)
	}
	return out
}

// timed runs one statement of the calibration under the statement deadline.
func (r *runner) timed(ctx context.Context, stmt string) (float64, error) {
	ms, err := ExecTimed(ctx, r.conn, stmt, r.cfg.StatementTimeout)
	r.statements++
	if err != nil {
		return ms, err
	}
	r.pending++
	r.pendingMs += ms
	if r.grouped {
		return ms, nil
	}
	return ms, r.settle(ctx)
}

// settle runs AfterStatement for the statements since its last call. It
// runs after their timed spans: pacing never enters a timing.
func (r *runner) settle(ctx context.Context) error {
	n, ms := r.pending, r.pendingMs
	r.pending, r.pendingMs = 0, 0
	if r.cfg.AfterStatement == nil || n == 0 {
		return nil
	}
	return r.hold(func() error {
		return r.cfg.AfterStatement(ctx, n, time.Duration(ms*float64(time.Millisecond)))
	})
}

// hold runs a hook and adds its time to the held time, which the budget
// does not count.
func (r *runner) hold(hook func() error) error {
	start := time.Now()
	err := hook()
	r.held += time.Since(start)
	return err
}

// ExecTimed runs one tagged statement under a deadline and returns its
// duration in milliseconds (monotonic clock). It is the calibration's
// statement loop, exported so its overhead can be measured against the
// mysql client (scripts/accuracy).
func ExecTimed(ctx context.Context, ex stmt.Execer, query string, timeout time.Duration) (float64, error) {
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	if _, err := stmt.Exec(sctx, ex, query); err != nil {
		if ctx.Err() != nil {
			return 0, fmt.Errorf("interrupted: %w", ctx.Err())
		}
		return 0, fmt.Errorf("%s: %w", query, err)
	}
	return float64(time.Since(start).Nanoseconds()) / 1e6, nil
}

// applyGlobals sets the variant's globals and puts the others back to their
// original values, sending only the changes.
func (r *runner) applyGlobals(ctx context.Context, p Plan) error {
	for _, name := range slices.Sorted(maps.Keys(r.originals)) {
		want, ok := p.Globals[name]
		if !ok {
			want = r.originals[name]
		}
		if r.current[name] == want {
			continue
		}
		if err := stmt.SetGlobal(ctx, r.conn, name, want); err != nil {
			return err
		}
		r.statements++
		r.pending++ // told to AfterStatement with the next statements
		r.current[name] = want
	}
	return nil
}

// rotate returns xs starting at round % len, so each variant runs in
// every position over the rounds.
func rotate[T any](xs []T, round int) []T {
	if len(xs) == 0 {
		return nil
	}
	k := round % len(xs)
	return append(append([]T{}, xs[k:]...), xs[:k]...)
}

func clone(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (r *runner) report(round int, warmup bool, elapsed time.Duration) {
	if r.cfg.Progress != nil {
		r.cfg.Progress(Progress{Round: round, MaxRounds: r.cfg.MaxRounds, Warmup: warmup, Elapsed: elapsed, Budget: r.cfg.Budget})
	}
}

// defaultSwitchEvery is how many consecutive statements a variant runs
// before the next takes over, by default.
const defaultSwitchEvery = 1

// runLength is how many consecutive statements a variant runs before the
// next variant takes over.
func (r *runner) runLength() int {
	if r.cfg.SwitchEvery > 0 {
		return r.cfg.SwitchEvery
	}
	return defaultSwitchEvery
}

// beforeVariant runs the configured hook (the load guard), if any.
func (r *runner) beforeVariant(ctx context.Context) error {
	if r.cfg.BeforeVariant == nil {
		return nil
	}
	return r.hold(func() error { return r.cfg.BeforeVariant(ctx) })
}
