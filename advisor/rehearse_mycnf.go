package advisor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// targetMyCnf writes the my.cnf for the target: today's settings carried
// over and translated (dropped ones as comments, with why), today's DDL
// behaviour pinned where the measurement supports it, and the DDL variants
// that recover today's speed (active for a DDL-heavy workload, as audit
// advises them; commented out otherwise).
func targetMyCnf(o RehearseOptions, r *report.RehearseReport, p *rehearsal) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("[mysqld]")
	line("# my.cnf for %s %s, carried over from %s %s by upgrade-advisor %s (rehearse)", flavorLabel(r.Target.Flavor), r.Target.Version,
		flavorLabel(r.Today.Flavor), r.Today.Version, o.ToolVersion)
	if r.Migration {
		line("# %s -> %s is a migration between vendors: move the data by dump and reload", flavorLabel(r.Today.Flavor), flavorLabel(r.Target.Flavor))
	}
	if len(r.Sides) > 0 && r.Sides[0].Benchmark != nil {
		line("# measured: %d interleaved rounds of %d tables on throwaway local servers; workload %s", r.Rounds, r.Sides[0].Benchmark.TablesPerRound, r.Workload)
	}
	written := map[string]bool{}
	for _, c := range r.Carryover {
		line("")
		writeCarried(line, c)
		if c.TargetName != "" && c.Action != rules.Machine && c.Action != rules.Dropped {
			written[c.TargetName] = true
		}
	}
	writePins(line, r, written)
	writeVariants(line, r, written)
	return b.String()
}

func writeCarried(line func(string, ...any), c rules.CarriedOption) {
	from := fmt.Sprintf("%s = %s", c.Name, c.Value)
	if c.Where != "" {
		from += " (" + c.Where + ")"
	}
	switch c.Action {
	case rules.Dropped:
		line("# dropped: %s: %s", from, c.Why)
		line("# %s = %s", c.Name, c.Value)
	case rules.Machine:
		line("# this machine's path, port or identity: check it for the new server, then uncomment")
		line("# %s = %s", c.Name, c.Value)
	case rules.Translated:
		line("# translated from %s: %s", from, c.Why)
		line("%s = %s", c.TargetName, c.TargetValue)
	case rules.Flagged:
		line("# changed from %s: %s", from, c.Why)
		line("%s = %s", c.TargetName, c.TargetValue)
	default:
		line("# carried from %s: %s", from, c.Why)
		line("%s = %s", c.TargetName, c.TargetValue)
	}
}

// writePins writes today's DDL behaviour, active when the measurement
// supports it.
func writePins(line func(string, ...any), r *report.RehearseReport, written map[string]bool) {
	if len(r.Pins) == 0 {
		return
	}
	help := pinsHelp(r)
	measured := "not measured"
	if pv := r.PinnedVsCarried; pv != nil {
		measured = fmt.Sprintf("measured: the pinned target takes %.2fx the carried-over time (95%% CI %.2f-%.2f)", pv.Ratio, pv.Low, pv.High)
	}
	for _, pin := range r.Pins {
		line("")
		line("# today's behaviour pinned: %s; %s", pin.Why, measured)
		if help && !written[pin.Name] {
			line("%s = %s", pin.Name, pin.Today)
			written[pin.Name] = true
		} else {
			line("# %s = %s   (no gain shown: the target's default %s is kept)", pin.Name, pin.Today, pin.TargetDefault)
		}
	}
}

// writeVariants writes the settings of the carried-over target's DDL
// variants that recover today's speed (or, when today's version did not
// run, that are faster than the reference by more than the margin).
func writeVariants(line func(string, ...any), r *report.RehearseReport, written map[string]bool) {
	carried := rehearseVariant(r, sideTargetCarried, bench.Baseline)
	if carried == nil || carried.Recovers {
		return
	}
	for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
		v := rehearseVariant(r, sideTargetCarried, name)
		if v == nil || v.VsReference == nil || !(v.Recovers || (!r.SourceRuns && v.VsReference.High < 1/(1+rules.GainMargin))) {
			continue
		}
		line("")
		line("# DDL variant %s on the target: %.2fx the reference's time (95%% CI %.2f-%.2f)", settingsLabel(&report.VariantInfo{Name: v.Name, Settings: v.Settings}),
			v.VsReference.Ratio, v.VsReference.Low, v.VsReference.High)
		active := rules.WorkloadClass(r.Workload) == rules.WorkloadDDLHeavy
		if !active {
			line("# (commented out: workload %s; advised for a DDL-heavy workload only, see audit's trade-offs)", r.Workload)
		}
		for _, k := range slices.Sorted(maps.Keys(v.Settings)) {
			value := mycnfValue(v.Settings[k])
			if active && !written[k] {
				line("%s = %s", k, value)
				written[k] = true
			} else {
				line("# %s = %s", k, value)
			}
		}
		return // the first (simplest) recovering variant is enough
	}
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
