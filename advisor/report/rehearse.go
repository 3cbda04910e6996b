package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// rehearseJSON writes the rehearsal as indented JSON.
func rehearseJSON(w io.Writer, r *RehearseReport) error { return writeJSON(w, r) }

// rehearseText writes the rehearsal for a terminal.
func rehearseText(w io.Writer, r *RehearseReport, style TextStyle) error {
	p := &printer{w: w, style: style}
	p.line("upgrade-advisor %s — rehearse: %s", r.Tool.Version, rehearseTitle(r))
	p.verdict(r.Verdict)
	p.line("[--] today: %s", r.Today.Address)
	p.line("[--] target: %s (%s)", r.Target.VersionString, r.Target.Address)
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
	p.rehearseSchema(r)
	p.queries(r.Queries)
	p.line("")
	for i, s := range r.Summary {
		p.line("%s %s", p.mark(r.summaryMark(i)), s)
	}
	if len(r.Findings) > 0 {
		p.line("")
		p.line("%s", findingsTitle("Findings on the target (statements, objects, today's settings)", r.Findings))
		p.findingsList(r.Findings, r.touched(), func(f FindingInfo) {
			p.line("%s %s: %s  (%s)", p.mark("["+severityMark(f.Severity)+"]"), f.Severity, f.Title, f.ID)
		})
	}
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

// inPlaceText prints the in-place upgrade rehearsal, when there is one.
func inPlaceText(p *printer, ip *InPlace) {
	if ip == nil {
		return
	}
	mark := "[OK]"
	if !ip.Clean {
		mark = "[!!]"
	}
	p.line("In-place upgrade: %s -> %s (slow shutdown: %v)", ip.Source, ip.Target, ip.SlowShutdown)
	p.line("%s %s", p.mark(mark), ip.Verdict())
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
			p.line("       %s %s.%s: %s %s", o.Kind, o.Schema, o.Name, o.Status, o.Message)
		}
	}
	p.line("")
}

// inPlaceMarkdown writes the in-place upgrade rehearsal, when there is one.
func inPlaceMarkdown(m *mdWriter, ip *InPlace) {
	if ip == nil {
		return
	}
	m.heading(2, "In-place upgrade")
	m.line(fmt.Sprintf("%s -> %s, slow shutdown: %v.", mdText(ip.Source), mdText(ip.Target), ip.SlowShutdown))
	m.line("")
	m.line("**" + mdText(ip.Verdict()) + "**")
	m.line("")
	if ip.UpgradeTool != "" {
		m.line(fmt.Sprintf("- `%s`: %.1f s, %d table(s) checked, %d failed", ip.UpgradeTool, ip.UpgradeDurationS, ip.TablesChecked, len(ip.TablesFailed)))
	}
	for _, l := range ip.FirstStartLog {
		m.line("- first start: `" + strings.ReplaceAll(l, "`", "'") + "`")
	}
	for _, l := range ip.RestartLog {
		m.line("- restart: `" + strings.ReplaceAll(l, "`", "'") + "`")
	}
	for _, o := range ip.Objects {
		if o.Status != "ok" {
			m.line(fmt.Sprintf("- %s `%s.%s`: %s %s", o.Kind, o.Schema, o.Name, o.Status, mdText(o.Message)))
		}
	}
	m.line("")
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

// rehearseMarkdown writes the rehearsal for a ticket or pull request.
func rehearseMarkdown(w io.Writer, r *RehearseReport, style TextStyle) error {
	m := &mdWriter{verbose: style.Verbose}
	m.heading(1, "upgrade-advisor rehearse: "+rehearseTitle(r))
	m.verdict(r.Verdict)
	m.line(fmt.Sprintf("- **Today:** %s", mdText(r.Today.Address)))
	m.line(fmt.Sprintf("- **Target:** %s (`%s`)", r.Target.VersionString, r.Target.Address))
	m.line(fmt.Sprintf("- %d measured rounds, interleaved across %d sandboxes, %.1f s (stopped on %s); ratios against %s's baseline",
		r.Rounds, len(r.Sides), r.DurationS, r.StopReason, r.Reference))
	if r.Warmup != nil {
		m.line("- after " + mdText(r.Warmup.Text))
	}
	m.line("")
	m.heading(2, "Settings carried over")
	m.line("Validated with `" + r.Validation.Command + "`.")
	m.line("")
	var rows [][]string
	for _, c := range r.Carryover {
		to := ""
		if c.TargetName != "" {
			to = mdCodeCell(c.TargetName + "=" + c.TargetValue)
		}
		rows = append(rows, []string{string(c.Action), mdCodeCell(c.Name + "=" + c.Value), mdText(c.Where), to, mdText(c.Why)})
	}
	m.table([]string{"action", "today", "where", "target", "why"}, []string{"---", "---", "---", "---", "---"}, rows)
	if len(r.Pins) > 0 {
		m.line("")
		m.line("Today's DDL behaviour pinned on `target_pinned`: " + mdText(pinsText(r.Pins)))
	}
	m.line("")
	m.heading(2, "Calibration")
	rows = nil
	for _, sd := range r.Sides {
		for _, v := range sd.Variants {
			rows = append(rows, []string{sd.Name, v.Name, p50Cell(v), v.VsReference.String(), recoversCell(v)})
		}
	}
	m.table([]string{"side", "variant", "CREATE p50", "vs " + r.Reference + " (95% CI)", "recovers today's speed"}, []string{"---", "---", "---:", "---:", "---"}, rows)
	m.line("")
	m.line("_" + mdText(r.Method) + "_")
	m.line("")
	if r.Schema != nil {
		m.schema(&Report{Schema: r.Schema})
	}
	m.queries(r.Queries)
	m.heading(2, "Summary")
	for _, s := range r.Summary {
		m.line("- " + mdText(s))
	}
	if len(r.Findings) > 0 {
		m.line("")
		m.heading(2, "Findings on the target: "+mdText(findingCounts(severityGroups(r.Findings))))
		listed, folded := foldFindings(r.Findings, r.touched(), m.verbose)
		for _, f := range listed {
			m.line(fmt.Sprintf("- **%s**: %s (`%s`)", f.Severity, mdText(f.Title), f.ID))
		}
		if len(folded) > 0 {
			m.line("- " + mdText(foldedLine(len(folded))))
		}
	}
	m.line("")
	m.heading(2, "my.cnf for the target")
	fence := codeFence(r.MyCnf)
	m.line(fence + "ini")
	m.b.WriteString(r.MyCnf)
	m.line(fence)
	m.line("")
	inPlaceMarkdown(m, r.InPlace)
	replicationMarkdown(m, r.Replication)
	if len(r.Notes) > 0 {
		m.heading(2, "Notes")
		for _, n := range r.Notes {
			m.line("- " + mdText(n))
		}
	}
	_, err := io.WriteString(w, m.b.String())
	return err
}
