package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Headline is one line of a summary and whether it needs the user's
// action: something to change, review or decide ([!!]), or only a fact
// ([--]).
type Headline struct {
	Text   string
	Action bool
}

// AddSummary appends headlines to the summary, keeping SummaryAction in
// step with Summary.
func (r *RehearseReport) AddSummary(hs ...Headline) {
	for _, h := range hs {
		r.Summary = append(r.Summary, h.Text)
		r.SummaryAction = append(r.SummaryAction, h.Action)
	}
}

// summaryMark is the text mark of summary line i: [!!] when it needs the
// user's action, [--] when it only informs. A report without the flags
// (read back from JSON) marks every line [!!], as before they existed.
func (r *RehearseReport) summaryMark(i int) string {
	if i < len(r.SummaryAction) && !r.SummaryAction[i] {
		return "[--]"
	}
	return "[!!]"
}

// RehearseSummary states how the target as carried over compares with
// the reference, decided on the stop rule's interval for it (decision, a
// time ratio; zero: on the reported one), and which variants recover
// today's speed. A headline needs action when a setting was dropped,
// translated, had values removed or was refused; when the target is not
// shown to be as fast as today; when pins or variants recover the speed
// (the my.cnf to apply).
func RehearseSummary(r *RehearseReport, decision effect.Interval) []Headline {
	var out []Headline
	count := map[carryover.CarryAction]int{}
	for _, c := range r.Carryover {
		count[c.Action]++
	}
	changed := count[carryover.Translated] + count[carryover.Flagged] + count[carryover.Dropped] + len(r.Validation.Refused)
	out = append(out, Headline{Text: fmt.Sprintf("Today's %d explicit setting(s) on the way to %s %s: %d carried as they are, %d translated, %d with values removed, %d dropped (the target's binary refused %d of them), %d paths or ports left to you.",
		len(r.Carryover), flavorName(r.Target.Flavor), r.Target.Version, count[carryover.Carried], count[carryover.Translated], count[carryover.Flagged],
		count[carryover.Dropped], len(r.Validation.Refused), count[carryover.Machine]), Action: changed > 0})
	carried := r.Variant(SideTargetCarried, bench.Baseline)
	if carried == nil || carried.VsReference == nil {
		return out
	}
	iv := carried.VsReference
	if !r.SourceRuns {
		out = append(out, Headline{Text: fmt.Sprintf("Today's version did not run here. CREATE TABLE on the target with today's settings takes %.2fx the time of the target with its defaults (%s).", iv.Ratio, iv.CI()),
			Action: effect.OfTime(*iv) == effect.VerdictSlower})
	} else {
		out = append(out, Headline{Text: effect.TimeSentence("CREATE TABLE on the target with today's settings carried over", "today's", *iv, decision), Action: !carried.Recovers})
	}
	if r.PinnedVsCarried != nil {
		pv := r.PinnedVsCarried
		out = append(out, Headline{Text: fmt.Sprintf("Pinning today's behaviour (%s) on the target: %.2fx the carried-over time (95%% CI %.2f-%.2f)%s.",
			pinList(r.Pins), pv.Ratio, pv.Low, pv.High, map[bool]string{true: ": it helps, the my.cnf keeps the pins", false: ": no gain shown, the pins stay commented out"}[r.PinsHelp()]),
			Action: r.PinsHelp()})
	}
	if !r.SourceRuns {
		return out
	}
	if carried.Recovers {
		return append(out, Headline{Text: fmt.Sprintf("The target as carried over is not shown to be more than %s%% slower than today: nothing shown to recover.", effect.MarginPercent())})
	}
	var recovering []string
	for _, sd := range r.Sides[1:] {
		for _, v := range sd.Variants {
			if v.Recovers {
				recovering = append(recovering, fmt.Sprintf("%s%s: %.2fx today's time (%s)",
					sideShort(sd.Name), variantSuffix(v), v.VsReference.Ratio, v.VsReference.CI()))
			}
		}
	}
	if len(recovering) == 0 {
		return append(out, Headline{Text: "No measured variant recovers today's speed on the target.", Action: true})
	}
	return append(out, Headline{Text: "Recovered by " + strings.Join(recovering, "; by ") + ".", Action: true})
}

func sideShort(name string) string {
	return map[string]string{SideTargetCarried: "the target as carried over", SideTargetPinned: "the target with today's behaviour pinned",
		SideTargetDefaults: "the target with its defaults", SideToday: "today"}[name]
}

// variantSuffix names a DDL variant's settings, "" for the baseline.
func variantSuffix(v RehearseVariant) string {
	if v.Name == bench.Baseline {
		return ""
	}
	return " with " + settingsLabel(&VariantInfo{Name: v.Name, Settings: v.Settings})
}
