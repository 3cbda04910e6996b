package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// AddReplication puts the replication rehearsal in the report: the
// section, a finding per run that broke (and per kind of trouble its
// writes met), and a summary line per direction.
func (r *RehearseReport) AddReplication(rep *Replication) {
	r.Replication = rep
	if rep == nil {
		return
	}
	r.Findings = append(r.Findings, rep.Findings()...)
	for _, dir := range []string{DirectionForward, DirectionBack} {
		var runs []ReplicationRun
		for _, run := range rep.Runs {
			if run.Direction == dir {
				runs = append(runs, run)
			}
		}
		if len(runs) > 0 {
			r.AddSummary(replicationHeadline(dir, runs))
		}
	}
}

// replicationHeadline says how a direction went in every format and seed.
func replicationHeadline(dir string, runs []ReplicationRun) Headline {
	name := map[string]string{DirectionForward: "replication, the target as replica of today's version", DirectionBack: "replication, the way back (today's version as replica of the target)"}[dir]
	var broken []string
	for _, run := range runs {
		if run.Broken() {
			broken = append(broken, fmt.Sprintf("%s seeded from the %s: %s", run.BinlogFormat, run.Seed.Method, run.trouble()))
		}
	}
	refused := ""
	if f := runs[0].Writes; f.Failed > 0 {
		refused = fmt.Sprintf("; its primary (%s) refused %d of the %d writes (the queries section says why)", runs[0].Primary, f.Failed, f.Statements)
	}
	if len(broken) == 0 {
		return Headline{Text: fmt.Sprintf("%s: running and caught up in all %d runs, no table differing%s", name, len(runs), refused)}
	}
	return Headline{Text: fmt.Sprintf("%s: %d of %d runs broke: %s%s", name, len(broken), len(runs), strings.Join(broken, "; "), refused), Action: true}
}

// trouble is what broke in a run, in a few words.
func (r ReplicationRun) trouble() string {
	var parts []string
	switch {
	case r.Status == ReplicationFailed:
		parts = append(parts, "not set up: "+r.Problem)
	case len(r.Errors) > 0:
		e := r.Errors[0]
		s := fmt.Sprintf("%s (%s thread, %d", r.Status, e.Thread, e.Code)
		if e.Table != "" {
			s += " on " + e.Table
		}
		parts = append(parts, s+")")
	case r.Status != ReplicationRunning:
		parts = append(parts, r.Status)
	}
	if len(r.Tables) > 0 {
		var names []string
		for _, t := range r.Tables {
			names = append(names, t.Table)
		}
		parts = append(parts, fmt.Sprintf("%d table(s) differ (%s)", len(r.Tables), strings.Join(names, ", ")))
	}
	return strings.Join(parts, ", ")
}

// Findings are a finding per broken run, with a fix where one is known,
// and one per run whose writes the primary called unsafe for statement-
// based replication; their kinds (rules.FindingReplication,
// rules.FindingReplicationUnsafe) give their severity and side of the
// verdict, each id qualified by the run: "replication-forward-row-dump".
func (rep *Replication) Findings() []FindingInfo {
	var out []FindingInfo
	for _, run := range rep.Runs {
		if run.Broken() {
			out = append(out, run.finding())
		}
		if len(run.Writes.Unsafe) > 0 {
			out = append(out, run.unsafeFinding())
		}
	}
	return out
}

// qualifiers name a run in its findings' ids: direction, binary log
// format, seed.
func (r ReplicationRun) qualifiers() []string {
	return []string{r.Direction, strings.ToLower(r.BinlogFormat), r.Seed.Method}
}

