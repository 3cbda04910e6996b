package footprint

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
)

// disturbedHalfWidth: a speedup interval wider than ±15% on a busy server
// is taken as the load moving the ratios (the stop rule aims at ±5%,
// --precision; the tolerance for a ratio under load is 15%).
const disturbedHalfWidth = 0.15

// Info is the report's "server load" section (nil without a calibration).
func (f *Conduct) Info(res *bench.Result) *Load {
	if f == nil || res == nil {
		return nil
	}
	st := f.stats
	l := &Load{
		HistoryLengthMax: st.historyMax, PendingFsyncsMax: st.fsyncsMax, Replicas: st.replicas,
		ThreadsRunningMax: st.runningMax, OthersQuestionsPerSMax: decimal.Round(st.questionsMax, 0),
		Pace: f.pace.String(), PaceRatio: st.ratioMax,
		PacedS: decimal.Round(st.paced.Seconds(), 1), HeldS: decimal.Round(res.Held.Seconds(), 1),
	}
	if st.readings > 0 {
		l.OthersQuestionsPerS = decimal.Round(st.questionsSum/float64(st.readings), 0)
		l.ThreadsRunning = decimal.Round(st.runningSum/float64(st.readings), 1)
	}
	l.UnderLoad = isBusy(l.OthersQuestionsPerS, int64(l.ThreadsRunning+0.5))
	for _, c := range st.pauseOrder {
		p := *st.pauses[c]
		p.Seconds = decimal.Round(p.Seconds, 1)
		l.Pauses = append(l.Pauses, p)
	}
	l.Disturbance = disturbance(l, res)
	l.Disturbed = l.Disturbance != ""
	return l
}

// disturbance says why the load may have moved the ratios ("" when it
// gives no sign of it): a throttle on the server's signals fired, or the
// server was busy and a speedup's interval is much wider than an idle
// run's.
func disturbance(l *Load, res *bench.Result) string {
	var why []string
	for _, p := range l.Pauses {
		if p.Cause != pauseFileCause {
			why = append(why, fmt.Sprintf("the throttle waited for %s", p.Cause))
		}
	}
	if l.UnderLoad {
		for _, v := range res.Variants {
			if v.Measured && v.Name != bench.Baseline && v.Speedup.HalfWidth() > disturbedHalfWidth {
				why = append(why, fmt.Sprintf("%s's interval is ±%.0f%% (wider than ±%.0f%%)", v.Name, 100*v.Speedup.HalfWidth(), 100*disturbedHalfWidth))
			}
		}
	}
	return strings.Join(why, "; ")
}

// Notes is what the advice says about a measurement the load may have
// moved.
func Notes(l *Load) []string {
	if l == nil || !l.Disturbed {
		return nil
	}
	return []string{"measured under load (" + l.Disturbance + "): the speedups behind this advice are less certain than their intervals say; re-run `audit` when the server is quieter before acting on a close call"}
}
