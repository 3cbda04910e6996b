package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestReplicationRenderers renders testdata/rehearse-replication.json, the
// JSON output of a real `rehearse --replication --binlog-format both` (with MIXED, as today's compiled default) of
// the collation case (MariaDB 10.11 -> 11.8, paths replaced), in
// every format; the JSON reads back byte for byte.
func TestReplicationRenderers(t *testing.T) {
	r, data := rehearseFixtureNamed(t, "rehearse-replication.json")
	for _, tc := range []struct {
		name   string
		format Format
	}{
		{"rehearse-replication.txt", Text}, {"rehearse-replication.md", Markdown}, {"rehearse-replication.html", HTML},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, r, tc.format, TextStyle{}); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, b.Bytes())
			for _, want := range []string{"Replication", "1062", "id=2 only on the primary", "utf8mb4_uca1400_ai_ci on the replica"} {
				if !strings.Contains(b.String(), want) {
					t.Errorf("%s lacks %q", tc.name, want)
				}
			}
		})
	}
	var b bytes.Buffer
	if err := Write(&b, r, JSON, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Errorf("the JSON does not read back as written")
	}
}

// TestReplicationFindings: a finding per broken run, critical when the
// replica stopped, with the collation fix; none for the runs that kept running.
func TestReplicationFindings(t *testing.T) {
	r, _ := rehearseFixtureNamed(t, "rehearse-replication.json")
	fs := r.Replication.Findings()
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.ID)
		if f.Severity != "critical" || len(f.Recommendation.SQL) != 1 ||
			f.Recommendation.SQL[0] != "ALTER TABLE `app`.`t` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci; -- on the replica, or COLLATE=utf8mb4_general_ci in the table's CREATE TABLE" ||
			len(f.Recommendation.MyCnf) != 1 || f.Recommendation.MyCnf[0] != "character_set_collations = utf8mb4=utf8mb4_general_ci" {
			t.Errorf("finding %+v, want critical with the collation fix", f)
		}
	}
	if strings.Join(ids, " ") != "replication-forward-row-schema replication-forward-statement-schema replication-forward-mixed-schema" {
		t.Errorf("findings %q, want the three forward runs seeded from the schema", ids)
	}
}

// TestReplicationHeadlines: a summary line per direction, asking for
// action when a run broke, saying when the primary refused writes.
func TestReplicationHeadlines(t *testing.T) {
	fixture, _ := rehearseFixtureNamed(t, "rehearse-replication.json")
	r := &RehearseReport{}
	r.AddReplication(fixture.Replication)
	if len(r.Summary) != 2 || len(r.Findings) != 3 {
		t.Fatalf("summary %q, %d findings; want a line per direction and 3 findings", r.Summary, len(r.Findings))
	}
	if !r.SummaryAction[0] || !strings.Contains(r.Summary[0], "3 of 6 runs broke") || strings.Contains(r.Summary[0], "refused") {
		t.Errorf("forward: %q (action %v)", r.Summary[0], r.SummaryAction[0])
	}
	if r.SummaryAction[1] || !strings.Contains(r.Summary[1], "running and caught up in all 6 runs") ||
		!strings.Contains(r.Summary[1], "its primary (MariaDB 11.8.9) refused 1 of the 1 writes") {
		t.Errorf("back: %q (action %v)", r.Summary[1], r.SummaryAction[1])
	}
}
