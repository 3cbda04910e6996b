package replication

import (
	"slices"
	"testing"
)

func TestWithoutReplicationSettings(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"innodb_buffer_pool_size=128M", "read_only=ON", "server_id=7"}, []string{"innodb_buffer_pool_size=128M"}},
		{[]string{"loose-gtid_strict_mode=1", "replicate_do_db=app", "binlog_format=MIXED", "log_bin=/var/log/mysql/bin"}, nil},
		{[]string{"slave_parallel_threads=4", "sql_mode=ANSI", "log_bin_trust_function_creators=1"}, []string{"sql_mode=ANSI", "log_bin_trust_function_creators=1"}},
	} {
		if got := withoutReplicationSettings(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("withoutReplicationSettings(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
