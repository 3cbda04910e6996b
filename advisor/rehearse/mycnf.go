package rehearse

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// targetMyCnf writes the my.cnf for the target: today's settings carried
// over and translated (dropped ones as comments, with why), today's DDL
// behaviour pinned where the measurement supports it, and the DDL variants
// that recover today's speed (active for a DDL-heavy workload, as audit
// advises them; commented out otherwise).
func targetMyCnf(o Options, r *report.RehearseReport) string {
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

// writeVariants writes the settings of the first DDL variant of a target
// side (carried over, then pinned) that recovers today's speed (or, when
// today's version did not run, that is faster than the reference by more
// than the margin); on the pinned side the pins are part of it.
func writeVariants(line func(string, ...any), r *report.RehearseReport, written map[string]bool) {
	carried := rehearseVariant(r, sideTargetCarried, bench.Baseline)
	if carried == nil || carried.Recovers {
		return
	}
	for _, sideName := range []string{sideTargetCarried, sideTargetPinned} {
		for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
			v := rehearseVariant(r, sideName, name)
			if v == nil || v.VsReference == nil || !(v.Recovers || (!r.SourceRuns && effect.OfTime(*v.VsReference) == effect.VerdictFaster)) {
				continue
			}
			settings := maps.Clone(v.Settings)
			label := (&report.VariantInfo{Name: v.Name, Settings: v.Settings}).SettingsLabel()
			if sideName == sideTargetPinned {
				for _, p := range r.Pins {
					settings[p.Name] = p.Today
				}
				label += " with today's behaviour pinned (" + pinList(r.Pins) + ")"
			}
			writeVariant(line, r, written, label, v.VsReference, settings)
			return
		}
	}
}

func writeVariant(line func(string, ...any), r *report.RehearseReport, written map[string]bool, label string, iv *effect.Interval, settings map[string]string) {
	line("")
	line("# DDL variant %s on the target: %.2fx %s's time (95%% CI %.2f-%.2f)", label, iv.Ratio, r.Reference, iv.Low, iv.High)
	active := rules.WorkloadClass(r.Workload) == rules.WorkloadDDLHeavy
	if !active {
		line("# (commented out: workload %s; advised for a DDL-heavy workload only, see audit's trade-offs)", r.Workload)
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		value := mycnfValue(settings[k])
		if active && !written[k] {
			line("%s = %s", k, value)
			written[k] = true
		} else {
			line("# %s = %s", k, value)
		}
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
