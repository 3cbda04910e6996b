package effect

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Verdict is what an interval shows about a side against its reference.
type Verdict string

// Verdicts.
const (
	VerdictFaster   Verdict = "faster"
	VerdictSlower   Verdict = "slower"
	VerdictNotShown Verdict = "not shown to differ"
)

// OfTime is the verdict on a time ratio (measured / reference time): slower
// when the whole interval lies above GainThreshold, faster when it lies
// wholly below CostThreshold, otherwise not shown to differ by more than
// the margin.
func OfTime(i Interval) Verdict {
	switch {
	case !i.Valid():
		return VerdictNotShown
	case i.Low > GainThreshold:
		return VerdictSlower
	case i.High < CostThreshold:
		return VerdictFaster
	}
	return VerdictNotShown
}

// OfSpeedup is the verdict on a speedup (reference / measured time).
func OfSpeedup(i Interval) Verdict { return OfTime(i.Slowdown()) }

// Recovers reports, of a time ratio against the reference, whether the
// measured side is not shown to be slower than the reference by more than
// the margin: its verdict is not "slower", and its ratio itself lies within
// the margin (a wide interval around a large ratio does not count).
func Recovers(i Interval) bool {
	return i.Valid() && OfTime(i) != VerdictSlower && i.Ratio <= GainThreshold
}

// Phrase says the verdict on a time ratio in words, after a colon in a
// sentence such as TimeSentence's. A ratio beyond the margin whose
// interval still reaches within it is not shown to differ, and says why.
func Phrase(i Interval) string {
	switch OfTime(i) {
	case VerdictSlower:
		return string(VerdictSlower)
	case VerdictFaster:
		return string(VerdictFaster)
	}
	s := fmt.Sprintf("%s by more than %s%%", VerdictNotShown, MarginPercent())
	switch {
	case i.Valid() && i.Ratio > GainThreshold:
		s += fmt.Sprintf(" (the estimate is beyond it, but the interval reaches below %.2fx; a longer "+flagname.Budget+" narrows it)", GainThreshold)
	case i.Valid() && i.Ratio < CostThreshold:
		s += fmt.Sprintf(" (the estimate is beyond it, but the interval reaches above %.2fx; a longer "+flagname.Budget+" narrows it)", CostThreshold)
	}
	return s
}

// TimeSentence says a time ratio and its verdict in one sentence, e.g.
// "CREATE TABLE on the target takes 1.02x the source's time (95% CI
// 0.97-1.07): not shown to differ by more than 5%." subject is what was
// timed on which side, reference whose time it is set against ("the
// source's"). printed is the reported 95% interval; decision, when valid,
// is the stop rule's (wider) decision interval, on which the verdict is
// then decided so that the verdict and the stop reason never disagree; the
// sentence names it where the two intervals would say different things.
func TimeSentence(subject, reference string, printed, decision Interval) string {
	deciding := Deciding(printed, decision)
	s := fmt.Sprintf("%s takes %.2fx %s time (%s): %s", subject, printed.Ratio, reference, printed.CI(), Phrase(deciding))
	if decision.Valid() && OfTime(decision) != OfTime(printed) {
		s += fmt.Sprintf(" (decided on the stop rule's interval %.2f-%.2f, wider: corrected for stopping at the first decisive look)", decision.Low, decision.High)
	}
	return s + "."
}

// Deciding is the interval a verdict is decided on: the stop rule's
// decision interval when there is one, else the reported interval.
func Deciding(printed, decision Interval) Interval {
	if decision.Valid() {
		return decision
	}
	return printed
}

// MarginPercent is the margin as a percentage, for sentences ("5").
func MarginPercent() string { return fmt.Sprintf("%.0f", 100*Margin) }
