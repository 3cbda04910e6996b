package report

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// rehearsalFixture is a measured rehearsal: the carried-over target at
// carried, its both_off variant at bothOff, the pinned target at pinned
// of its carried-over time.
func rehearsalFixture(carried, bothOff, pinned effect.Interval, workload string) *RehearseReport {
	judge := effect.Recovers
	return &RehearseReport{
		Today: ServerInfo{Flavor: "mysql", Version: "5.5.42"}, Target: ServerInfo{Flavor: "mysql", Version: "5.6.22"},
		SourceRuns: true, Reference: SideToday, Workload: workload,
		Carryover: []carryover.CarriedOption{
			{Name: "max_connections", Value: "300", Where: "my.cnf:2", Action: carryover.Carried, TargetName: "max_connections", TargetValue: "300", Why: "the target has it"},
			{Name: "innodb_file_format", Value: "Barracuda", Where: "my.cnf:3", Action: carryover.Dropped, Why: "removed"},
			{Name: "datadir", Value: "/var/lib/mysql", Where: "my.cnf:4", Action: carryover.Machine, Why: "path"},
		},
		Pins: []carryover.DriftPin{{Name: "innodb_stats_persistent", Today: "OFF", TargetDefault: "ON", Why: "OFF today, ON by default"}},
		Sides: []RehearseSide{
			{Name: SideToday, Variants: []RehearseVariant{{Name: bench.Baseline, VsReference: &effect.Interval{Ratio: 1, Low: 1, High: 1}}}},
			{Name: SideTargetCarried, Variants: []RehearseVariant{
				{Name: bench.Baseline, VsReference: &carried, Recovers: judge(carried)},
				{Name: bench.BothOff, Settings: map[string]string{"innodb_file_per_table": "OFF", "innodb_stats_persistent": "OFF"}, VsReference: &bothOff, Recovers: judge(bothOff)},
			}},
			{Name: SideTargetPinned, Variants: []RehearseVariant{{Name: bench.Baseline, VsReference: &carried}}},
		},
		PinnedVsCarried: &pinned,
	}
}

func TestTargetMyCnf(t *testing.T) {
	slow := effect.Interval{Ratio: 2.9, Low: 2.7, High: 3.1}
	recovers := effect.Interval{Ratio: 1.0, Low: 0.95, High: 1.04}
	faster := effect.Interval{Ratio: 0.8, Low: 0.75, High: 0.85}
	same := effect.Interval{Ratio: 1.0, Low: 0.96, High: 1.04}
	cases := []struct {
		name             string
		r                *RehearseReport
		active, inactive []string
	}{
		{name: "pins that help are active, DDL variant commented out for an unknown workload",
			r:        rehearsalFixture(slow, recovers, faster, "unknown"),
			active:   []string{"max_connections = 300", "innodb_stats_persistent = OFF"},
			inactive: []string{"innodb_file_format = Barracuda", "datadir = /var/lib/mysql", "innodb_file_per_table = 0"}},
		{name: "no gain: pins commented out; ddl-heavy: the recovering variant is active",
			r:        rehearsalFixture(slow, recovers, same, "ddl-heavy"),
			active:   []string{"innodb_file_per_table = 0", "innodb_stats_persistent = 0"},
			inactive: []string{"innodb_stats_persistent = OFF"}},
		{name: "nothing to recover: no variant lines",
			r:        rehearsalFixture(recovers, recovers, same, "ddl-heavy"),
			inactive: []string{"innodb_stats_persistent = OFF", "innodb_file_per_table = 0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cnf := RehearseMyCnf(tc.r)
			lines := strings.Split(cnf, "\n")
			has := func(s string, active bool) bool {
				for _, l := range lines {
					if active && l == s || !active && strings.HasPrefix(l, "# "+s) {
						return true
					}
				}
				return false
			}
			for _, s := range tc.active {
				if !has(s, true) {
					t.Errorf("want active %q in:\n%s", s, cnf)
				}
			}
			for _, s := range tc.inactive {
				if has(s, true) {
					t.Errorf("want %q inactive in:\n%s", s, cnf)
				}
			}
			if !strings.HasPrefix(cnf, "[mysqld]\n") {
				t.Errorf("no [mysqld] section:\n%s", cnf)
			}
		})
	}
}

