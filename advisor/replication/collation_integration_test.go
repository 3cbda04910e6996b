package replication

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// findRun returns the run of a direction and seed.
func findRun(t *testing.T, rep *outcome.Result, dir, seed string) outcome.Run {
	t.Helper()
	for _, r := range rep.Runs {
		if r.Direction == dir && r.Seed.Method == seed {
			return r
		}
	}
	t.Fatalf("no %s run seeded from the %s", dir, seed)
	return outcome.Run{}
}

// TestCollationPair is the case on the real servers: a 10.11
// primary holding 'strasse' and the application's write of 'straße'.
// Seeded from a dump, the 11.8 replica gets the table as 10.11's
// mariadb-dump writes it, COLLATE=utf8mb4_general_ci spelt out, and takes
// the row; with the application's schema loaded by 11.8 itself the table
// is utf8mb4_uca1400_ai_ci there and the replica stops with 1062, the row
// named. The way back: 11.8 as primary refuses the write itself (1062),
// so nothing differs on the 10.11 replica.
func TestCollationPair(t *testing.T) {
	today, target := testServer(t, "mariadb-10.11"), testServer(t, "mariadb-11.8")
	o := rehearsal(t, today, target, "collation.sql", "collation-writes.sql")
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.MarshalIndent(rep, "", "  ")
	t.Logf("%s", out)

	dump := findRun(t, rep, outcome.Forward, SeedDump)
	if dump.Status != outcome.Running || len(dump.Tables) != 0 || len(dump.Collations) != 0 {
		t.Errorf("forward from a dump: %s, collations %+v; want running, nothing differing", verdict(dump), dump.Collations)
	}

	fwd := findRun(t, rep, outcome.Forward, SeedSchema)
	if fwd.Status != outcome.Stopped {
		t.Fatalf("forward from the schema: %s, want stopped", verdict(fwd))
	}
	if len(fwd.Errors) == 0 || fwd.Errors[0].Code != 1062 || fwd.Errors[0].Table != "app.t" || !strings.Contains(fwd.Errors[0].Message, "straße") {
		t.Errorf("forward errors %+v, want 1062 on app.t naming straße", fwd.Errors)
	}
	if len(fwd.Tables) != 1 || fwd.Tables[0].Table != "app.t" || len(fwd.Tables[0].Rows) != 1 ||
		fwd.Tables[0].Rows[0].Key != "id=2" || !strings.Contains(fwd.Tables[0].Rows[0].Primary, "straße") || fwd.Tables[0].Rows[0].Replica != "" {
		t.Errorf("forward differing tables %+v, want app.t with the row id=2 on the primary only", fwd.Tables)
	}
	if len(fwd.Collations) != 1 || fwd.Collations[0].Primary != "utf8mb4_general_ci" || fwd.Collations[0].Replica != "utf8mb4_uca1400_ai_ci" {
		t.Errorf("forward collations %+v, want app.t general_ci on the primary, uca1400_ai_ci on the replica", fwd.Collations)
	}

	for _, seed := range []string{SeedDump, SeedSchema} {
		back := findRun(t, rep, outcome.Back, seed)
		if back.Status != outcome.Running || len(back.Tables) != 0 {
			t.Errorf("back from the %s: %s, want running with nothing differing", seed, verdict(back))
		}
		if back.Writes.Failed != 1 || back.Writes.FailedSamples[0].Code != 1062 {
			t.Errorf("back from the %s: writes %+v, want the primary (11.8) to refuse the write with 1062", seed, back.Writes)
		}
	}
}
