package report

// The server's load during the calibration in words.

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
)

// loadLines is the "under load" section as plain sentences, shared by the
// text and Markdown reports.
func loadLines(l *footprint.Load) []string {
	state := "quiet"
	if l.UnderLoad {
		state = "measured under load"
	}
	out := []string{fmt.Sprintf("%s: other sessions' statements %.0f/s (max %.0f), Threads_running %.1f (max %d) during the calibration; history list length max %s, pending fsyncs max %s, replicas %s",
		state, l.OthersQuestionsPerS, l.OthersQuestionsPerSMax, l.ThreadsRunning, l.ThreadsRunningMax,
		known(l.HistoryLengthMax), known(l.PendingFsyncsMax), known(int64(l.Replicas)))}
	pace := fmt.Sprintf("pace %s", l.Pace)
	if l.PaceRatio > 0 {
		pace += fmt.Sprintf(": slept %gx each statement's time, %.1f s in all", l.PaceRatio, l.PacedS)
	} else {
		pace += ": not paced"
	}
	out = append(out, pace+fmt.Sprintf("; %.1f s held in all (pacing and pauses; not counted against "+flagname.Budget+")", l.HeldS))
	for _, p := range l.Pauses {
		out = append(out, fmt.Sprintf("paused %d time(s), %.1f s, waiting for %s (%s)", p.Count, p.Seconds, p.Cause, p.Detail))
	}
	if l.Disturbed {
		out = append(out, "the load may have moved the ratios: "+l.Disturbance+"; the figures are less certain than their intervals say: confirm on a quieter server")
	}
	return out
}

func known(v int64) string {
	if v < 0 {
		return "unknown"
	}
	return fmt.Sprint(v)
}
