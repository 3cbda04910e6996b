package querylog

import (
	"fmt"
	"strings"
	"time"
)

// Statement is one statement of the application as a source logged it,
// with the session it ran in.
type Statement struct {
	Text     string   // as logged, without the trailing ';'
	Schema   string   // the session's current schema; "" when it had none or the source does not say
	Settings []string // the session's SET assignments in force, oldest first, e.g. "sql_mode = 'ANSI'"; shared, do not modify
	Thread   uint64   // the logged connection's id; 0 when unknown
	Time     time.Time
	// Duration is the statement's time from the log (Query_time); for a
	// live digest row it is the total of its Count executions. Timed says
	// whether the source gives times at all (a general log does not).
	Duration time.Duration
	Timed    bool
	// Count is how many executions the statement stands for: 1 for a log
	// entry, COUNT_STAR for a performance_schema digest row (with
	// MaxDuration its slowest and FirstSeen its first).
	Count       int
	MaxDuration time.Duration
	FirstSeen   time.Time
	Line        int // line of the entry in the file (0 for live sources)
}

// Skipped counts what a source held besides the application's statements.
type Skipped struct {
	Tagged   int // upgrade-advisor's own statements (they start with stmt.Tag)
	Session  int // USE, Init DB, Connect and Quit: they change the session only
	Internal int // statements of thread 0: the server's own (MySQL logs its start-up SQL)
	Admin    int // protocol commands: a slow log's "# administrator command:" entries, a general log's Prepare, Ping, ...; a digest's PREPARE and DEALLOCATE
	Throttle int // "throttle: ... suppressed" entries of a slow log
	Banners  int // a server's start-up header ("... started with:"), written when it (re)opens the log
	Empty    int // entries without a statement
}

// Total is the number of skipped entries.
func (s Skipped) Total() int {
	return s.Tagged + s.Session + s.Internal + s.Admin + s.Throttle + s.Banners + s.Empty
}

// Describe says what was skipped and why, each kind with its count:
// "1 start-up header of the server (written when it opens the log), 2
// USE, connect or quit lines (they change the session only)"; "" when
// nothing was.
func (s Skipped) Describe() string {
	var out []string
	for _, k := range []struct {
		n    int
		what string
	}{
		{s.Tagged, "upgrade-advisor's own statement%s (tagged)"},
		{s.Session, "USE, connect or quit line%s (they change the session only)"},
		{s.Internal, "statement%s of the server's own thread (thread 0)"},
		{s.Admin, "protocol command%s (administrator commands, Prepare, Ping)"},
		{s.Throttle, "throttle line%s (suppressed entries)"},
		{s.Banners, "start-up header%s of the server (written when it opens the log)"},
		{s.Empty, "entr%s without a statement"},
	} {
		if k.n == 0 {
			continue
		}
		suffix := map[bool]string{true: "", false: "s"}[k.n == 1]
		if strings.HasPrefix(k.what, "entr") {
			suffix = map[bool]string{true: "y", false: "ies"}[k.n == 1]
		}
		out = append(out, fmt.Sprintf("%d %s", k.n, fmt.Sprintf(k.what, suffix)))
	}
	return strings.Join(out, ", ")
}

func (s *Skipped) add(o Skipped) {
	s.Tagged += o.Tagged
	s.Session += o.Session
	s.Internal += o.Internal
	s.Admin += o.Admin
	s.Throttle += o.Throttle
	s.Banners += o.Banners
	s.Empty += o.Empty
}
