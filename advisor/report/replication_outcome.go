package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
)

// ReplicationOf is the report form of a replication rehearsal.
func ReplicationOf(res *outcome.Result) *Replication {
	if res == nil {
		return nil
	}
	out := &Replication{Runs: make([]ReplicationRun, 0, len(res.Runs)), Notes: res.Notes,
		DurationS: decimal.Round(res.Duration.Seconds(), 1), PeakRSSMB: res.PeakRSSMB}
	for _, r := range res.Runs {
		out.Runs = append(out.Runs, replicationRunOf(r))
	}
	return out
}

func replicationRunOf(r outcome.Run) ReplicationRun {
	run := ReplicationRun{Direction: r.Direction, Primary: r.Primary, Replica: r.Replica, BinlogFormat: r.BinlogFormat,
		Supported: r.Supported, Position: r.Position, Status: r.Status, LagS: r.Lag, CaughtUp: r.CaughtUp, TablesChecked: r.TablesChecked,
		DurationS: decimal.Round(r.Duration.Seconds(), 1), Problem: r.Problem,
		Seed: ReplicationSeed{Method: r.Seed.Method, DumpTool: r.Seed.DumpTool, LoadTool: r.Seed.LoadTool,
			Coordinates: r.Seed.Coordinates, Errors: r.Seed.Errors, DurationS: decimal.Round(r.Seed.Duration.Seconds(), 1)},
		Writes: ReplicationWrites{Statements: r.Writes.Statements, Failed: r.Writes.Failed,
			FailedSamples: writeProblemsOf(r.Writes.FailedSamples), Unsafe: writeProblemsOf(r.Writes.Unsafe),
			DurationS: decimal.Round(r.Writes.Duration.Seconds(), 2)},
		Errors: []ReplicationError{}, Tables: []ReplicationTableDiff{}, Collations: []ReplicationCollation{}}
	for _, e := range r.Errors {
		run.Errors = append(run.Errors, ReplicationError{Thread: e.Thread, Code: e.Code, Message: e.Message, Event: e.Event, Table: e.Table})
	}
	for _, t := range r.Tables {
		d := ReplicationTableDiff{Table: t.Table, PrimaryRows: t.PrimaryRows, ReplicaRows: t.ReplicaRows, Chunks: t.Chunks,
			DifferingChunks: t.DifferingChunks, DifferingRows: t.DifferingRows, Rows: []RowMismatch{}, Note: t.Note}
		for _, m := range t.Rows {
			d.Rows = append(d.Rows, RowMismatch{Key: m.Key, Primary: m.Primary, Replica: m.Replica})
		}
		run.Tables = append(run.Tables, d)
	}
	for _, c := range r.Collations {
		run.Collations = append(run.Collations, ReplicationCollation{Table: c.Table, Primary: c.Primary, Replica: c.Replica})
	}
	return run
}

func writeProblemsOf(ps []outcome.WriteProblem) []WriteProblem {
	var out []WriteProblem
	for _, p := range ps {
		out = append(out, WriteProblem{SQL: p.SQL, Line: p.Line, Code: p.Code, Message: p.Message, Count: p.Count})
	}
	return out
}