// finding is a broken run as a finding: critical, a warning (as its kind
// allows) when the replica still runs, only behind or with a table
// differing.
func (r ReplicationRun) finding() FindingInfo {
	f := newFinding(rules.FindingReplication, r.qualifiers()...)
	if r.Status != ReplicationStopped && r.Status != ReplicationFailed {
		f = f.withSeverity(rules.Warning)
	}
	f.Title, f.Detail, f.Evidence = "Replication "+r.Verdict(), r.detail(), map[string]string{"supported": r.Supported}
	for _, c := range r.Collations {
		f.Recommendation.SQL = append(f.Recommendation.SQL, collationFix(c))
		if strings.Contains(c.Replica, "uca1400") {
			cs, _, _ := strings.Cut(c.Primary, "_")
			f.Recommendation.MyCnf = appendOnce(f.Recommendation.MyCnf, fmt.Sprintf("character_set_collations = %s=%s", cs, c.Primary))
		}
	}
	if len(r.Collations) > 0 {
		f.Recommendation.Tradeoffs = append(f.Recommendation.Tradeoffs,
			"state the collation the application was tested with in its schema (COLLATE on each table), so every server files the rows the same way; "+
				"a server-wide character_set_collations keeps the old collation for every table created without one")
	}
	f.Recommendation.MyCnf, f.Recommendation.SQL, f.Recommendation.Tradeoffs = nonNil(f.Recommendation.MyCnf), nonNil(f.Recommendation.SQL), nonNil(f.Recommendation.Tradeoffs)
	return f
}

// detail tells the errors, the differing rows and the collations.
func (r ReplicationRun) detail() string {
	var parts []string
	for _, e := range r.Errors {
		s := fmt.Sprintf("%s thread error %d: %s", e.Thread, e.Code, e.Message)
		if e.Event != "" {
			s += " (event: " + e.Event + ")"
		}
		parts = append(parts, s)
	}
	for _, t := range r.Tables {
		s := fmt.Sprintf("%s: %d row(s) differ (%d on the primary, %d on the replica)", t.Table, t.DifferingRows, t.PrimaryRows, t.ReplicaRows)
		if t.Note != "" {
			s = t.Table + ": " + t.Note
		}
		for _, row := range t.Rows {
			s += "; " + row.String()
		}
		parts = append(parts, s)
	}
	for _, c := range r.Collations {
		parts = append(parts, fmt.Sprintf("%s is %s on the primary, %s on the replica", c.Table, c.Primary, c.Replica))
	}
	return strings.Join(parts, ". ")
}

// String is the row for a line of text.
func (m RowMismatch) String() string {
	switch {
	case m.Replica == "" && m.Primary != "":
		return fmt.Sprintf("%s only on the primary (%s)", m.Key, m.Primary)
	case m.Primary == "" && m.Replica != "":
		return fmt.Sprintf("%s only on the replica (%s)", m.Key, m.Replica)
	}
	return fmt.Sprintf("%s differs: primary (%s), replica (%s)", m.Key, m.Primary, m.Replica)
}

// collationFix is the statement that files a replica's table under the
// primary's collation.
func collationFix(c ReplicationCollation) string {
	cs, _, _ := strings.Cut(c.Primary, "_")
	schema, table, _ := strings.Cut(c.Table, ".")
	return fmt.Sprintf("ALTER TABLE `%s`.`%s` CONVERT TO CHARACTER SET %s COLLATE %s; -- on the replica, or COLLATE=%s in the table's CREATE TABLE",
		schema, table, cs, c.Primary, c.Primary)
}

// unsafeFinding is a run's writes the primary called unsafe: information,
// a warning (as its kind allows) when a table of the run differs.
func (r ReplicationRun) unsafeFinding() FindingInfo {
	f := newFinding(rules.FindingReplicationUnsafe, r.qualifiers()...)
	if len(r.Tables) > 0 {
		f = f.withSeverity(rules.Warning)
	}
	var parts []string
	for _, u := range r.Writes.Unsafe {
		parts = append(parts, fmt.Sprintf("%q (line %d, %d time(s)): %s", u.SQL, u.Line, u.Count, u.Message))
	}
	f.Title = fmt.Sprintf("%d kind(s) of the application's writes are unsafe for statement-based replication (%s -> %s, %s)", len(r.Writes.Unsafe), r.Primary, r.Replica, r.BinlogFormat)
	f.Detail = strings.Join(parts, ". ")
	f.Recommendation = RecommendationInfo{MyCnf: []string{"binlog_format = ROW"}, SQL: []string{},
		Tradeoffs: []string{"ROW logs every changed row (bigger binary logs for wide updates); MIXED logs only the unsafe statements as rows"}}
	return f
}

func appendOnce(list []string, s string) []string {
	for _, l := range list {
		if l == s {
			return list
		}
	}
	return append(list, s)
}
