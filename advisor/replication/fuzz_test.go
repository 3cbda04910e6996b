package replication

import (
	"strings"
	"testing"
)

// FuzzDescribeError: any applier message is described without a panic,
// and the table and event it names come from the message.
func FuzzDescribeError(f *testing.F) {
	f.Add("Could not execute Write_rows_v1 event on table app.t; Duplicate entry 'straße' for key 'name', Error_code: 1062; handler error HA_ERR_FOUND_DUPP_KEY; the event's master log upgrade-advisor-bin.000001, end_log_pos 3910")
	f.Add("Error 'Duplicate entry 'straße' for key 'name'' on query. Default database: 'app'. Query: '/* upgrade-advisor */ INSERT INTO t VALUES (2,'straße')'")
	f.Add("Error_code: 99999999999999999999; Query: '")
	f.Fuzz(func(t *testing.T, msg string) {
		e := describeError("sql", 1, msg)
		if e.Table != "" && !strings.Contains(msg, e.Table) {
			t.Errorf("table %q not in the message %q", e.Table, msg)
		}
		if e.Message != msg {
			t.Errorf("message changed: %q", e.Message)
		}
	})
}
