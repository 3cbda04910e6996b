package bench

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Statement interleaving: when the workload's statements are independent
// CREATE TABLEs (Workload.Renamable), a round runs statement position 1 for
// every variant, then position 2, and so on, each variant under its own
// table name, in an order that rotates with the position. A statement and
// its pairs run milliseconds apart, so the drift of a shared machine cancels
// in the ratio, and the estimator can pair chunks of statements rather than
// whole rounds. A variant produced by SET GLOBAL costs one SET GLOBAL round
// trip where the order switches (variants sharing globals run side by side),
// outside the timed statements. The drops follow the same pattern.

// WarmupStatements is how many statement positions the warm-up round runs
// when the variants alternate: enough to open the schema and warm the
// statement path, far less than a full round.
const WarmupStatements = 10

// defaultSwitchEvery is how many consecutive statements a variant runs
// before the next takes over, by default.
const defaultSwitchEvery = 1

// interleavedRound runs the first n statement positions of a round with the
// variants alternating, then drops the tables in reverse order.
func (r *runner) interleavedRound(ctx context.Context, round, n int, clock *budgetClock) error {
	warmup := round == 0
	creates := r.cfg.Workload.Creates[:n]
	createMs := map[string][]float64{}
	dropMs := map[string][]float64{}
	run := r.runLength()
	r.grouped = true
	defer func() { r.grouped = false }()
	for lo := 0; lo < len(creates); lo += run {
		if lo%UnitStatements == 0 || run > UnitStatements {
			if lo > 0 {
				r.report(round, warmup, clock.elapsed())
			}
			if err := r.beforeVariant(ctx); err != nil {
				return err
			}
		}
		for _, p := range rotate(r.measured, lo/run+round) {
			if err := r.applyGlobals(ctx, p); err != nil {
				return err
			}
			suffix := r.suffix(p)
			for _, st := range creates[lo:min(lo+run, len(creates))] {
				ms, err := r.timed(ctx, st.withClause(st.renamed(suffix), p))
				if err != nil {
					return fmt.Errorf("variant %s: %w", p.Name, err)
				}
				r.count(st)
				createMs[p.Name] = append(createMs[p.Name], ms)
			}
		}
		if err := r.settle(ctx); err != nil {
			return err
		}
	}
	for hi := len(creates); hi > 0; hi -= run {
		lo := max(hi-run, 0)
		for _, p := range rotate(r.measured, lo/run+round) {
			suffix := r.suffix(p)
			for i := hi - 1; i >= lo; i-- {
				ms, err := r.timed(ctx, "DROP TABLE "+QuoteIdent(creates[i].Table+suffix))
				if err != nil {
					return fmt.Errorf("variant %s: %w", p.Name, err)
				}
				r.executed["com_drop_table"]++
				dropMs[p.Name] = append(dropMs[p.Name], ms)
			}
		}
		if err := r.settle(ctx); err != nil {
			return err
		}
	}
	r.report(round, warmup, clock.elapsed())
	if !warmup {
		for _, p := range r.measured {
			r.samples[p.Name].add(createMs[p.Name], dropMs[p.Name])
		}
	}
	return nil
}

// suffix is the variant's table-name suffix under statement interleaving.
func (r *runner) suffix(p Plan) string {
	for i, m := range r.measured {
		if m.Name == p.Name {
			return "_" + strconv.Itoa(i)
		}
	}
	return "_x"
}

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

// renamed returns the statement creating its table under name+suffix; only
// for Renamable workloads, whose table name first occurs as the name.
func (st Statement) renamed(suffix string) string {
	if st.Table == "" {
		return st.SQL
	}
	return strings.Replace(st.SQL, st.Table, st.Table+suffix, 1)
}
