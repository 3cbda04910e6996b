package advisor

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// TestCompareVerdictAgreesWithRecovery: the headline never calls a target
// slower while saying there is nothing to recover (10.11 -> 11.8 printed
// both for 1.56x, 95% CI 1.04-2.05).
func TestCompareVerdictAgreesWithRecovery(t *testing.T) {
	for _, tt := range []struct {
		iv         bench.Interval
		slower     bool
		verdictHas string
	}{
		{bench.Interval{Ratio: 1.56, Low: 1.04, High: 2.05}, false, "not shown to differ"},
		{bench.Interval{Ratio: 1.79, Low: 1.58, High: 2.11}, true, "slower"},
		{bench.Interval{Ratio: 0.70, Low: 0.60, High: 0.80}, false, "faster"},
		{bench.Interval{Ratio: 0.97, Low: 0.90, High: 1.02}, false, "not shown to differ"},
	} {
		slower, verdict := compareVerdict(tt.iv)
		if slower != tt.slower || !strings.Contains(verdict, tt.verdictHas) {
			t.Errorf("%v: slower=%v %q, want slower=%v and %q", tt.iv, slower, verdict, tt.slower, tt.verdictHas)
		}
		if slower && strings.Contains(verdict, "nothing to recover") {
			t.Errorf("%v: %q calls it slower and says nothing to recover", tt.iv, verdict)
		}
	}
}
