package querylog

import (
	"slices"
	"testing"
)

func TestSessionFollowsUseAndSet(t *testing.T) {
	tests := []struct {
		name         string
		statements   []string
		wantSchema   string
		wantSettings []string
	}{
		{"use", []string{"USE shop"}, "shop", nil},
		{"use quoted", []string{"use `my db`;"}, "my db", nil},
		{"set session", []string{"SET SESSION sql_mode = 'ANSI'"}, "", []string{"sql_mode = 'ANSI'"}},
		{"set local and plain", []string{"SET LOCAL a = 1, b=2"}, "", []string{"a = 1", "b=2"}},
		{"set @@session", []string{"SET @@session.sql_mode='x', @@autocommit = 0"}, "", []string{"sql_mode = 'x'", "autocommit = 0"}},
		{"names", []string{"SET NAMES utf8mb4 COLLATE utf8mb4_bin"}, "", []string{"NAMES utf8mb4 COLLATE utf8mb4_bin"}},
		{"character set", []string{"SET CHARACTER SET latin1"}, "", []string{"CHARACTER SET latin1"}},
		{"user variables", []string{"SET @a = 1, @b := (SELECT 2)"}, "", []string{"@a = 1", "@b := (SELECT 2)"}},
		{"a later value replaces", []string{"SET sql_mode = 'a'", "SET time_zone = '+00:00'", "SET sql_mode = 'b'"}, "",
			[]string{"time_zone = '+00:00'", "sql_mode = 'b'"}},
		{"global is not the session's", []string{"SET GLOBAL max_connections = 10", "SET @@global.x = 1", "SET PERSIST y = 2"}, "", nil},
		{"transaction, password, role", []string{"SET TRANSACTION ISOLATION LEVEL READ COMMITTED", "SET PASSWORD = 'x'",
			"SET ROLE ALL", "SET DEFAULT ROLE ALL TO u", "SET STATEMENT max_statement_time = 1 FOR SELECT 1"}, "", nil},
		{"the logs' own SET timestamp", []string{"SET timestamp=1796197774", "SET insert_id=5"}, "", nil},
		{"executable comment", []string{"/*!40101 SET NAMES utf8mb4 */"}, "", []string{"NAMES utf8mb4"}},
		{"other statements change nothing", []string{"SELECT 1", "UPDATE t SET a = 1"}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ss := newSessions()
			s := ss.of(1)
			for _, st := range tt.statements {
				ss.apply(s, st)
			}
			if s.schema != tt.wantSchema || !slices.Equal(s.settings, tt.wantSettings) {
				t.Errorf("schema %q settings %q, want %q %q", s.schema, s.settings, tt.wantSchema, tt.wantSettings)
			}
		})
	}
}

func TestSessionSettingsAreNotSharedBetweenThreads(t *testing.T) {
	ss := newSessions()
	a, b := ss.of(1), ss.of(2)
	ss.apply(a, "SET sql_mode = 'a'")
	before := a.settings
	ss.apply(a, "SET sql_mode = 'b'")
	if len(b.settings) != 0 {
		t.Errorf("thread 2 got thread 1's settings: %q", b.settings)
	}
	if !slices.Equal(before, []string{"sql_mode = 'a'"}) {
		t.Errorf("a statement's settings changed after it: %q", before)
	}
}

func TestFirstWord(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT 1": "SELECT", "  /* c */ use x": "use", "(SELECT 1) UNION (SELECT 2)": "SELECT",
		"-- c\nSET a=1": "SET", "# c\nUSE d": "USE", "/*!40101 SET x=1 */": "SET", "/*M!100100 USE d */": "USE", "": "", "/* open": "",
		"--\n--\tc\nDROP TABLE t": "DROP", "\f\vSELECT 1": "SELECT", "/*!1234 SELECT */": "1234",
	} {
		if got := firstWord(in); got != want {
			t.Errorf("firstWord(%q) = %q, want %q", in, got, want)
		}
	}
}
