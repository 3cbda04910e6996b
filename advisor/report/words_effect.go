package report

// A measured effect in words, the same in every format.

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
	sd := iv.Slowdown()
	return fmt.Sprintf("%.2fx slower (%.2f-%.2f)", sd.Ratio, sd.Low, sd.High)
}

// measuredText describes a finding's measured effect: a speedup, or for a
// variant that made CREATE TABLE slower, the slowdown.
func measuredText(s *SpeedupInfo) string {
	if s.Ratio > 0 && s.Ratio < 1 && s.Low > 0 {
		sd := s.Slowdown()
		return fmt.Sprintf("slowdown %.2fx (paired ratio %.2fx, slowdown %s); mean CREATE TABLE %.2f -> %.2f ms per statement",
			sd.Ratio, s.Ratio, sd.CI(), s.BaselineMs, s.VariantMs)
	}
	return fmt.Sprintf("speedup %.2fx (paired ratio, %s); mean CREATE TABLE %.2f -> %.2f ms per statement",
		s.Ratio, s.CI(), s.BaselineMs, s.VariantMs)
}
