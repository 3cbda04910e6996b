package queries

import "time"

// Progress is how far a comparison is, for a caller that shows it.
type Progress struct {
	// Phase is PhaseCompare (each class run once on both servers) or
	// PhaseTime (the timing passes).
	Phase string
	// Done and Total count classes: compared so far, or still being timed
	// (Done is then the classes settled) of those timed.
	Done, Total int
	// Pass is the timing pass (from 1); 0 while comparing.
	Pass int
	// Elapsed is the phase's time so far; Budget bounds it (timing only).
	Elapsed, Budget time.Duration
}

// The phases of a comparison.
const (
	PhaseCompare = "comparing"
	PhaseTime    = "timing"
)

// report tells o.Progress, when set.
func (o Options) report(p Progress) {
	if o.Progress != nil {
		o.Progress(p)
	}
}
