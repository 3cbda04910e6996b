package main

import (
	"context"
	"os"
	"time"
)

// The toggled comparison: the machine's own noise (other work on the same
// cores and disk) moves the traffic's latency from one minute to the next by
// more than the audit does, so a run alone and a run beside the audit taken
// minutes apart cannot show a 20% effect. With -toggle, the load test holds
// the audit through its own --pause-file every other period while the
// traffic runs: the seconds in which the audit ran and those in which it
// was held alternate within one run, so slow noise falls on both alike.

// phase is a stretch of the run beside the audit in which the audit was
// held by its pause file (Held) or let run.
type phase struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
	Held bool      `json:"held"`
}

// toggleSettle is left out at the start of every phase: the statement in
// flight when the pause file appears (or the first one after it goes)
// finishes, and its I/O drains, within it.
const toggleSettle = 2 * time.Second

// togglePauseFile alternates between letting the audit run and holding it
// (file present) every period until ctx ends, then removes the file and
// returns the phases, running first.
func togglePauseFile(ctx context.Context, file string, period time.Duration) ([]phase, error) {
	defer os.Remove(file)
	tick := time.NewTicker(period)
	defer tick.Stop()
	cur := phase{From: time.Now()}
	var phases []phase
	for {
		select {
		case <-ctx.Done():
			cur.To = time.Now()
			return append(phases, cur), nil
		case now := <-tick.C:
			cur.To = now
			phases = append(phases, cur)
			cur = phase{From: now, Held: !cur.Held}
			if cur.Held {
				if err := os.WriteFile(file, nil, 0o600); err != nil {
					return phases, err
				}
			} else if err := os.Remove(file); err != nil {
				return phases, err
			}
		}
	}
}

// inPhases returns the intervals lying wholly inside [from, to] and inside a
// phase whose Held is held, its first toggleSettle left out.
func inPhases(ivs []interval, phases []phase, held bool, from, to time.Time) []interval {
	var out []interval
	for _, iv := range ivs {
		start := iv.start()
		if start.Before(from) || iv.end.After(to) {
			continue
		}
		for _, p := range phases {
			if p.Held == held && !start.Before(p.From.Add(toggleSettle)) && !iv.end.After(p.To) {
				out = append(out, iv)
				break
			}
		}
	}
	return out
}
