package rehearse

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// buildRehearseReport turns the sides' results into the report: each
// variant of each side against the reference's baseline, the summary,
// the findings for today's settings on the target, and the target's my.cnf.
func buildRehearseReport(o Options, t *today, p *rehearsal, results []*bench.Result) *report.RehearseReport {
	todayInfo := report.ServerOf(t.in)
	if t.offline {
		todayInfo.Address = offlineAddress(o)
	}
	ref := results[0]
	r := &report.RehearseReport{
		SchemaVersion: report.SchemaVersion, Command: string(job.CommandRehearse),
		Tool:  report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Today: todayInfo, Target: binaryInfo(p.targetBin, p.target), Migration: p.carry.Migration,
		SourceRuns: p.sourceBin != nil, Reference: p.sides[0].name,
		Carryover: p.carry.Options, Validation: p.validation, Pins: p.pins,
		Rounds: ref.Rounds, StopReason: ref.StopReason, Warmup: report.WarmupOf(ref.Warmup), DurationS: decimal.Round(ref.Duration.Seconds(), 2),
		Method: report.ServersMethod(ref, "the sandboxes", "every ratio", "side/reference-baseline"),
	}
	for i, sd := range p.sides {
		r.Sides = append(r.Sides, rehearseSide(sd, results[i], ref, r.SourceRuns && i > 0))
	}
	if pinned := sideIndex(p.sides, sideTargetPinned); pinned >= 0 {
		carried := sideIndex(p.sides, sideTargetCarried)
		iv := bench.TimeRatio(results[pinned], bench.Baseline, results[carried], bench.Baseline).Rounded()
		r.PinnedVsCarried = &iv
	}
	var workload rules.WorkloadClass
	r.Findings, workload = rehearseFindings(t, p)
	r.Workload = string(workload)
	var decision effect.Interval
	if carried := sideIndex(p.sides, sideTargetCarried); carried >= 0 && results[carried].Versus != nil {
		decision = results[carried].Versus.Interval.Slowdown()
	}
	r.AddSummary(report.RehearseSummary(r, decision)...)
	r.MyCnf = report.RehearseMyCnf(r)
	if r.Migration {
		r.Notes = append(r.Notes, migrationNote(t.in.Flavor, p.target, t.schema != nil, t.queries != nil, o.Replication != nil))
	}
	r.Notes = append(r.Notes, p.notes...)
	r.Notes = append(r.Notes, "every side ran on a throwaway local server: absolute times come from this machine; the ratios are what carries over")
	r.Notes = append(r.Notes, t.inputs.Notes...)
	r.Notes = append(r.Notes, o.Notes...)
	for _, sd := range p.sides {
		r.Notes = append(r.Notes, sd.srv.Notes()...)
	}
	return r
}

// binaryInfo describes a sandbox binary as a server.
func binaryInfo(b *sandbox.Binary, fl flavor.Flavor) report.ServerInfo {
	return report.ServerInfo{Address: b.Basedir, Flavor: string(fl.Vendor), Version: fl.Version.String(), VersionString: b.Flavor.Raw, Sandbox: true}
}

func sideIndex(sides []side, name string) int {
	for i, sd := range sides {
		if sd.name == name {
			return i
		}
	}
	return -1
}

// rehearseSide reports one sandbox: every variant against the reference's
// baseline.
// judge says whether "recovers" applies: a target side when today's
// version ran.
func rehearseSide(sd side, res, ref *bench.Result, judge bool) report.RehearseSide {
	info := report.ServerOf(sd.srv.Inspection())
	info.Sandbox = true
	out := report.RehearseSide{Name: sd.name, Label: sd.label, Server: info, Options: sd.options, Benchmark: report.BenchmarkOf(res),
		Decision: report.VersusOf(res)}
	for _, vi := range out.Benchmark.Variants {
		rv := report.RehearseVariant{Name: vi.Name, Settings: vi.Settings, Measured: vi.Measured, Reason: vi.Reason}
		if vi.CreateMs != nil {
			rv.CreateP50Ms = vi.CreateMs.P50
		}
		if iv := bench.TimeRatio(res, vi.Name, ref, bench.Baseline); iv.Valid() {
			if vi.Name == bench.Baseline { // decided on the stop rule's interval, as the summary's verdict
				iv = effect.Deciding(iv, res.VersusTime())
			}
			rv.Recovers = judge && effect.Recovers(iv)
			iv = bench.TimeRatio(res, vi.Name, ref, bench.Baseline)
			iv = iv.Rounded()
			rv.VsReference = &iv
		}
		out.Variants = append(out.Variants, rv)
	}
	return out
}

// rehearseFindings are the rules' findings for today's server and settings
// with the target as --target (removed and renamed options, drift), and
// the workload class they used.
func rehearseFindings(t *today, p *rehearsal) ([]report.FindingInfo, rules.WorkloadClass) {
	// the rehearsal's target is set below from the plan, not from --target
	snap, _ := t.inputs.Snapshot(t.in)
	target := p.target
	snap.Target = &target
	return report.FindingsOf(rules.Evaluate(snap)), snap.Workload.Class
}

// offlineAddress names today's server when it was described, not inspected.
func offlineAddress(o Options) string {
	if o.ConfigFile == "" {
		return flagname.ServerVersion + " " + o.ServerVersion + " on its compiled defaults (no " + flagname.Config + ")"
	}
	return flagname.Config + " " + o.ConfigFile + " with " + flagname.ServerVersion + " " + o.ServerVersion
}

// migrationNote says what a rehearsal between vendors put through the
// target and what it did not, so that it never denies what the report
// shows (the statements that break, the schema's refusals).
func migrationNote(from, to flavor.Flavor, schema, statements, replication bool) string {
	did := []string{"carries the settings", "measures DDL"}
	var not []string
	if schema {
		did = append(did, "loads the schema")
	} else {
		not = append(not, "the schema ("+flagname.SchemaFile+")")
	}
	if statements {
		did = append(did, "runs the application's statements")
	} else {
		not = append(not, "the application's SQL ("+flagname.Queries+")")
	}
	not = append(not, "authentication")
	if replication {
		did = append(did, "replicates")
	} else {
		not = append(not, "replication ("+flagname.Replication+")")
	}
	return fmt.Sprintf("%s -> %s is a migration between vendors, not an upgrade: the data itself moves by a logical dump and reload; "+
		"the rehearsal %s; not rehearsed: %s", from, to, andList(did), andList(not))
}

// andList joins "a", "b" and "c" as "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