func TestRehearseSummarySaysWhatRecovers(t *testing.T) {
	r := rehearsalFixture(effect.Interval{Ratio: 2.9, Low: 2.7, High: 3.1}, effect.Interval{Ratio: 1.0, Low: 0.95, High: 1.04},
		effect.Interval{Ratio: 1.0, Low: 0.96, High: 1.04}, "unknown")
	got := strings.Join(headlineTexts(RehearseSummary(r, effect.Interval{})), "\n")
	for _, want := range []string{"takes 2.90x today's time (95% CI 2.70-3.10): slower", "Recovered by the target as carried over with innodb_file_per_table=OFF, innodb_stats_persistent=OFF",
		"no gain shown", "1 carried as they are", "1 dropped", "1 paths or ports left to you"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

func TestTargetMyCnfPinnedVariant(t *testing.T) {
	slow := effect.Interval{Ratio: 1.5, Low: 1.3, High: 1.7}
	r := rehearsalFixture(slow, slow, effect.Interval{Ratio: 1, Low: 0.9, High: 1.1}, "ddl-heavy")
	ok := effect.Interval{Ratio: 1.01, Low: 0.95, High: 1.08}
	r.Sides[2].Variants = append(r.Sides[2].Variants, RehearseVariant{Name: bench.FilePerTableOff,
		Settings: map[string]string{"innodb_file_per_table": "OFF"}, VsReference: &ok, Recovers: effect.Recovers(ok)})
	cnf := RehearseMyCnf(r)
	for _, want := range []string{"with today's behaviour pinned (innodb_stats_persistent=OFF)", "\ninnodb_file_per_table = 0\n", "\ninnodb_stats_persistent = 0\n"} {
		if !strings.Contains(cnf, want) {
			t.Errorf("my.cnf lacks %q:\n%s", want, cnf)
		}
	}
}

func headlineTexts(hs []Headline) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Text)
	}
	return out
}

// TestRehearseHeadlinesMarkOnlyWhatNeedsAction: [!!] for a dropped setting,
// a slower target and what recovers it; [--] when every setting carried as
// it is (machine paths left commented are not an action) and when the
// target is not shown slower.
func TestRehearseHeadlinesMarkOnlyWhatNeedsAction(t *testing.T) {
	slow := effect.Interval{Ratio: 2.9, Low: 2.7, High: 3.1}
	same := effect.Interval{Ratio: 1.0, Low: 0.96, High: 1.04}
	carriedOnly := func(r *RehearseReport) *RehearseReport {
		r.Carryover = []carryover.CarriedOption{r.Carryover[0], r.Carryover[2]} // carried + machine, nothing dropped
		r.PinnedVsCarried = nil
		return r
	}
	cases := []struct {
		name string
		r    *RehearseReport
		want []string // the marks, line by line
	}{
		{"dropped setting, slower target, a variant recovers, pins no gain",
			rehearsalFixture(slow, same, same, "unknown"), []string{"[!!]", "[!!]", "[--]", "[!!]"}},
		{"carried as they are, paths left to the user, not shown slower",
			carriedOnly(rehearsalFixture(same, same, same, "unknown")), []string{"[--]", "[--]", "[--]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.r.AddSummary(RehearseSummary(tc.r, effect.Interval{})...)
			var got []string
			for i := range tc.r.Summary {
				got = append(got, tc.r.summaryMark(i))
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("marks %v, want %v for:\n%s", got, tc.want, strings.Join(tc.r.Summary, "\n"))
			}
		})
	}
}
