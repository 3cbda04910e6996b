package sandbox

import (
	"strings"
	"testing"
)

// Messages as MySQL 9.7.4 and MariaDB 11.8.9 print them.
func TestRefusedIndex(t *testing.T) {
	opts := []string{"innodb_file_per_table=0", "innodb-flush-method=bogus", "innodb_file_format=Barracuda"}
	cases := []struct {
		out  string
		want int
	}{
		{"2026-12-01T10:17:14.520678Z 0 [ERROR] [MY-000067] [Server] unknown variable 'innodb-file-format=Barracuda'.", 2},
		{"[ERROR] [MY-000077] [Server] /usr/sbin/mysqld: Error while setting value 'bogus' to 'innodb-flush-method'.\n" +
			"[ERROR] [MY-000067] [Server] unknown variable 'innodb-flush-method=bogus'.", 1},
		{"2026-12-01 10:17:14 0 [ERROR] /usr/sbin/mariadbd: unknown variable 'innodb_file_format=Barracuda'", 2},
		{"mariadbd: unknown option '--innodb-file-per-table'", 0},
		{"[ERROR] Aborting", -1},
		{"unknown variable 'something_else=1'", -1},
	}
	for _, tc := range cases {
		got, msg := refusedIndex(tc.out, opts)
		if got != tc.want || (got >= 0 && !strings.Contains(tc.out, msg)) {
			t.Errorf("%q: index %d (%q), want %d", tc.out, got, msg, tc.want)
		}
	}
}

func FuzzRefusedIndex(f *testing.F) {
	f.Add("unknown variable 'a=1'", "a=1")
	f.Add("Error while setting value 'x' to 'b-c'", "b_c=x")
	f.Fuzz(func(t *testing.T, out, opt string) {
		i, msg := refusedIndex(out, []string{opt})
		if i >= 0 && (i != 0 || !strings.Contains(out, msg)) {
			t.Fatalf("index %d message %q not from the output", i, msg)
		}
	})
}
