package job

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestOwnDDLIsNotTheApplications(t *testing.T) {
	status := map[string]string{"uptime": "86400", "questions": "9000000", "com_create_table": "8410", "com_drop_table": "8405",
		"com_alter_table": "3", "com_truncate": "0"}
	own := map[string]int64{"com_create_table": 8400, "com_drop_table": 8400}
	in := &server.Inspection{Status: status, OwnDDL: own}
	snap, err := Inputs{}.Snapshot(in)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Workload.Class != rules.WorkloadOLTP || !strings.Contains(snap.Workload.Reason, "not counting 16800") {
		t.Fatalf("snapshot workload %+v", snap.Workload)
	}
}

func TestStartupDDLIsNotTheApplications(t *testing.T) {
	// An idle MySQL 9.7 two hours after a restart: its 35 CREATE TABLE are
	// the server's own start-up statements, so the workload is OLTP.
	status := map[string]string{"uptime": "7200", "questions": "5000", "com_create_table": "35", "com_drop_table": "0"}
	tests := []struct {
		name      string
		flavor    flavor.Flavor
		wantClass rules.WorkloadClass
		wantNote  bool
	}{
		{"MySQL 9.7 counts 35 at start", flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}, rules.WorkloadOLTP, true},
		{"MariaDB 11.8 counts none", flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}, rules.WorkloadMixed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap, err := Inputs{}.Snapshot(&server.Inspection{Flavor: tt.flavor, Status: status})
			if err != nil {
				t.Fatal(err)
			}
			noted := strings.Contains(snap.Workload.Reason, "runs itself at every start")
			if snap.Workload.Class != tt.wantClass || noted != tt.wantNote {
				t.Errorf("class %s (want %s), reason %q", snap.Workload.Class, tt.wantClass, snap.Workload.Reason)
			}
			if status["com_create_table"] != "35" {
				t.Fatal("the inspected counters were changed")
			}
		})
	}
}
