package report

import (
	"fmt"
	"io"
	"strings"
)

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
	if r.Schema != nil {
		m.schema(&Report{Schema: r.Schema})
	}
	m.queries(r.Queries)
	m.carriedOver(r)
	m.rehearseCalibration(r)
	m.heading(2, "Summary")
	for _, s := range r.Summary {
		m.line("- " + mdText(s))
	}
	m.rehearseFindings(r)
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

// carriedOver writes today's settings as carried to the target, and the
// pins of today's DDL behaviour.
func (m *mdWriter) carriedOver(r *RehearseReport) {
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
}

// rehearseCalibration writes every side's variants against the
// reference's baseline, and the method.
func (m *mdWriter) rehearseCalibration(r *RehearseReport) {
	if len(r.Sides) == 0 {
		m.line("_" + mdText(r.Method) + "_")
		m.line("")
		return
	}
	m.heading(2, "Calibration")
	var rows [][]string
	for _, sd := range r.Sides {
		for _, v := range sd.Variants {
			rows = append(rows, []string{sd.Name, v.Name, p50Cell(v), v.VsReference.String(), recoversCell(v)})
		}
	}
	m.table([]string{"side", "variant", "CREATE p50", "vs " + r.Reference + " (95% CI)", "recovers today's speed"}, []string{"---", "---", "---:", "---:", "---"}, rows)
	m.line("")
	m.line("_" + mdText(r.Method) + "_")
	m.line("")
}

// rehearseFindings lists the rehearsal's findings, when there are any,
// the drift of defaults nothing touches folded into one line.
func (m *mdWriter) rehearseFindings(r *RehearseReport) {
	if len(r.Findings) == 0 {
		return
	}
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

// inPlaceMarkdown writes the in-place upgrade rehearsal, when there is one.
func inPlaceMarkdown(m *mdWriter, ip *InPlace) {
	if ip == nil {
		return
	}
	m.heading(2, "In-place upgrade")
	if ip.Datadir != nil {
		inPlaceDatadirMarkdown(m, ip)
		return
	}
	m.line(fmt.Sprintf("%s -> %s, slow shutdown: %v.", mdText(ip.Source), mdText(ip.Target), ip.SlowShutdown))
	m.line("")
	m.line("**" + mdText(ip.Verdict()) + "**")
	m.line("")
	if g := ip.GroupsText(); g != "" {
		m.line("- " + mdText(g))
	}
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
			m.line(fmt.Sprintf("- %s `%s.%s`%s: %s %s", o.Kind, o.Schema, o.Name, mdText(ip.SharedText(o)), o.Status, mdText(o.Message)))
		}
	}
	m.line("")
}
