package rules

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// ddlRecommendIsWarning is why the DDL-setting rules raise one outcome.
const ddlRecommendIsWarning = "the -recommend outcome (a gain measured on a DDL-heavy workload, where it recurs) is a warning"

// ddlChange describes one setting whose DDL cost the calibration measures.
// The calibration turns it the other way from how the server runs it: OFF
// on a server that runs it ON (what turning it off would save), ON on one
// that runs it OFF (what the new default would cost); the rule finds the
// variant by the setting it changes, so the same rule serves both.
type ddlChange struct {
	idPrefix  string
	variable  string
	mycnfLine string // turning it off
	sqlLine   string
	// tradeoffs are what running it OFF gives up (the new default's reasons).
	tradeoffs []string
	// perTable returns the narrower per-table alternative on this server, or "".
	perTable func(flavor.Flavor) string
}

// speedupText renders a measured speedup the way the report and the my.cnf
// comments print it, saying which statistic each figure is, e.g.
// "CREATE TABLE 1.45x faster measured (paired ratio, 95% CI 1.38-1.52; mean
// per CREATE TABLE 2.90 -> 2.00 ms)". The ratio is the geometric mean of
// paired baseline/variant ratios over chunks of statements, so it need not
// equal the ratio of the two means (one slow stretch moves a mean more). A
// ratio below 1 is said as "slower", with the ratio itself in the bracket
// (slowdownText gives the slowdown's own interval).
func speedupText(v *Variant, base *Variant) string {
	how, ratio := fmt.Sprintf("%.2fx faster", v.Speedup.Ratio), ""
	if v.Speedup.Ratio < 1 && v.Speedup.Ratio > 0 {
		how, ratio = fmt.Sprintf("%.2fx slower", 1/v.Speedup.Ratio), fmt.Sprintf(" %.2fx", v.Speedup.Ratio)
	}
	return fmt.Sprintf("CREATE TABLE %s measured (paired ratio%s, %s; %s per CREATE TABLE %.2f -> %.2f ms)",
		how, ratio, v.Speedup.CI(), meanOrMedianLabel(base), meanOrP50(base), meanOrP50(v))
}

// slowdownText is the interval of a cost as a slowdown, "slowdown 95% CI
// 1.52-1.68x".
func slowdownText(iv effect.Interval) string {
	sd := iv.Slowdown()
	return fmt.Sprintf("slowdown 95%% CI %.2f-%.2fx", sd.Low, sd.High)
}

// decidingText names the interval the advice on v was decided on
// (Variant.Deciding), as a speedup or, for a cost, as a slowdown: "interval
// (1.02-1.10)", or "decision interval (1.04-1.18, 98.7% with the stop
// rule's sequential correction)".
func decidingText(v *Variant, slowdown bool) string {
	iv := v.Deciding()
	if slowdown {
		iv = iv.Slowdown()
	}
	if !v.Decision.Valid() {
		return fmt.Sprintf("interval (%.2f-%.2f)", iv.Low, iv.High)
	}
	return fmt.Sprintf("decision interval (%.2f-%.2f, %.1f%% with the stop rule's sequential correction)", iv.Low, iv.High, 100*v.DecisionLevel)
}

// changeLabel names what a variant does to a setting, e.g.
// "innodb_file_per_table=ON".
func changeLabel(v *Variant, name string) string {
	return name + "=" + v.Changes[name]
}

// meanOrP50 is the mean time per CREATE TABLE, or the median where no mean
// was recorded.
func meanOrP50(v *Variant) float64 {
	if v.CreateMean > 0 {
		return v.CreateMean
	}
	return v.CreateP50
}

// meanOrMedianLabel names the statistic meanOrP50 returns.
func meanOrMedianLabel(v *Variant) string {
	if v.CreateMean > 0 {
		return "mean"
	}
	return "median"
}

func measuredSpeedup(v, base *Variant) *MeasuredSpeedup {
	return &MeasuredSpeedup{Variant: v.Name, Interval: v.Speedup, BaselineMs: meanOrP50(base), VariantMs: meanOrP50(v)}
}

// minRoundsForAdvice is the fewest measured rounds whose interval the rules
// act on; with fewer, a finding says the measurement is inconclusive.
const minRoundsForAdvice = 3

