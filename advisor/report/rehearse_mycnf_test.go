package report

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// A DDL variant on the pinned side sets the pins again: with the pins
// active, the variant's pin line says it is set above instead of re-setting it.
func TestRehearseMyCnfVariantDoesNotResetThePins(t *testing.T) {
	slow, recovers, faster := effect.Interval{Ratio: 1.5, Low: 1.3, High: 1.7}, effect.Interval{Ratio: 1.01, Low: 0.95, High: 1.08}, effect.Interval{Ratio: 0.8, Low: 0.75, High: 0.85}
	r := &RehearseReport{SourceRuns: true, Reference: SideToday, Workload: string(rules.WorkloadDDLHeavy),
		Pins: []carryover.DriftPin{{Name: "innodb_stats_persistent", Today: "OFF", TargetDefault: "ON", Why: "OFF today, ON by default"}},
		Sides: []RehearseSide{
			{Name: SideToday, Variants: []RehearseVariant{{Name: bench.Baseline}}},
			{Name: SideTargetCarried, Variants: []RehearseVariant{{Name: bench.Baseline, VsReference: &slow}}},
			{Name: SideTargetPinned, Variants: []RehearseVariant{{Name: bench.Baseline, VsReference: &slow},
				{Name: bench.FilePerTableOff, Settings: map[string]string{"innodb_file_per_table": "OFF"}, VsReference: &recovers, Recovers: true}}},
		},
		PinnedVsCarried: &faster,
	}
	got := RehearseMyCnf(r)
	for _, want := range []string{
		"\ninnodb_stats_persistent = OFF\n",
		"# DDL variant innodb_file_per_table=OFF with today's behaviour pinned (innodb_stats_persistent=OFF) on the target",
		"\ninnodb_file_per_table = 0\n# innodb_stats_persistent = 0   # already set above (today's behaviour pinned)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("my.cnf lacks %q:\n%s", want, got)
		}
	}
}

// TestRehearseMyCnfHasTheReportsPins: every "to keep today's behaviour"
// fix the rehearsal's report gives is an active line of the my.cnf it
// writes (the findings are the one source of both), unless a measured pin
// of the rehearsal decides that option.
func TestRehearseMyCnfHasTheReportsPins(t *testing.T) {
	for _, name := range []string{"rehearse-migration.json", "rehearse-queries.json", "rehearse-replication.json", "rehearse-inplace.json"} {
		t.Run(name, func(t *testing.T) {
			r, _ := rehearseFixtureNamed(t, name)
			cnf := RehearseMyCnf(r)
			pins := 0
			for _, f := range r.Findings {
				fix, ok := strings.CutPrefix(pinFix(f), "to keep today's behaviour: ")
				if !ok || !pinsToday(f, r.Pins) {
					continue
				}
				pins++
				if !strings.Contains("\n"+cnf, "\n"+fix+"\n") {
					t.Errorf("the report says %q, the my.cnf lacks it:\n%s", pinFix(f), cnf)
				}
			}
			if pins == 0 {
				t.Errorf("%s: no pin in the report to look for", name)
			}
		})
	}
}
