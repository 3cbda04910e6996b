package report

// The calibration in words, shared by the text, Markdown and HTML forms: what
// was measured, why it stopped, each variant's figures or why it was not measured.

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// calibrationSummary is one sentence on what was measured and how long.
func calibrationSummary(b *BenchmarkInfo) string {
	return fmt.Sprintf("%s; %d measured rounds of %d tables in %.1f s.", b.Workload, b.Rounds, b.TablesPerRound, b.DurationS)
}

// stopReasonText explains why the calibration stopped.
func stopReasonText(b *BenchmarkInfo) string {
	switch b.StopReason {
	case paired.StopPrecision:
		return fmt.Sprintf("precision — every 95%% interval narrower than ±%.0f%%", b.Precision*100)
	case paired.StopDecided:
		return "decided — every variant's advice settled: " + decisionsText(b.Decisions, true)
	case paired.StopBudget:
		open := decisionsText(b.Decisions, false)
		if open == "" {
			return fmt.Sprintf("budget — the %.0f s time budget was spent before the intervals reached ±%.0f%%", b.BudgetS, b.Precision*100)
		}
		return fmt.Sprintf("budget — the %.0f s time budget was spent while the advice was still open for %s", b.BudgetS, open)
	case paired.StopMaxRounds:
		return "max-rounds — the round limit was reached"
	case paired.StopRounds:
		return fmt.Sprintf("rounds — a fixed number of rounds (%d) was asked", b.Rounds)
	}
	return b.StopReason
}

// decisionsText lists the variants the stop rule decided (decided=true),
// with why, or the ones it left open.
func decisionsText(ds []Decision, decided bool) string {
	var parts []string
	for _, d := range ds {
		if (d.Verdict != "") != decided {
			continue
		}
		iv := fmt.Sprintf("decision interval %.2f-%.2f", d.Interval.Low, d.Interval.High)
		if d.isCost() {
			parts = append(parts, costDecisionText(d))
			continue
		}
		switch d.Verdict {
		case paired.VerdictAbove:
			parts = append(parts, fmt.Sprintf("%s above the gain threshold (%s)", d.Variant, iv))
		case paired.VerdictBelow:
			parts = append(parts, fmt.Sprintf("%s below the gain threshold (%s)", d.Variant, iv))
		case paired.VerdictPrecise:
			parts = append(parts, fmt.Sprintf("%s as precise as asked, run-to-run spread aside (%s)", d.Variant, iv))
		case paired.VerdictWithin:
			parts = append(parts, fmt.Sprintf("%s within %s%% either way (%s)", d.Variant, effect.MarginPercent(), iv))
		default:
			parts = append(parts, fmt.Sprintf("%s (%s)", d.Variant, iv))
		}
	}
	return strings.Join(parts, "; ")
}

// costDecisionText words the decision on a cost as a slowdown.
func costDecisionText(d Decision) string {
	sd := d.Interval.Slowdown()
	iv := fmt.Sprintf("decision interval %.2f-%.2fx slower", sd.Low, sd.High)
	switch d.Verdict {
	case paired.VerdictBelow:
		return fmt.Sprintf("%s a cost above the %.2fx threshold (%s)", d.Variant, 1/d.Threshold, iv)
	case paired.VerdictAbove:
		return fmt.Sprintf("%s no cost above the %.2fx threshold (%s)", d.Variant, 1/d.Threshold, iv)
	case paired.VerdictPrecise:
		return fmt.Sprintf("%s as precise as asked, run-to-run spread aside (%s)", d.Variant, iv)
	}
	return fmt.Sprintf("%s (%s)", d.Variant, iv)
}

// isMeasured reports whether a variant has the numbers to show.
func isMeasured(v VariantInfo) bool {
	return v.Measured && v.CreateMs != nil && v.DropMs != nil
}

// msPair is "p50 / p95" in milliseconds.
func msPair(s *bench.Summary) string {
	if s == nil {
		return "—"
	}
	return fmt.Sprintf("%.2f / %.2f", s.P50, s.P95)
}

// speedupText is "1.45x (1.38-1.52)" (or "1.60x slower (1.52-1.68)"), or
// "1.00x (reference)" for the baseline.
func speedupText(v VariantInfo) string {
	if v.Name == bench.Baseline {
		return "1.00x (reference)"
	}
	if v.Speedup == nil {
		return "—"
	}
	return effectText(v.Speedup)
}

// notMeasuredText is "not measured: reason (measure it with flag)".
func notMeasuredText(v VariantInfo) string {
	reason := v.Reason
	if reason == "" {
		reason = "no reason given"
	}
	return "not measured: " + reason + flagHint(v.Flag)
}

func flagHint(flag string) string {
	if flag == "" {
		return ""
	}
	return " (measure it with " + flag + ")"
}

// tenantsCostText is what creating a tenant file's tables in every schema
// that shares them takes with each measured variant, "" for another
// workload.
func tenantsCostText(b *BenchmarkInfo) string {
	if b.Tenants == nil {
		return ""
	}
	var parts []string
	for _, v := range b.Variants {
		if v.Measured {
			parts = append(parts, fmt.Sprintf("%s with %s", secondsText(v.AllSchemasS), v.Name))
		}
	}
	return fmt.Sprintf("The file's %d schemas of this definition run these %d statements each: creating all of them (%d statements) "+
		"would take about %s (each variant's mean statement time x %d).",
		b.Tenants.Schemas, b.Tenants.Statements, b.Tenants.Schemas*b.Tenants.Statements, strings.Join(parts, ", "),
		b.Tenants.Schemas*b.Tenants.Statements)
}

// secondsText is a duration in seconds, to 0.01 s below 10 s.
func secondsText(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.2f s", s)
	}
	return fmt.Sprintf("%.1f s", s)
}