// tooFewRounds returns the inconclusive finding when the calibration ran
// fewer rounds than the rules need.
func tooFewRounds(s Snapshot, idPrefix, label string) (Finding, bool) {
	if s.Bench == nil || s.Bench.Rounds >= minRoundsForAdvice {
		return Finding{}, false
	}
	return Finding{ID: idPrefix + "-inconclusive", Severity: Info,
		Title:    label + ": too few rounds to judge",
		Detail:   fmt.Sprintf("Only %d measured round(s); a 95%% interval needs at least %d. Run with a larger "+flagname.Budget+" or "+flagname.Rounds+" %d.", s.Bench.Rounds, minRoundsForAdvice, 2*minRoundsForAdvice),
		Evidence: map[string]string{"rounds": fmt.Sprint(s.Bench.Rounds)}}, true
}

// impactText estimates the time saved per hour at the observed CREATE and
// DROP TABLE rates (mean times: totals are what users wait for), and the
// before/after of a setup scenario given with --expect-tables.
func impactText(s Snapshot, v, base *Variant) string {
	out := ""
	w := s.Workload
	savedMs := w.CreatesPerHour*(base.CreateMean-v.CreateMean) + w.DropsPerHour*(base.DropMean-v.DropMean)
	verb, noun := "saves", "saving"
	if savedMs < 0 || (savedMs == 0 && v.CreateMean > base.CreateMean) {
		verb, noun, savedMs = "adds", "cost", -savedMs
	}
	switch {
	case w.UptimeS == 0 && w.Questions == 0:
		out += " No " + noun + " per hour is estimated: no status counters were read."
	case !w.HasHistory():
		out += fmt.Sprintf(" No %s per hour is estimated: the status counters cover too little history (%s of uptime, %d statements; %s).",
			noun, humanDuration(w.UptimeS), w.Questions, historyNeeded)
	case w.CreatesPerHour+w.DropsPerHour > 0 && savedMs > 0:
		out += fmt.Sprintf(" At the observed rate (%.0f CREATE and %.0f DROP TABLE per hour) that %s about %.1f s per hour.",
			w.CreatesPerHour, w.DropsPerHour, verb, savedMs/1000)
	}
	if n := s.ExpectTables; n > 0 && base.CreateMean > 0 {
		out += fmt.Sprintf(" Creating %d tables: %.1f s -> %.1f s.", n, float64(n)*base.CreateMean/1000, float64(n)*v.CreateMean/1000)
	}
	return out
}

// lifecycleWarning says, from the knowledge base, when the variable the
// change sets is deprecated on this server or on the --target, or gone from
// the target: the same facts that flag it when it appears in --config.
// Empty when neither is the case.
func (c ddlChange) lifecycleWarning(s Snapshot) string {
	f, ok := knowledge.Lookup(c.variable)
	if !ok {
		return ""
	}
	servers := []flavor.Flavor{s.Flavor}
	if s.Target != nil {
		servers = append(servers, *s.Target)
	}
	for _, fl := range servers {
		switch lc := f.StatusIn(fl); lc.State {
		case knowledge.StateDeprecated:
			return fmt.Sprintf("%s is deprecated in %s (since %s): it still works, but the server logs a deprecation warning "+
				"at start-up when my.cnf sets it (SET GLOBAL answers with warning 1287), and it will be removed in a later release, "+
				"when this line has to go", f.Name, VersionLabel(fl), lc.Since)
		case knowledge.StateRemoved, knowledge.StateIgnored:
			return fmt.Sprintf("%s is %s in %s (since %s): remove this setting before the upgrade", f.Name, lc.State, VersionLabel(fl), lc.Since)
		}
	}
	return ""
}

// recommendation builds the my.cnf lines (commented out unless active), the
// SQL and the trade-offs of a change; a deprecated variable says so in the
// my.cnf comment and the trade-offs.
func (c ddlChange) recommendation(s Snapshot, v, base *Variant, active bool) Recommendation {
	fl := s.Flavor
	comment := "# " + speedupText(v, base)
	line := c.mycnfLine
	if !active {
		line = "# " + line + "   # uncomment if the application creates tables routinely"
	}
	r := Recommendation{MyCnf: []string{comment, line}, Tradeoffs: c.tradeoffs}
	if warning := c.lifecycleWarning(s); warning != "" {
		r.MyCnf = []string{comment, "# " + warning, line}
		r.Tradeoffs = append(append([]string{}, c.tradeoffs...), warning)
	}
	if active {
		r.SQL = []string{c.sqlLine + "  -- takes effect for tables created afterwards, no restart"}
	}
	if alt := c.perTable(fl); alt != "" {
		r.SQL = append(r.SQL, "-- narrower alternative, no global change: "+alt)
	}
	return r
}
