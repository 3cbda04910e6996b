package paired

import (
	"math"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func logsAround(ratio, spread float64, n int) [][]float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Log(ratio) + spread*(2*float64(i%5)/4-1)
	}
	return [][]float64{out}
}

func TestDecisionIntervalIsWiderThanReported(t *testing.T) {
	logs := logsAround(1.3, 0.1, 20)
	reported := logInterval(logs, 1-Confidence)
	for _, looks := range []int{2, 5, 10, 40} {
		d := Decide("file_per_table_off", logs, looks, 0.05, effect.GainThreshold)
		if !(d.Interval.Low < reported.Low && d.Interval.High > reported.High) || d.Level <= Confidence {
			t.Errorf("%d looks: decision interval %v at %.4f should contain the reported %v", looks, d.Interval, d.Level, reported)
		}
	}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name      string
		logs      [][]float64
		precision float64
		want      string
	}{
		{"clear gain", logsAround(1.6, 0.1, 30), 0.05, VerdictAbove},
		{"clear no gain", logsAround(0.9, 0.05, 30), 0.05, VerdictBelow},
		{"straddling but precise", logsAround(1.05, 0.02, 30), 0.05, VerdictPrecise},
		{"straddling and wide", logsAround(1.05, 0.3, 30), 0.05, ""},
		{"straddling, precise only for a looser precision", logsAround(1.05, 0.3, 30), 0.5, VerdictPrecise},
		{"precise on the run's own part, narrower than the run-to-run component", logsAround(1.05, 0.005, 30), 0.03, VerdictPrecise},
		{"one unit decides nothing", logsAround(2, 0, 1), 0.05, ""},
		{"no unit decides nothing", nil, 0.05, ""},
		{"rounds that disagree keep it open", [][]float64{{0.30, 0.31, 0.29}, {0.12, 0.13, 0.11}, {0.21, 0.20, 0.22}}, 0.05, ""},
		{"rounds that agree decide", [][]float64{{0.30, 0.12, 0.21}, {0.31, 0.13, 0.20}, {0.29, 0.11, 0.22}}, 0.05, VerdictAbove},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide("file_per_table_off", tt.logs, 5, tt.precision, effect.GainThreshold)
			if d.Verdict != tt.want {
				t.Fatalf("verdict %q, want %q (interval %v at %.4f)", d.Verdict, tt.want, d.Interval, d.Level)
			}
			if d.Variant != "file_per_table_off" || d.Units != len(Flat(tt.logs)) {
				t.Fatalf("decision %+v does not name its variant and units", d)
			}
		})
	}
}

func TestMoreLooksNeedMoreEvidence(t *testing.T) {
	// An interval whose low end is just above the threshold with few looks
	// planned falls below it when many looks are planned.
	logs := logsAround(1.15, 0.12, 10)
	few := Decide("file_per_table_off", logs, 1, 0.01, effect.GainThreshold)
	many := Decide("file_per_table_off", logs, 40, 0.01, effect.GainThreshold)
	if few.Verdict != VerdictAbove || many.Verdict != "" {
		t.Fatalf("1 look: %q %v; 40 looks: %q %v", few.Verdict, few.Interval, many.Verdict, many.Interval)
	}
}

// TestDecideTwoServers: one server against another is decided against
// both margins: slower, faster, or not differing by more than the margin
// (within); an interval reaching over a threshold stays open.
func TestDecideTwoServers(t *testing.T) {
	tests := []struct {
		name string
		logs [][]float64
		want string
	}{
		{"first faster", logsAround(1.6, 0.1, 30), VerdictAbove},
		{"first slower", logsAround(0.6, 0.1, 30), VerdictBelow},
		{"the same server twice", logsAround(1.0, 0.02, 60), VerdictWithin},
		{"reaching over the margin", logsAround(1.04, 0.3, 30), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide("target", tt.logs, 5, 0.01, effect.GainThreshold, effect.CostThreshold)
			if d.Verdict != tt.want || !d.TwoSided || d.Variant != "target" {
				t.Fatalf("verdict %q (want %q), decision %+v", d.Verdict, tt.want, d)
			}
		})
	}
}
