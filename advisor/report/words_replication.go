package report

// A replication run in words, one fact a line, for every format.

import (
	"fmt"
	"strings"
)

// lines are a run's details, one fact a line.
func (r ReplicationRun) lines() []string {
	out := []string{"supported: " + r.Supported}
	if r.Seed.DumpTool != "" {
		s := fmt.Sprintf("seeded from the %s: %s at %s, loaded by %s in %.1f s", r.Seed.Method, r.Seed.DumpTool, r.Seed.Coordinates, r.Seed.LoadTool, r.Seed.DurationS)
		if r.Position == "gtid" {
			s += "; the replica pointed by GTID"
		}
		if len(r.Seed.Errors) > 0 {
			s += fmt.Sprintf("; the load said: %s", strings.Join(firstN(r.Seed.Errors, 5), " / "))
		}
		out = append(out, s)
	}
	if r.Status == ReplicationFailed {
		return append(out, "not set up: "+r.Problem)
	}
	w := fmt.Sprintf("writes: %d statement(s) on the primary in %.2f s, %d refused by it", r.Writes.Statements, r.Writes.DurationS, r.Writes.Failed)
	for _, f := range r.Writes.FailedSamples {
		w += fmt.Sprintf("; line %d: %d %s", f.Line, f.Code, f.Message)
	}
	out = append(out, w)
	for _, u := range r.Writes.Unsafe {
		out = append(out, fmt.Sprintf("unsafe for statement-based replication (%d, %d time(s)): %s  [%s]", u.Code, u.Count, u.SQL, u.Message))
	}
	lag := "NULL"
	if r.LagS != nil {
		lag = fmt.Sprintf("%d s", *r.LagS)
	}
	out = append(out, fmt.Sprintf("lag at the end: %s, caught up: %v; %d table(s) checksummed", lag, r.CaughtUp, r.TablesChecked))
	for _, e := range r.Errors {
		s := fmt.Sprintf("%s thread error %d: %s", e.Thread, e.Code, e.Message)
		if e.Event != "" {
			s += " | event: " + e.Event
		}
		out = append(out, s)
	}
	for _, t := range r.Tables {
		if t.Note != "" {
			out = append(out, fmt.Sprintf("%s: %s (%d row(s) on the primary)", t.Table, t.Note, t.PrimaryRows))
			continue
		}
		out = append(out, fmt.Sprintf("%s differs: %d row(s) (%d on the primary, %d on the replica; %d of %d chunk(s))",
			t.Table, t.DifferingRows, t.PrimaryRows, t.ReplicaRows, t.DifferingChunks, t.Chunks))
		for _, row := range t.Rows {
			out = append(out, "  "+row.String())
		}
	}
	for _, c := range r.Collations {
		out = append(out, fmt.Sprintf("collation: %s is %s on the primary, %s on the replica", c.Table, c.Primary, c.Replica))
	}
	return out
}

func firstN(xs []string, n int) []string {
	if len(xs) > n {
		return append(xs[:n:n], fmt.Sprintf("(%d more)", len(xs)-n))
	}
	return xs
}
