package bench

import "time"

// budgetClock measures the time the budget counts: wall time since reset
// less the time the sessions' hooks held the run (pacing, pauses).
type budgetClock struct {
	runners []*runner
	start   time.Time
	held    time.Duration
}

func (c *budgetClock) reset() {
	c.start, c.held = time.Now(), c.totalHeld()
}

func (c *budgetClock) elapsed() time.Duration {
	return time.Since(c.start) - (c.totalHeld() - c.held)
}

func (c *budgetClock) totalHeld() time.Duration {
	var t time.Duration
	for _, r := range c.runners {
		t += r.held
	}
	return t
}
