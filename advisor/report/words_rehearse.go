package report

// The rehearsal in words, shared by its text, Markdown and HTML forms.

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
)

// rehearseTitle names the move, and says when it is a migration.
func rehearseTitle(r *RehearseReport) string {
	s := fmt.Sprintf("%s %s -> %s %s", flavorName(r.Today.Flavor), r.Today.Version, flavorName(r.Target.Flavor), r.Target.Version)
	if r.Migration {
		s += " (a migration between vendors, not an upgrade)"
	}
	return s
}

func pinsText(pins []carryover.DriftPin) string {
	var s []string
	for _, p := range pins {
		s = append(s, fmt.Sprintf("%s=%s (target default %s)", p.Name, p.Today, p.TargetDefault))
	}
	return strings.Join(s, ", ")
}

func p50Cell(v RehearseVariant) string {
	if !v.Measured {
		return "not measured"
	}
	return fmt.Sprintf("%.2f ms", v.CreateP50Ms)
}

func recoversCell(v RehearseVariant) string {
	switch {
	case v.Recovers:
		return "recovers"
	case !v.Measured && v.Reason != "":
		return "(" + v.Reason + ")"
	}
	return ""
}
