package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
)

// WarmupInfo is how the warm-up before the measured rounds went: how many
// rounds until the servers settled, and why it stopped (bench/settle.go).
type WarmupInfo struct {
	Rounds int `json:"rounds"`
	// Stop is "settled" (two rounds in a row agreed within the tolerance),
	// "limit" (they never did: measured anyway) or "blocks" (one whole
	// round, variants in blocks).
	Stop string `json:"stop"`
	// LastChange is the largest relative change between the last two
	// warm-up rounds' statement times over the servers.
	LastChange float64 `json:"last_change"`
	Text       string  `json:"text"`
}

// WarmupOf is the report form of a calibration's warm-up; nil when none
// was recorded.
func WarmupOf(w bench.Warmup) *WarmupInfo {
	if w.Rounds == 0 {
		return nil
	}
	return &WarmupInfo{Rounds: w.Rounds, Stop: w.Stop, LastChange: decimal.Round(min(w.Change, 1e6), 4), Text: w.Text()}
}
