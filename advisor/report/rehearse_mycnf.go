package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// RehearseMyCnf is the my.cnf for the target: today's settings carried
// over and translated (dropped ones as comments, with why), today's DDL
// behaviour pinned where the measurement supports it, and the DDL variant
// that recovers today's speed (active for a DDL-heavy workload, as audit
// advises them; commented out otherwise). The my.cnf writer keeps a later
// block from re-setting an option an earlier one set.
func RehearseMyCnf(r *RehearseReport) string {
	header := []string{fmt.Sprintf("my.cnf for %s %s, carried over from %s %s by upgrade-advisor %s (rehearse)", flavorName(r.Target.Flavor), r.Target.Version,
		flavorName(r.Today.Flavor), r.Today.Version, r.Tool.Version)}
	if r.Migration {
		header = append(header, fmt.Sprintf("%s -> %s is a migration between vendors: move the data by dump and reload", flavorName(r.Today.Flavor), flavorName(r.Target.Flavor)))
	}
	if len(r.Sides) > 0 && r.Sides[0].Benchmark != nil {
		header = append(header, fmt.Sprintf("measured: %d interleaved rounds of %d tables on throwaway local servers; workload %s", r.Rounds, r.Sides[0].Benchmark.TablesPerRound, r.Workload))
	}
	m := newMyCnf(header...)
	for _, c := range r.Carryover {
		m.block("carried over from today's "+c.Name, carriedLines(c)...)
	}
	findingBlocks(m, r.Findings, func(f FindingInfo) bool { return pinsToday(f, r.Pins) })
	pinBlocks(m, r)
	variantBlock(m, r)
	return m.String()
}

// pinsToday reports whether a finding's recommendation sets an option
// (its report's "to keep today's behaviour" fix) that the rehearsal's
// measured pins do not decide.
func pinsToday(f FindingInfo, measured []carryover.DriftPin) bool {
	sets := false
	for _, l := range f.Recommendation.MyCnf {
		s, ok := settingOf(l)
		if !ok {
			continue
		}
		for _, p := range measured {
			if strings.EqualFold(optionName(s.name), optionName(p.Name)) {
				return false
			}
		}
		sets = sets || s.active
	}
	return sets
}

// carriedLines are one option of today's my.cnf on the target: why, then
// the line (commented out when dropped or when it names this machine).
func carriedLines(c carryover.CarriedOption) []string {
	from := fmt.Sprintf("%s = %s", c.Name, c.Value)
	if c.Where != "" {
		from += " (" + c.Where + ")"
	}
	target := c.TargetName + " = " + c.TargetValue
	switch c.Action {
	case carryover.Dropped:
		return []string{fmt.Sprintf("# dropped: %s: %s", from, c.Why), fmt.Sprintf("# %s = %s", c.Name, c.Value)}
	case carryover.Machine:
		return []string{"# this machine's path, port or identity: check it for the new server, then uncomment", fmt.Sprintf("# %s = %s", c.Name, c.Value)}
	case carryover.Translated:
		return joined(c, fmt.Sprintf("# translated from %s: %s", from, c.Why), target)
	case carryover.Flagged:
		return joined(c, fmt.Sprintf("# changed from %s: %s", from, c.Why), target)
	}
	return joined(c, fmt.Sprintf("# carried from %s: %s", from, c.Why), target)
}

// joined is an option's why and line, or its why alone when its flags were
// joined into another option's line (carryover.CarriedOption.JoinedInto).
func joined(c carryover.CarriedOption, why, line string) []string {
	if c.JoinedInto != "" {
		return []string{why}
	}
	return []string{why, line}
}

// pinBlocks write today's DDL behaviour, active when the measurement
// supports it.
func pinBlocks(m *myCnf, r *RehearseReport) {
	if len(r.Pins) == 0 {
		return
	}
	help := r.PinsHelp()
	measured := "not measured"
	if pv := r.PinnedVsCarried; pv != nil {
		measured = fmt.Sprintf("measured: the pinned target takes %.2fx the carried-over time (95%% CI %.2f-%.2f)", pv.Ratio, pv.Low, pv.High)
	}
	for _, pin := range r.Pins {
		line := pin.Name + " = " + pin.Today
		if !help {
			line = fmt.Sprintf("# %s   (no gain shown: the target's default %s is kept)", line, pin.TargetDefault)
		}
		m.block("today's behaviour pinned", fmt.Sprintf("# today's behaviour pinned: %s; %s", pin.Why, measured), line)
	}
}

// variantBlock writes the settings of the first DDL variant of a target
// side (carried over, then pinned) that recovers today's speed (or, when
// today's version did not run, that is faster than the reference by more
// than the margin); on the pinned side the pins are part of it.
func variantBlock(m *myCnf, r *RehearseReport) {
	carried := r.Variant(SideTargetCarried, bench.Baseline)
	if carried == nil || carried.Recovers {
		return
	}
	for _, side := range []string{SideTargetCarried, SideTargetPinned} {
		for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
			v := r.Variant(side, name)
			if v == nil || v.VsReference == nil || !(v.Recovers || (!r.SourceRuns && effect.OfTime(*v.VsReference) == effect.VerdictFaster)) {
				continue
			}
			settings := maps.Clone(v.Settings)
			label := settingsLabel(&VariantInfo{Name: v.Name, Settings: v.Settings})
			if side == SideTargetPinned {
				for _, p := range r.Pins {
					settings[p.Name] = p.Today
				}
				label += " with today's behaviour pinned (" + pinList(r.Pins) + ")"
			}
			m.block("the DDL variant "+label, variantLines(r, label, v.VsReference, settings)...)
			return
		}
	}
}

// variantLines are a DDL variant's measurement and settings, active for a
// DDL-heavy workload only.
func variantLines(r *RehearseReport, label string, iv *effect.Interval, settings map[string]string) []string {
	lines := []string{fmt.Sprintf("# DDL variant %s on the target: %.2fx %s's time (95%% CI %.2f-%.2f)", label, iv.Ratio, r.Reference, iv.Low, iv.High)}
	active := rules.WorkloadClass(r.Workload) == rules.WorkloadDDLHeavy
	if !active {
		lines = append(lines, fmt.Sprintf("# (commented out: workload %s; advised for a DDL-heavy workload only, see audit's trade-offs)", r.Workload))
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		line := k + " = " + mycnfValue(settings[k])
		if !active {
			line = "# " + line
		}
		lines = append(lines, line)
	}
	return lines
}

// mycnfValue writes ON/OFF as 1/0, as my.cnf files usually do.
func mycnfValue(v string) string {
	switch strings.ToUpper(v) {
	case "ON":
		return "1"
	case "OFF":
		return "0"
	}
	return v
}
