package effect

import (
	"strings"
	"testing"
)

func TestVerdictsOfTimeRatios(t *testing.T) {
	for _, tt := range []struct {
		iv       Interval
		want     Verdict
		recovers bool
		phrase   string
	}{
		// 10.11 -> 11.8 once printed "slower" and "nothing to recover" for this.
		{Interval{Ratio: 1.56, Low: 1.04, High: 2.05}, VerdictNotShown, false, "not shown to differ by more than 5% (the estimate is beyond it"},
		{Interval{Ratio: 1.79, Low: 1.58, High: 2.11}, VerdictSlower, false, "slower"},
		{Interval{Ratio: 0.70, Low: 0.60, High: 0.80}, VerdictFaster, true, "faster"},
		{Interval{Ratio: 0.97, Low: 0.90, High: 1.02}, VerdictNotShown, true, "not shown to differ by more than 5%"},
		// Just inside the margin on either side: not shown.
		{Interval{Ratio: 1.10, Low: 1.049, High: 1.15}, VerdictNotShown, false, "not shown to differ by more than 5% (the estimate is beyond it"},
		{Interval{Ratio: 0.90, Low: 0.85, High: 0.953}, VerdictNotShown, true, "not shown to differ"},
		{Interval{}, VerdictNotShown, false, "not shown to differ"},
	} {
		if got := OfTime(tt.iv); got != tt.want {
			t.Errorf("OfTime(%v) = %q, want %q", tt.iv, got, tt.want)
		}
		if got := Recovers(tt.iv); got != tt.recovers {
			t.Errorf("Recovers(%v) = %v, want %v", tt.iv, got, tt.recovers)
		}
		if got := Phrase(tt.iv); !strings.HasPrefix(got, tt.phrase) {
			t.Errorf("Phrase(%v) = %q, want it to start with %q", tt.iv, got, tt.phrase)
		}
		if OfTime(tt.iv) == VerdictSlower && Recovers(tt.iv) {
			t.Errorf("%v: slower and recovers at once", tt.iv)
		}
		if sp := OfSpeedup(tt.iv.Slowdown()); sp != tt.want {
			t.Errorf("OfSpeedup of the reciprocal of %v = %q, want %q", tt.iv, sp, tt.want)
		}
	}
}

// TestGainAndCostUseTheUnroundedLow: a low of 1.046 prints as 1.05 but is
// no gain; the margin decides on the figure, not on its rounding.
func TestGainAndCostUseTheUnroundedLow(t *testing.T) {
	for _, tt := range []struct {
		iv           Interval
		faster, slow bool
	}{
		{Interval{Ratio: 1.11, Low: 1.046, High: 1.18}, false, false},
		{Interval{Ratio: 1.11, Low: 1.0501, High: 1.18}, true, false},
		{Interval{Ratio: 1.05, Low: 1.05, High: 1.06}, false, false},
		{Interval{Ratio: 0.90, Low: 0.85, High: 0.952}, false, true}, // 1/1.05 = 0.95238
		{Interval{Ratio: 0.90, Low: 0.85, High: 0.9525}, false, false},
		{Interval{Ratio: 0.92, Low: 0.85, High: 0.953}, false, false},
	} {
		if tt.iv.Faster() != tt.faster || tt.iv.Slower() != tt.slow {
			t.Errorf("%v: faster %v slower %v, want %v %v", tt.iv, tt.iv.Faster(), tt.iv.Slower(), tt.faster, tt.slow)
		}
	}
}

func TestTimeSentenceDecidesOnTheDecisionInterval(t *testing.T) {
	printed := Interval{Ratio: 1.10, Low: 1.06, High: 1.15}
	decision := Interval{Ratio: 1.10, Low: 1.04, High: 1.17}
	got := TimeSentence("CREATE TABLE on the target", "the source's", printed, decision)
	if !strings.Contains(got, "95% CI 1.06-1.15") || strings.Contains(got, ": slower") || !strings.Contains(got, "1.04-1.17") {
		t.Errorf("sentence %q: want the printed interval, a verdict from the decision interval, and that interval named", got)
	}
	if got := TimeSentence("X", "the source's", printed, Interval{}); !strings.HasSuffix(got, ": slower.") {
		t.Errorf("without a decision interval the printed one decides: %q", got)
	}
}

func TestIntervalShapes(t *testing.T) {
	iv := Interval{Ratio: 2, Low: 1.6, High: 2.5}
	if s := iv.Slowdown(); s.Ratio != 0.5 || s.Low != 0.4 || s.High != 0.625 {
		t.Errorf("slowdown %v", s)
	}
	if w := iv.Width(); w != 2.5/1.6 {
		t.Errorf("width %v", w)
	}
	if r := (Interval{Ratio: 1.23456, Low: 1.0004, High: 1.9996}).Rounded(); r != (Interval{Ratio: 1.235, Low: 1, High: 2}) {
		t.Errorf("rounded %v", r)
	}
	var none *Interval
	if none.String() != "-" || iv.String() != "2.00x (1.60-2.50)" {
		t.Errorf("strings %q %q", none.String(), iv.String())
	}
}
