package queries

import (
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// Status is a class's verdict, the worst of its problems.
type Status string

// Statuses, worst first.
const (
	StatusBreaks  Status = "breaks"  // fails on the target, works today
	StatusChanged Status = "changed" // other rows, columns or affected rows
	StatusOrder   Status = "order"   // the same rows in another order, without ORDER BY
	StatusSlower  Status = "slower"  // slower on the target beyond the threshold
	StatusWarned  Status = "warned"  // warnings the target gives and today does not
	StatusPlan    Status = "plan"    // another plan (table order, access type, key)
	// StatusFailedBoth: the statement fails on both servers with the same
	// error, or today with an error of the rehearsal's setup (no default
	// schema, a table not loaded, a right the account lacks) and on the
	// target too: nothing of it was compared.
	StatusFailedBoth Status = "failed-both"
	StatusSame       Status = "same"   // nothing found
	StatusFixed      Status = "fixed"  // fails today, works on the target
	StatusFaster     Status = "faster" // faster on the target beyond the threshold
)

// statusOrder ranks the statuses, worst first.
var statusOrder = []Status{StatusBreaks, StatusChanged, StatusOrder, StatusSlower, StatusWarned,
	StatusPlan, StatusFailedBoth, StatusSame, StatusFixed, StatusFaster}

// Rank is the status's place in the order, 0 for the worst.
func (s Status) Rank() int {
	for i, o := range statusOrder {
		if o == s {
			return i
		}
	}
	return len(statusOrder)
}

// Statuses lists every status, worst first.
func Statuses() []Status { return append([]Status(nil), statusOrder...) }

// Problem is one difference found in a class.
type Problem struct {
	Status Status `json:"status"`
	// Aspect is what differed: error, warning, session, result, order, plan, latency.
	Aspect string `json:"aspect"`
	// Code and Message are the server's (the target's; today's for fixed).
	Code    int    `json:"code,omitempty"`
	Message string `json:"message"`
	// Today and Target say what each server did, briefly.
	Today  string `json:"today,omitempty"`
	Target string `json:"target,omitempty"`
	Fix    string `json:"fix,omitempty"`
}

// Latency is a class's timing, target against today.
type Latency struct {
	// Ratio is the target's time over today's, with its 95% interval
	// (above 1: slower on the target).
	Ratio effect.Interval `json:"ratio"`
	// Decision is the stop rule's last verdict (in speedup form: today's time over the target's).
	Decision paired.Decision `json:"decision"`
	Rounds   int             `json:"rounds"`
	Repeats  int             `json:"repeats"` // executions per server per round
	Stop     string          `json:"stop"`
	// TodayMs and TargetMs are the median time of one execution.
	TodayMs  float64 `json:"today_ms"`
	TargetMs float64 `json:"target_ms"`
	// Executions is the class's executions in the source; ExtraShare the
	// time the target would add (negative: save) to the source's total
	// time, as a share of it (see Materiality).
	Executions int     `json:"executions,omitempty"`
	ExtraShare float64 `json:"extra_share,omitempty"`
}

// ClassResult is the comparison of one class.
type ClassResult struct {
	Class   string  `json:"class"`
	Kind    Kind    `json:"kind"`
	Weight  float64 `json:"weight"`
	Samples int     `json:"samples"`
	// SQL is the first sample's text.
	SQL      string    `json:"sql"`
	Status   Status    `json:"status"`
	Problems []Problem `json:"problems,omitempty"`
	// Notes say what was not compared and why (a capped result, volatile
	// columns, a statement failing on both).
	Notes   []string `json:"notes,omitempty"`
	Latency *Latency `json:"latency,omitempty"`
	// Untimed says why the latency was not measured ("" when it was).
	Untimed string `json:"untimed,omitempty"`
	// Negligible is set for a class whose interval lies wholly beyond the
	// threshold but whose extra (or saved) time is too small to matter to
	// the application (Materiality): it is not called slower or faster.
	Negligible bool `json:"negligible,omitempty"`
}

// SetAside counts the classes of one kind that were not run.
type SetAside struct {
	Kind    Kind `json:"kind"`
	Classes int  `json:"classes"`
	// Statements is the number of samples of those classes given.
	Statements int    `json:"statements"`
	Example    string `json:"example"` // the first sample of the first class
}

// Result is the whole comparison.
type Result struct {
	Today  string `json:"today"`  // the server's version string
	Target string `json:"target"` // the server's version string
	// Classes are the classes that ran, worst status first, then heaviest.
	Classes  []ClassResult `json:"classes"`
	SetAside []SetAside    `json:"set_aside,omitempty"`
	// Counts is the number of classes per status.
	Counts map[Status]int `json:"counts"`
	// Compared is the time the comparison of errors, warnings, results
	// and plans took; Timed the latency measurement's.
	Compared time.Duration `json:"compared_ns"`
	Timed    time.Duration `json:"timed_ns"`
	// Threshold is the latency ratio beyond which a class is slower (or,
	// its reciprocal, faster).
	Threshold float64 `json:"threshold"`
	// Material is the rule that tells a slower or faster class that
	// matters from a negligible one.
	Material Materiality `json:"material"`
	// Untested is set when most classes failed on both servers for a
	// reason of the rehearsal's setup: nothing of the upgrade was tested.
	Untested *SetupFailure `json:"untested,omitempty"`
}

// worst returns the worst status of the problems, StatusSame for none.
func worst(ps []Problem) Status {
	s := StatusSame
	for _, p := range ps {
		if p.Status.Rank() < s.Rank() || (s == StatusSame && p.Status.Rank() > s.Rank()) {
			s = p.Status
		}
	}
	return s
}
