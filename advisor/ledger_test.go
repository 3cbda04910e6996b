package advisor

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

func TestOwnDDLIsTakenOutOfTheWorkload(t *testing.T) {
	entries := []ledgerEntry{
		{Server: "db1:3306:/var/lib/mysql", Boot: 1000, Counts: map[string]int64{"com_create_table": 8000, "com_drop_table": 8000}},
		{Server: "db1:3306:/var/lib/mysql", Boot: 1030, Counts: map[string]int64{"com_create_table": 400, "com_drop_table": 400}},
		{Server: "db1:3306:/var/lib/mysql", Boot: 500, Counts: map[string]int64{"com_create_table": 999}}, // before a restart
		{Server: "db2:3306:/var/lib/mysql", Boot: 1000, Counts: map[string]int64{"com_create_table": 777}},
	}
	own := ownDDL(entries, "db1:3306:/var/lib/mysql", 1010)
	if own["com_create_table"] != 8400 || own["com_drop_table"] != 8400 {
		t.Fatalf("own %v", own)
	}
	status := map[string]string{"uptime": "86400", "questions": "9000000", "com_create_table": "8410", "com_drop_table": "8405",
		"com_alter_table": "3", "com_truncate": "0"}
	adjusted, removed := withoutStatements(status, own)
	if removed != 16800 || adjusted["com_create_table"] != "10" || adjusted["com_drop_table"] != "5" || status["com_create_table"] != "8410" {
		t.Fatalf("adjusted %v, removed %d (input must stay untouched: %v)", adjusted, removed, status)
	}
	if before, after := rules.ClassifyWorkload(status).Class, rules.ClassifyWorkload(adjusted).Class; before != rules.WorkloadDDLHeavy || after != rules.WorkloadOLTP {
		t.Fatalf("class before %s, after %s", before, after)
	}
	in := &inspection{Status: status, OwnDDL: own}
	snap, err := snapshotOf(in, Options{}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Workload.Class != rules.WorkloadOLTP || !contains(snap.Workload.Reason, "not counting 16800") {
		t.Fatalf("snapshot workload %+v", snap.Workload)
	}
}

func TestOwnDDLNeverGoesNegative(t *testing.T) {
	adjusted, removed := withoutStatements(map[string]string{"com_create_table": "5"}, map[string]int64{"com_create_table": 50})
	if adjusted["com_create_table"] != "0" || removed != 5 {
		t.Fatalf("%v %d", adjusted, removed)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func TestStartupDDLIsNotTheApplications(t *testing.T) {
	// An idle MySQL 9.7 two hours after a restart: its 35 CREATE TABLE are
	// the server's own start-up statements, so the workload is OLTP.
	status := map[string]string{"uptime": "7200", "questions": "5000", "com_create_table": "35", "com_drop_table": "0"}
	tests := []struct {
		name      string
		flavor    rules.Flavor
		wantClass rules.WorkloadClass
		wantNote  bool
	}{
		{"MySQL 9.7 counts 35 at start", rules.Flavor{Vendor: rules.VendorMySQL, Version: rules.V(9, 7, 4)}, rules.WorkloadOLTP, true},
		{"MariaDB 11.8 counts none", rules.Flavor{Vendor: rules.VendorMariaDB, Version: rules.V(11, 8, 9)}, rules.WorkloadMixed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap, err := snapshotOf(&inspection{Flavor: tt.flavor, Status: status}, Options{}, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			noted := contains(snap.Workload.Reason, "runs itself at every start")
			if snap.Workload.Class != tt.wantClass || noted != tt.wantNote {
				t.Errorf("class %s (want %s), reason %q", snap.Workload.Class, tt.wantClass, snap.Workload.Reason)
			}
			if status["com_create_table"] != "35" {
				t.Fatal("the inspected counters were changed")
			}
		})
	}
}
