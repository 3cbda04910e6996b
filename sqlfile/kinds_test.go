package sqlfile

import "testing"

func TestTrafficOf(t *testing.T) {
	for _, tt := range []struct {
		sql  string
		want Traffic
	}{
		{"SELECT 1", TrafficQuery},
		{"insert into t values (1)", TrafficDML},
		{"START TRANSACTION", TrafficTransaction},
		{"START SLAVE", TrafficAdmin},
		{"START `TRANSACTION`", TrafficAdmin},
		{"LOAD DATA INFILE 'f' INTO TABLE t", TrafficFile},
		{"LOAD INDEX INTO CACHE t", TrafficAdmin},
		{"RENAME TABLE t TO u", TrafficDDL},
		{"RENAME USER u TO v", TrafficAccount},
		{"CREATE ROLE r", TrafficAccount},
		{"DROP TABLE t", TrafficDDL},
		{"LOCK TABLES t READ", TrafficAdmin},
		{"XA START 'x'", TrafficTransaction},
		{"SIGNAL SQLSTATE '45000'", TrafficUnknown},
		{"FROBNICATE", TrafficUnknown},
		{"`SELECT` 1", TrafficUnknown},
		{"'SELECT'", TrafficUnknown},
		{"", TrafficUnknown},
	} {
		ws, _ := Outline(tt.sql)
		if got := TrafficOf(ws); got != tt.want {
			t.Errorf("TrafficOf(%q) = %d, want %d", tt.sql, got, tt.want)
		}
	}
}
