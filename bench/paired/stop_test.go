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
