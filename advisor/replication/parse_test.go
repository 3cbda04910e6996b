package replication

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// The messages are MariaDB 11.8's, as its replica gave them on the
// collation pair (TestCollationPair) in ROW and STATEMENT format.
func TestDescribeError(t *testing.T) {
	for _, tc := range []struct {
		msg                string
		code               int
		wantEvent, wantTab string
	}{
		{"Could not execute Write_rows_v1 event on table app.t; Duplicate entry 'straße' for key 'name', Error_code: 1062; handler error HA_ERR_FOUND_DUPP_KEY; the event's master log upgrade-advisor-bin.000001, end_log_pos 3910",
			1062, "Write_rows_v1 event on app.t at upgrade-advisor-bin.000001:3910", "app.t"},
		{"Error 'Duplicate entry 'straße' for key 'name'' on query. Default database: 'app'. Query: '/* upgrade-advisor */ INSERT INTO t VALUES (2,'straße')'",
			1062, "statement: INSERT INTO t VALUES (2,'straße')", ""},
	} {
		e := describeError("sql", tc.code, tc.msg)
		if e.Event != tc.wantEvent || e.Table != tc.wantTab || e.Code != tc.code {
			t.Errorf("describeError(%q) = event %q table %q code %d, want %q %q %d", tc.msg, e.Event, e.Table, e.Code, tc.wantEvent, tc.wantTab, tc.code)
		}
	}
}

func TestReadCoordinates(t *testing.T) {
	for _, tc := range []struct {
		head string
		want coordinates
	}{
		{"-- MariaDB dump 10.19\n--\n-- Position to start replication or point-in-time recovery from\n--\n\n-- CHANGE MASTER TO MASTER_LOG_FILE='upgrade-advisor-bin.000001', MASTER_LOG_POS=3697;\n",
			coordinates{file: "upgrade-advisor-bin.000001", pos: 3697}},
		{"-- MySQL dump 10.13\n-- CHANGE REPLICATION SOURCE TO SOURCE_LOG_FILE='upgrade-advisor-bin.000002', SOURCE_LOG_POS=158;\n",
			coordinates{file: "upgrade-advisor-bin.000002", pos: 158}},
		{"-- CHANGE MASTER TO MASTER_USE_GTID=slave_pos;\n-- CHANGE MASTER TO MASTER_LOG_FILE='bin.000001', MASTER_LOG_POS=3786;\nINSERT INTO t VALUES (1);\n" +
			"-- The deferred gtid setting for slave corresponding to the master-data CHANGE-MASTER follows\n-- SET GLOBAL gtid_slave_pos='0-1-11';\n",
			coordinates{file: "bin.000001", pos: 3786, gtid: "0-1-11"}},
		{"-- a dump without coordinates\nCREATE TABLE t (id INT);\n", coordinates{}},
	} {
		p := filepath.Join(t.TempDir(), "dump.sql")
		if err := os.WriteFile(p, []byte(tc.head), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := readCoordinates(p)
		if err != nil || got != tc.want {
			t.Errorf("readCoordinates(%q) = %v, %v; want %v", tc.head, got, err, tc.want)
		}
	}
}

func TestRefusal(t *testing.T) {
	maria := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	maria118 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	mysql := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}
	for _, tc := range []struct {
		today, target flavor.Flavor
		refused       bool
	}{
		{maria, maria118, false}, {maria, maria, false}, {mysql, mysql, false},
		{maria, mysql, true}, {mysql, maria118, true},
	} {
		err := Refusal(tc.today, tc.target)
		if (err != nil) != tc.refused || (err != nil && !errors.Is(err, exitcode.ErrUsage)) {
			t.Errorf("Refusal(%s, %s) = %v, want refused %v (a usage error)", tc.today, tc.target, err, tc.refused)
		}
	}
}

func TestWritesKeepsTheDMLInOrder(t *testing.T) {
	in := statementText{"SELECT 1", "INSERT INTO t VALUES (1)", "BEGIN", "UPDATE t SET a = 1", "CREATE TABLE u (a INT)", "DELETE FROM t", "REPLACE INTO t VALUES (2)"}
	got, elsewhere := Writes(in.statements("app"), []string{"app", "upgrade_advisor_probe"})
	var texts []string
	for _, s := range got {
		texts = append(texts, s.Text)
		if s.Schema != "app" {
			t.Errorf("%q runs in %q, want app (the only application schema)", s.Text, s.Schema)
		}
	}
	want := []string{"INSERT INTO t VALUES (1)", "UPDATE t SET a = 1", "DELETE FROM t", "REPLACE INTO t VALUES (2)"}
	if len(texts) != len(want) || elsewhere != 0 {
		t.Fatalf("Writes kept %q (%d elsewhere), want %q", texts, elsewhere, want)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("write %d = %q, want %q", i, texts[i], want[i])
		}
	}
	if _, elsewhere := Writes(in.statements("other"), []string{"app"}); elsewhere != 4 {
		t.Errorf("writes logged in another schema: %d left out, want 4", elsewhere)
	}
}
