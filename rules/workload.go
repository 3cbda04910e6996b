package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// WorkloadClass is the kind of work a server does, as far as DDL cost matters.
type WorkloadClass string

// Workload classes.
const (
	WorkloadUnknown  WorkloadClass = "unknown"
	WorkloadOLTP     WorkloadClass = "oltp"
	WorkloadMixed    WorkloadClass = "mixed"
	WorkloadDDLHeavy WorkloadClass = "ddl-heavy"
)

// ParseWorkloadClass reads a --workload value.
func ParseWorkloadClass(s string) (WorkloadClass, error) {
	switch c := WorkloadClass(strings.ToLower(strings.TrimSpace(s))); c {
	case WorkloadUnknown, WorkloadOLTP, WorkloadMixed, WorkloadDDLHeavy:
		return c, nil
	case "ddl", "ddlheavy", "ddl_heavy":
		return WorkloadDDLHeavy, nil
	}
	return "", fmt.Errorf("unknown workload %q: use ddl-heavy, mixed, oltp or unknown", s)
}

// Workload is the class and how it was decided.
type Workload struct {
	Class      WorkloadClass
	Source     string // "flag" or "status"
	Reason     string // one sentence a DBA can check
	UptimeS    int64
	Questions  int64
	DDLPerHour float64
	DDLShare   float64 // DDL statements / Questions
	// CreatesPerHour and DropsPerHour are Com_create_table and
	// Com_drop_table per hour of uptime, for the impact estimate.
	CreatesPerHour, DropsPerHour float64
}

// Thresholds of the classification. A server is DDL-heavy when it runs at
// least ddlHeavyPerHour table DDL statements per hour of uptime or they are
// at least ddlHeavyShare of all statements; mixed from a tenth of that.
const (
	minUptimeS      = 3600
	minQuestions    = 1000
	ddlHeavyPerHour = 100.0
	ddlHeavyShare   = 0.01
	mixedPerHour    = 10.0
	mixedShare      = 0.001
)

// DDLCounters are the status counters the classification reads.
var DDLCounters = []string{"Com_create_table", "Com_drop_table", "Com_alter_table", "Com_truncate"}

// ClassifyWorkload decides the class from SHOW GLOBAL STATUS counters.
func ClassifyWorkload(status map[string]string) Workload {
	var ddl int64
	for _, c := range DDLCounters {
		ddl += statusInt(status, c)
	}
	uptime := statusInt(status, "Uptime")
	questions := statusInt(status, "Questions")
	w := Workload{Class: WorkloadUnknown, Source: "status", UptimeS: uptime, Questions: questions}
	if uptime > 0 {
		perHour := 3600 / float64(uptime)
		w.DDLPerHour = float64(ddl) * perHour
		w.CreatesPerHour = float64(statusInt(status, "Com_create_table")) * perHour
		w.DropsPerHour = float64(statusInt(status, "Com_drop_table")) * perHour
	}
	if questions > 0 {
		w.DDLShare = float64(ddl) / float64(questions)
	}
	counts := fmt.Sprintf("%d table DDL statements (CREATE/DROP/ALTER/TRUNCATE) of %d statements over %s of uptime",
		ddl, questions, humanDuration(uptime))
	switch {
	case len(status) == 0:
		w.Reason = "no status counters were available; pass " + flagname.Workload + " to say what the server does"
	case !w.HasHistory():
		w.Reason = fmt.Sprintf("too little history to judge (%s; %s); pass "+flagname.Workload+" to say what the server does",
			counts, historyNeeded)
	case w.DDLPerHour >= ddlHeavyPerHour || w.DDLShare >= ddlHeavyShare:
		w.Class = WorkloadDDLHeavy
		w.Reason = fmt.Sprintf("%s: %.0f per hour, %.2f%% of statements (DDL-heavy from %.0f/h or %.1f%%)",
			counts, w.DDLPerHour, 100*w.DDLShare, ddlHeavyPerHour, 100*ddlHeavyShare)
	case w.DDLPerHour >= mixedPerHour || w.DDLShare >= mixedShare:
		w.Class = WorkloadMixed
		w.Reason = fmt.Sprintf("%s: %.1f per hour, %.3f%% of statements (mixed from %.0f/h or %.1f%%)",
			counts, w.DDLPerHour, 100*w.DDLShare, mixedPerHour, 100*mixedShare)
	default:
		w.Class = WorkloadOLTP
		w.Reason = fmt.Sprintf("%s: %.1f per hour, %.4f%% of statements (below the mixed threshold of %.0f/h and %.1f%%)",
			counts, w.DDLPerHour, 100*w.DDLShare, mixedPerHour, 100*mixedShare)
	}
	return w
}

// HasHistory reports whether the counters cover enough of the server's life
// (minUptimeS of uptime and minQuestions statements) to judge its workload
// or to project a saving per hour from it.
func (w Workload) HasHistory() bool { return w.UptimeS >= minUptimeS && w.Questions >= minQuestions }

// historyNeeded says what HasHistory asks for.
var historyNeeded = fmt.Sprintf("need at least %s of uptime and %d statements", humanDuration(minUptimeS), minQuestions)

// WorkloadFromFlag records a class given with --workload, keeping the
// counters observed (if any) for the impact estimate.
func WorkloadFromFlag(c WorkloadClass, observed Workload) Workload {
	observed.Class = c
	observed.Source = "flag"
	observed.Reason = fmt.Sprintf("set with "+flagname.Workload+" %s", c)
	return observed
}

func humanDuration(seconds int64) string {
	switch {
	case seconds >= 86400:
		return fmt.Sprintf("%.1f days", float64(seconds)/86400)
	case seconds >= 3600:
		return fmt.Sprintf("%.1f h", float64(seconds)/3600)
	case seconds >= 60:
		return fmt.Sprintf("%d min", seconds/60)
	}
	return fmt.Sprintf("%d s", seconds)
}

// statusInt reads a status counter of SHOW GLOBAL STATUS (names in lower
// case) as an integer: 0 when absent or not a number.
func statusInt(status map[string]string, name string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(status[strings.ToLower(name)]), 10, 64)
	if err != nil {
		return 0
	}
	return n
}
