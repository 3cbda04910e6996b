package server

import (
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
	adjusted, removed := WithoutStatements(status, own)
	if removed != 16800 || adjusted["com_create_table"] != "10" || adjusted["com_drop_table"] != "5" || status["com_create_table"] != "8410" {
		t.Fatalf("adjusted %v, removed %d (input must stay untouched: %v)", adjusted, removed, status)
	}
	if before, after := rules.ClassifyWorkload(status).Class, rules.ClassifyWorkload(adjusted).Class; before != rules.WorkloadDDLHeavy || after != rules.WorkloadOLTP {
		t.Fatalf("class before %s, after %s", before, after)
	}
}

func TestOwnDDLNeverGoesNegative(t *testing.T) {
	adjusted, removed := WithoutStatements(map[string]string{"com_create_table": "5"}, map[string]int64{"com_create_table": 50})
	if adjusted["com_create_table"] != "0" || removed != 5 {
		t.Fatalf("%v %d", adjusted, removed)
	}
}
