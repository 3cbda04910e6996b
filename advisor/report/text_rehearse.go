package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// rehearseText writes the rehearsal for a terminal.
func rehearseText(w io.Writer, r *RehearseReport, style TextStyle) error {
	p := &printer{w: w, style: style}
	p.line("upgrade-advisor %s — rehearse: %s", r.Tool.Version, rehearseTitle(r))
	p.verdict(r.Verdict)
	p.line("[--] today: %s", r.Today.Address)
	p.line("[--] target: %s (%s)", r.Target.VersionString, r.Target.Address)
	// What the application meets on the target first (its schema, its
	// statements), then the settings carried over and the DDL measured.
	p.rehearseSchema(r)
	p.queries(r.Queries)
	p.carriedOver(r)
	p.rehearseCalibration(r)
	p.line("")
	for i, s := range r.Summary {
		p.line("%s %s", p.mark(r.summaryMark(i)), s)
	}
	p.rehearseFindings(r)
	p.line("")
	p.line("my.cnf for the target:")
	for _, l := range strings.Split(strings.TrimRight(r.MyCnf, "\n"), "\n") {
		p.line("    %s", l)
	}
	p.line("")
	inPlaceText(p, r.InPlace)
	replicationText(p, r.Replication)
	for _, n := range r.Notes {
		p.line("[--] Note: %s", n)
	}
	return p.err
}

// carriedOver prints today's settings as carried to the target, what
// today's binary refused, and the pins of today's DDL behaviour.
func (p *printer) carriedOver(r *RehearseReport) {
	p.line("[--] Settings carried over (validated with %s):", r.Validation.Command)
	var machine []string
	for _, c := range r.Carryover {
		if c.Action == carryover.Machine {
			machine = append(machine, c.Name)
			continue
		}
		p.line("       %-10s %s", c.Action, carryText(c))
	}
	if len(machine) > 0 {
		p.line("       %-10s %s: paths, ports or identities of this machine; the sandboxes set their own (left commented in the my.cnf)", carryover.Machine, strings.Join(machine, ", "))
	}
	if len(r.Carryover) == 0 {
		p.line("       (no explicit settings today)")
	}
	for _, s := range r.Validation.Source {
		p.line("[!!] today's binary refused %s: %s (left out of today's sandbox)", s.Option, s.Message)
	}
	if len(r.Pins) > 0 {
		p.line("[--] Today's DDL behaviour pinned on target_pinned: %s", pinsText(r.Pins))
	}
}

// rehearseCalibration prints the run and every side's variants against
// the reference's baseline.
func (p *printer) rehearseCalibration(r *RehearseReport) {
	if len(r.Sides) == 0 {
		p.line("[--] %s", r.Method)
		return
	}
	p.line("[--] Calibration: %d measured rounds, interleaved across %d sandboxes, %.1f s (stopped on %s); ratios against %s's baseline",
		r.Rounds, len(r.Sides), r.DurationS, r.StopReason, r.Reference)
	if r.Warmup != nil {
		p.line("       after %s", r.Warmup.Text)
	}
	p.line("       %-16s %-22s %-12s %-26s", "side", "variant", "CREATE p50", "vs "+r.Reference+" (95% CI)")
	for _, sd := range r.Sides {
		for _, v := range sd.Variants {
			p.line("       %-16s %-22s %-12s %-26s %s", sd.Name, v.Name, p50Cell(v), v.VsReference.String(), recoversCell(v))
		}
	}
	p.line("       (%s)", r.Method)
}

// rehearseFindings lists the rehearsal's findings, when there are any,
// the drift of defaults nothing touches folded into one line.
func (p *printer) rehearseFindings(r *RehearseReport) {
	if len(r.Findings) == 0 {
		return
	}
	p.line("")
	p.line("%s", findingsTitle("Findings on the target (statements, objects, today's settings)", r.Findings))
	p.findingsList(r.Findings, r.touched(), func(f FindingInfo) {
		p.line("%s %s: %s  (%s)", p.mark("["+severityMark(f.Severity)+"]"), f.Severity, f.Title, f.ID)
	})
}

// inPlaceText prints the in-place upgrade rehearsal, when there is one.
func inPlaceText(p *printer, ip *InPlace) {
	if ip == nil {
		return
	}
	if ip.Datadir != nil {
		inPlaceDatadirText(p, ip)
		return
	}
	mark := "[OK]"
	if !ip.Clean {
		mark = "[!!]"
	}
	p.line("In-place upgrade: %s -> %s (slow shutdown: %v)", ip.Source, ip.Target, ip.SlowShutdown)
	p.line("%s %s", p.mark(mark), ip.Verdict())
	if g := ip.GroupsText(); g != "" {
		p.line("       %s", g)
	}
	for _, l := range ip.FirstStartLog {
		p.line("       first start: %s", l)
	}
	if ip.UpgradeTool != "" {
		p.line("       %s: %.1f s, %d table(s) checked, %d failed %v", ip.UpgradeTool, ip.UpgradeDurationS, ip.TablesChecked, len(ip.TablesFailed), ip.TablesFailed)
	} else {
		p.line("       no upgrade tool: the server upgrades itself at start")
	}
	for _, l := range ip.RestartLog {
		p.line("       restart: %s", l)
	}
	for _, o := range ip.Objects {
		if o.Status != "ok" {
			p.line("       %s %s.%s%s: %s %s", o.Kind, o.Schema, o.Name, ip.SharedText(o), o.Status, o.Message)
		}
	}
	p.line("")
}

func severityMark(s string) string {
	switch s {
	case rules.Critical.String():
		return "XX"
	case rules.Warning.String():
		return "!!"
	}
	return "--"
}

// carryText is one carry-over decision on one line.
func carryText(c carryover.CarriedOption) string {
	s := c.Name + "=" + c.Value
	if c.Where != "" {
		s += " (" + c.Where + ")"
	}
	switch c.Action {
	case carryover.Translated, carryover.Flagged:
		s += " -> " + c.TargetName + "=" + c.TargetValue
	}
	if c.SandboxValue != "" {
		s += " [sandbox: " + c.SandboxValue + "]"
	}
	return s + ": " + c.Why
}

// rehearseSchema prints the schema section of a rehearsal.
func (p *printer) rehearseSchema(r *RehearseReport) {
	if r.Schema == nil {
		return
	}
	p.line("")
	p.schema(&Report{Schema: r.Schema})
	if t := r.SchemaTiming; t != nil {
		p.line("[--] Schema creation timed (%s):", t.Method)
		for _, s := range t.Sides {
			versus := ""
			if s.Versus != nil {
				versus = fmt.Sprintf("   %.2fx %s's time (%s)", s.Versus.Ratio, t.Reference, s.Versus.CI())
			}
			p.line("       %-16s %.2f s%s", s.Name, s.MedianS, versus)
		}
	}
}
