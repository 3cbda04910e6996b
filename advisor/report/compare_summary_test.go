package report

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// TestCompareSummaryVerdicts: the headline's verdict comes from the one
// effect core, decided on the stop rule's interval when there is one, and
// never calls the target slower while saying there is nothing to recover
// (10.11 -> 11.8 once printed both for 1.56x, 95% CI 1.04-2.05).
func TestCompareSummaryVerdicts(t *testing.T) {
	fpt := &VariantInfo{Name: bench.FilePerTableOff, Settings: map[string]string{"innodb_file_per_table": "OFF"}}
	for _, tt := range []struct {
		name               string
		base, decision     effect.Interval
		verdict            string
		recoveryLine, none bool
	}{
		{"wide interval around a large ratio", effect.Interval{Ratio: 1.56, Low: 1.04, High: 2.05}, effect.Interval{}, "not shown to differ by more than 5% (the estimate is beyond it", false, false},
		{"slower", effect.Interval{Ratio: 1.79, Low: 1.58, High: 2.11}, effect.Interval{Ratio: 1.79, Low: 1.52, High: 2.2}, ": slower", true, false},
		{"faster", effect.Interval{Ratio: 0.70, Low: 0.60, High: 0.80}, effect.Interval{}, ": faster", false, false},
		{"A/A", effect.Interval{Ratio: 0.99, Low: 0.95, High: 1.04}, effect.Interval{Ratio: 0.99, Low: 0.93, High: 1.06}, "not shown to differ by more than 5%; nothing to recover", false, false},
		{"slower on the 95% interval, not on the decision interval", effect.Interval{Ratio: 1.10, Low: 1.06, High: 1.15},
			effect.Interval{Ratio: 1.10, Low: 1.04, High: 1.17}, "not shown to differ by more than 5% (the estimate is beyond it", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base, rec := tt.base, effect.Interval{Ratio: 1.0, Low: 0.97, High: 1.03}
			r := &CompareReport{Variants: []CompareVariant{
				{Name: bench.Baseline, VsSourceBaseline: &base, Recovers: effect.Recovers(effect.Deciding(base, tt.decision))},
				{Name: bench.FilePerTableOff, Target: fpt, VsSourceBaseline: &rec, Recovers: true},
			}}
			got := strings.Join(CompareSummary(r, tt.decision), "\n")
			if !strings.Contains(got, tt.verdict) {
				t.Errorf("summary lacks %q:\n%s", tt.verdict, got)
			}
			if strings.Contains(got, ": slower") && strings.Contains(got, "nothing to recover") {
				t.Errorf("calls it slower and says nothing to recover:\n%s", got)
			}
			if strings.Contains(got, "Recovered") != tt.recoveryLine {
				t.Errorf("recovery line shown %v, want %v:\n%s", strings.Contains(got, "Recovered"), tt.recoveryLine, got)
			}
		})
	}
}
