package bench

import (
	"math"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// TestDecideOnACost: a variant that turns a setting on is decided against
// the mirrored threshold 1/(1+margin): a variant merely slower than the
// baseline is not decided until its cost is shown above or below the margin.
func TestDecideOnACost(t *testing.T) {
	// spread is 30 log ratios around ratio, ±width in five steps.
	spread := func(ratio, width float64) [][]float64 {
		var logs []float64
		for i := range 30 {
			logs = append(logs, math.Log(ratio)+width*(float64(i%5)/2-1))
		}
		return [][]float64{logs}
	}
	on := Plan{Name: FilePerTableOn, Changes: map[string]string{FilePerTable: "ON"}}
	tests := []struct {
		name string
		logs [][]float64
		want string
	}{
		{"clear cost", spread(0.6, 0.1), paired.VerdictBelow},
		{"clearly no cost", spread(1.05, 0.03), paired.VerdictAbove},
		{"slower, interval straddles the cost threshold", spread(0.95, 0.15), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decide(on, tt.logs, 5, 0.01)
			if d.Verdict != tt.want || math.Abs(d.Threshold-effect.CostThreshold) > 1e-9 {
				t.Fatalf("verdict %q (want %q), threshold %.4f, interval %v", d.Verdict, tt.want, d.Threshold, d.Interval)
			}
		})
	}
	if off := decide(Plan{Name: FilePerTableOff}, spread(0.95, 0.15), 5, 0.01); off.Verdict != paired.VerdictBelow {
		t.Errorf("the same interval decides no gain for a variant that turns a setting off: %+v", off)
	}
}

func TestPlannedLooks(t *testing.T) {
	cfg := Config{Budget: 8 * time.Second, MinRounds: 3, MaxRounds: 200}
	tests := []struct {
		name    string
		rounds  int
		elapsed time.Duration
		want    int
	}{
		{"2 s rounds: 4 rounds fit, looks at 3 and 4", 1, 2 * time.Second, 2},
		{"slow rounds: at least one look", 3, 12 * time.Second, 1},
		{"no pace yet: the round limit", 0, 0, 198},
		{"fast rounds: capped by the round limit", 10, time.Millisecond, 198},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plannedLooks(cfg, tt.rounds, tt.elapsed); got != tt.want {
				t.Fatalf("got %d, want %d", got, tt.want)
			}
		})
	}
}

func TestStopReason(t *testing.T) {
	decided := []paired.Decision{{Variant: FilePerTableOff, Verdict: paired.VerdictAbove}, {Variant: StatsPersistentOff, Verdict: paired.VerdictPrecise}}
	allPrecise := []paired.Decision{{Variant: FilePerTableOff, Verdict: paired.VerdictPrecise}}
	open := []paired.Decision{{Variant: FilePerTableOff, Verdict: paired.VerdictAbove}, {Variant: StatsPersistentOff}}
	cfg := Config{Budget: 8 * time.Second, MinRounds: 3, MaxRounds: 50}
	tests := []struct {
		name          string
		cfg           Config
		rounds        int
		elapsed, last time.Duration
		decisions     []paired.Decision
		want          string
	}{
		{"decided after the minimum", cfg, 3, 5 * time.Second, time.Second, decided, paired.StopDecided},
		{"decided on width alone is precision", cfg, 3, 5 * time.Second, time.Second, allPrecise, paired.StopPrecision},
		{"decided before the minimum goes on", cfg, 2, 3 * time.Second, time.Second, decided, ""},
		{"undecided within the budget goes on", cfg, 3, 5 * time.Second, time.Second, open, ""},
		{"undecided, next round would pass the budget", cfg, 4, 7 * time.Second, 2 * time.Second, open, paired.StopBudget},
		{"budget never before minBudgetRounds", cfg, 2, 9 * time.Second, 4 * time.Second, open, ""},
		{"round limit", Config{Budget: time.Hour, MinRounds: 3, MaxRounds: 5}, 5, time.Second, time.Second, open, paired.StopMaxRounds},
		{"fixed rounds ignore decisions", Config{Rounds: 6, MinRounds: 6, MaxRounds: 6}, 4, time.Second, time.Second, decided, ""},
		{"fixed rounds stop on count", Config{Rounds: 6, MinRounds: 6, MaxRounds: 6}, 6, time.Second, time.Second, open, paired.StopRounds},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sessions := []*session{{decisions: tt.decisions}}
			if got := stopReason(tt.cfg, tt.rounds, tt.elapsed, tt.last, sessions); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStopWaitsForEveryServer(t *testing.T) {
	cfg := Config{Budget: time.Hour, MinRounds: 3, MaxRounds: 50}
	sessions := []*session{
		{decisions: []paired.Decision{{Variant: FilePerTableOff, Verdict: paired.VerdictAbove}}},
		{decisions: []paired.Decision{{Variant: FilePerTableOff}}},
	}
	if got := stopReason(cfg, 5, time.Second, time.Second, sessions); got != "" {
		t.Fatalf("stopped (%q) while the second server is undecided", got)
	}
}

func TestRenamed(t *testing.T) {
	w := ClassicWorkload(2)
	if !w.Renamable {
		t.Fatal("the classic workload must allow statement interleaving")
	}
	got := w.Creates[1].renamed("_2")
	want := "CREATE TABLE t00001_2 (i INT, name VARCHAR(12)) ENGINE=InnoDB"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestFitRounds(t *testing.T) {
	tests := []struct {
		name   string
		cfg    Config
		blocks bool
		warmup time.Duration // for WarmupStatements positions
		want   int
	}{
		{"fast server keeps the whole workload", Config{Budget: 8 * time.Second}, false, 100 * time.Millisecond, 0 + 100},
		{"slow server: three rounds fit 90% of the budget", Config{Budget: 8 * time.Second}, false, 500 * time.Millisecond, 40},
		{"a little faster: 90% of the budget holds 60", Config{Budget: 8 * time.Second}, false, 400 * time.Millisecond, 60},
		{"very slow server: at least two units", Config{Budget: 8 * time.Second}, false, 10 * time.Second, 20},
		{"fixed rounds keep their size", Config{Budget: 8 * time.Second, Rounds: 5}, false, 10 * time.Second, 0},
		{"blocks are not cut", Config{Budget: 8 * time.Second}, true, 10 * time.Second, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Workload = ClassicWorkload(100)
			s := &session{runner: &runner{cfg: tt.cfg, interleave: !tt.blocks}}
			fitRounds(tt.cfg, []*session{s}, tt.warmup)
			if s.runner.positions != tt.want {
				t.Fatalf("positions %d, want %d", s.runner.positions, tt.want)
			}
		})
	}
}
