package report

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// effectText renders a variant's speedup against the baseline as the reader
// needs it: "1.45x (1.38-1.52)" when the variant is faster, and as a cost,
// "1.60x slower (1.52-1.68)", when it is slower (a variant that turns a
// setting on); a nil interval renders "-".
func effectText(iv *effect.Interval) string {
	if iv == nil || iv.Ratio >= 1 || iv.Ratio <= 0 || iv.Low <= 0 {
		return iv.String()
	}
	return fmt.Sprintf("%.2fx slower (%.2f-%.2f)", 1/iv.Ratio, 1/iv.High, 1/iv.Low)
}

// measuredText describes a finding's measured effect: a speedup, or for a
// variant that made CREATE TABLE slower, the slowdown.
func measuredText(s *SpeedupInfo) string {
	if s.Ratio > 0 && s.Ratio < 1 && s.CILow > 0 {
		return fmt.Sprintf("slowdown %.2fx (paired ratio %.2fx, slowdown 95%% CI %.2f-%.2f); mean CREATE TABLE %.2f -> %.2f ms per statement",
			1/s.Ratio, s.Ratio, 1/s.CIHigh, 1/s.CILow, s.BaselineMs, s.VariantMs)
	}
	return fmt.Sprintf("speedup %.2fx (paired ratio, 95%% CI %.2f-%.2f); mean CREATE TABLE %.2f -> %.2f ms per statement",
		s.Ratio, s.CILow, s.CIHigh, s.BaselineMs, s.VariantMs)
}
