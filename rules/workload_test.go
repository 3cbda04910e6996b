package rules

import (
	"strconv"
	"strings"
	"testing"
)

func status(create, drop, alter, truncate, questions, uptime int) map[string]string {
	return map[string]string{
		"com_create_table": strconv.Itoa(create), "com_drop_table": strconv.Itoa(drop),
		"com_alter_table": strconv.Itoa(alter), "com_truncate": strconv.Itoa(truncate),
		"questions": strconv.Itoa(questions), "uptime": strconv.Itoa(uptime),
	}
}

func TestClassifyWorkload(t *testing.T) {
	day := 86400
	tests := []struct {
		name   string
		status map[string]string
		want   WorkloadClass
	}{
		{"no counters", nil, WorkloadUnknown},
		{"fresh server", status(500, 500, 0, 0, 2000, 120), WorkloadUnknown},
		{"few statements", status(5, 5, 0, 0, 200, day), WorkloadUnknown},
		{"per-tenant schemas: many creates per hour", status(2400*3, 2400*3, 0, 0, 50_000_000, 3*day), WorkloadDDLHeavy},
		{"test suite: DDL is a large share", status(300, 300, 100, 50, 60_000, 2*3600), WorkloadDDLHeavy},
		{"nightly ETL staging tables", status(24*20, 24*20, 0, 24*10, 100_000_000, day), WorkloadMixed},
		{"OLTP with an occasional migration", status(3, 1, 5, 0, 90_000_000, 30*day), WorkloadOLTP},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := ClassifyWorkload(tt.status)
			if w.Class != tt.want {
				t.Fatalf("class %s, want %s (%s)", w.Class, tt.want, w.Reason)
			}
			if w.Reason == "" || w.Source != "status" {
				t.Errorf("the report must say how the class was decided: %+v", w)
			}
		})
	}
}

func TestWorkloadFromFlagKeepsObservedRate(t *testing.T) {
	observed := ClassifyWorkload(status(100, 100, 0, 0, 1_000_000, 7200))
	w := WorkloadFromFlag(WorkloadOLTP, observed)
	if w.Class != WorkloadOLTP || w.Source != "flag" || w.DDLPerHour != observed.DDLPerHour || !strings.Contains(w.Reason, "--workload") {
		t.Fatalf("got %+v", w)
	}
}

func TestParseWorkloadClass(t *testing.T) {
	for in, want := range map[string]WorkloadClass{"ddl-heavy": WorkloadDDLHeavy, "OLTP": WorkloadOLTP, " mixed ": WorkloadMixed, "ddl": WorkloadDDLHeavy} {
		if got, err := ParseWorkloadClass(in); err != nil || got != want {
			t.Errorf("%q: got %q, %v", in, got, err)
		}
	}
	if _, err := ParseWorkloadClass("analytics"); err == nil {
		t.Error("unknown class accepted")
	}
}

func TestParseSeverity(t *testing.T) {
	for in, want := range map[string]Severity{"info": Info, "WARNING": Warning, "critical": Critical, "none": Critical + 1} {
		if got, err := ParseSeverity(in); err != nil || got != want {
			t.Errorf("%q: got %v, %v", in, got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("unknown severity accepted")
	}
}
