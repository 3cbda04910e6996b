package bench

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
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

// slot is one measured variant on one server: what the alternation
// rotates through. Two servers are one more pair of variants: their slots
// alternate statement by statement like the variants of one server, each
// on its own connection.
type slot struct {
	r *runner
	p Plan
}

// slotsOf lists every measured variant of every runner, the same variant
// of each server side by side (baseline of the first, baseline of the
// second, ...), each runner's own variants in its order.
func slotsOf(runners []*runner) []slot {
	var out []slot
	for i := 0; ; i++ {
		added := false
		for _, r := range runners {
			if i < len(r.measured) {
				out = append(out, slot{r: r, p: r.measured[i]})
				added = true
			}
		}
		if !added {
			return out
		}
	}
}

// positionOrder is the order of the slots at statement position p of a
// round: the runners' order rotated by p within each variant's group, then
// the whole list rotated by p+round. Rotating the runners balances what
// precedes each server's statement: a statement can pay for the background
// work of the one before it (a file-per-table CREATE's flush), and with a
// fixed order the second server would always follow the first server's
// same variant, which biased an A/A comparison by several percent. With
// one runner it is the variants' rotation alone. It returns indices into
// slotsOf(runners).
func positionOrder(runners []*runner, p, round int) []int {
	type key struct {
		r    *runner
		name string
	}
	index := map[key]int{}
	for i, sl := range slotsOf(runners) {
		index[key{sl.r, sl.p.Name}] = i
	}
	var order []int
	for _, sl := range slotsOf(rotate(runners, p%len(runners))) {
		order = append(order, index[key{sl.r, sl.p.Name}])
	}
	return rotate(order, p+round)
}

// slotTimes are one slot's statement times in one round.
type slotTimes struct{ create, drop []float64 }

// playRound runs one round of every runner's measured variants: statement
// by statement across all of them when they alternate, else each in one
// block in rotating order. Round 0 is a warm-up round, shorter
// (alternating: WarmupStatements positions) and not recorded but for the
// settle criterion (settle.go).
func playRound(ctx context.Context, runners []*runner, round int, clock *budgetClock) error {
	if runners[0].interleave {
		return alternatingRound(ctx, runners, round, clock)
	}
	slots := slotsOf(runners)
	for _, i := range rotate(indices(len(slots)), round) {
		if err := slots[i].r.runVariant(ctx, slots[i].p, round == 0); err != nil {
			return err
		}
		runners[0].report(round, round == 0, clock.elapsed())
	}
	return nil
}

// alternatingRound runs the first positions of a round with every slot
// alternating, then drops the tables in reverse order.
func alternatingRound(ctx context.Context, runners []*runner, round int, clock *budgetClock) error {
	warmup := round == 0
	lead := runners[0]
	n := lead.perRound()
	if warmup {
		n = min(n, WarmupStatements)
	}
	slots := slotsOf(runners)
	times := make([]slotTimes, len(slots))
	run := lead.runLength()
	for _, r := range runners {
		r.grouped = true
	}
	defer func() {
		for _, r := range runners {
			r.grouped = false
		}
	}()
	for lo := 0; lo < n; lo += run {
		if lo%UnitStatements == 0 || run > UnitStatements {
			if lo > 0 {
				lead.report(round, warmup, clock.elapsed())
			}
			for _, r := range runners {
				if err := r.beforeVariant(ctx); err != nil {
					return err
				}
			}
		}
		for _, i := range positionOrder(runners, lo/run, round) {
			if err := slots[i].createRun(ctx, lo, min(lo+run, n), &times[i]); err != nil {
				return err
			}
		}
		if err := settleAll(ctx, runners); err != nil {
			return err
		}
	}
	for hi := n; hi > 0; hi -= run {
		lo := max(hi-run, 0)
		for _, i := range positionOrder(runners, lo/run, round) {
			if err := slots[i].dropRun(ctx, lo, hi, &times[i]); err != nil {
				return err
			}
		}
		if err := settleAll(ctx, runners); err != nil {
			return err
		}
	}
	lead.report(round, warmup, clock.elapsed())
	if warmup {
		keepWarmupTimes(runners, slots, times)
		return nil
	}
	for i, sl := range slots {
		sl.r.samples[sl.p.Name].add(times[i].create, times[i].drop)
	}
	return nil
}

// createRun creates the slot's tables of positions lo..hi-1 under its
// variant's settings, timing each statement.
func (sl slot) createRun(ctx context.Context, lo, hi int, t *slotTimes) error {
	r, p := sl.r, sl.p
	if err := r.applyGlobals(ctx, p); err != nil {
		return err
	}
	suffix := r.suffix(p)
	for _, st := range r.cfg.Workload.Creates[lo:hi] {
		ms, err := r.timed(ctx, st.withClause(st.renamed(suffix), p))
		if err != nil {
			return fmt.Errorf("variant %s: %w", p.Name, err)
		}
		r.count(st)
		t.create = append(t.create, ms)
	}
	return nil
}

// dropRun drops the slot's tables of positions hi-1 down to lo.
func (sl slot) dropRun(ctx context.Context, lo, hi int, t *slotTimes) error {
	r := sl.r
	suffix := r.suffix(sl.p)
	for i := hi - 1; i >= lo; i-- {
		ms, err := r.timed(ctx, "DROP TABLE "+stmt.QuoteIdent(r.cfg.Workload.Creates[i].Table+suffix))
		if err != nil {
			return fmt.Errorf("variant %s: %w", sl.p.Name, err)
		}
		r.executed["com_drop_table"]++
		t.drop = append(t.drop, ms)
	}
	return nil
}

// settleAll settles every runner's statements since its last settle.
func settleAll(ctx context.Context, runners []*runner) error {
	for _, r := range runners {
		if err := r.settle(ctx); err != nil {
			return err
		}
	}
	return nil
}

// indices is 0..n-1.
func indices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
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

// renamed returns the statement creating its table under name+suffix; only
// for Renamable workloads, whose table name first occurs as the name.
func (st Statement) renamed(suffix string) string {
	if st.Table == "" {
		return st.SQL
	}
	return strings.Replace(st.SQL, st.Table, st.Table+suffix, 1)
}

// keepWarmupTimes keeps a warm-up round's CREATE TABLE times on each
// runner for the settle criterion, replacing the previous round's.
func keepWarmupTimes(runners []*runner, slots []slot, times []slotTimes) {
	for _, r := range runners {
		r.warm = r.warm[:0]
	}
	for i, sl := range slots {
		sl.r.warm = append(sl.r.warm, times[i].create...)
	}
}
