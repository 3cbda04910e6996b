package querylog

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// read runs a reader over text and returns its statements.
func read(t *testing.T, format Format, text string) ([]Statement, Skipped) {
	t.Helper()
	var got []Statement
	emit := func(s Statement) { got = append(got, s) }
	var skipped Skipped
	var err error
	switch format {
	case FormatSlowLog:
		skipped, err = readSlowLog(strings.NewReader(text), emit)
	case FormatGeneralLog:
		skipped, err = readGeneralLog(strings.NewReader(text), emit)
	}
	if err != nil {
		t.Fatal(err)
	}
	return got, skipped
}

// The integration tests read logs the real servers wrote; these cases are
// the lines those runs cannot provoke quickly (a throttle summary needs a
// minute of MySQL's log_throttle_queries_not_using_indexes), with the
// servers' formats.
func TestSlowLogNoise(t *testing.T) {
	log := `# Time: 2026-12-02T07:49:49.762891Z
# User@Host: app[app] @ localhost []  Id:    11
# Query_time: 0.000323  Lock_time: 0.000002 Rows_sent: 1  Rows_examined: 6
use shop;
SET timestamp=1796197789;
SELECT 1 FROM items;
# Time: 2026-12-02T07:49:49.763427Z
# User@Host: app[app] @ localhost []  Id:    11
# Query_time: 0.000006  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 1
SET timestamp=1796197789;
# administrator command: Quit;
# Time: 2026-12-02T07:50:49.000001Z
# User@Host: app[app] @ localhost []  Id:    12
# Query_time: 0.000000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0
SET timestamp=1796197849;
throttle:          2 'index not used' warning(s) suppressed.;
/usr/sbin/mysqld, Version: 9.7.4 (MySQL Community Server - GPL). started with:
Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock
Time                 Id Command    Argument
# Time: 2026-12-02T07:51:00.000001Z
# User@Host: app[app] @ localhost []  Id:    11
# Query_time: 1.500000  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0
SET last_insert_id=5,insert_id=6,timestamp=1796197860;
INSERT INTO items
VALUES (6, '# Time: not a header', 1);
`
	got, skipped := read(t, FormatSlowLog, log)
	want := Skipped{Admin: 1, Throttle: 1, Banners: 1}
	if skipped != want {
		t.Errorf("skipped %+v, want %+v", skipped, want)
	}
	if d, want := skipped.Describe(), "1 protocol command (administrator commands, Prepare, Ping), 1 throttle line (suppressed entries), "+
		"1 start-up header of the server (written when it opens the log)"; d != want {
		t.Errorf("described as %q, want %q", d, want)
	}
	if len(got) != 2 {
		t.Fatalf("got %d statements, want 2: %+v", len(got), got)
	}
	first, last := got[0], got[1]
	if first.Text != "SELECT 1 FROM items" || first.Schema != "shop" || first.Thread != 11 || first.Duration != 323*time.Microsecond ||
		!first.Time.Equal(time.Unix(1796197789, 0)) || first.Line != 1 {
		t.Errorf("first statement %+v", first)
	}
	if last.Text != "INSERT INTO items\nVALUES (6, '# Time: not a header', 1)" || last.Schema != "" || last.Duration != 1500*time.Millisecond || last.Line != 20 {
		t.Errorf("after the restart %+v (the schema of before the restart is gone)", last)
	}
}

func TestGeneralLogEntries(t *testing.T) {
	log := "261202  7:49:34\t     3 Connect\tapp@localhost on crm using Socket\n" +
		"\t\t     3 Query\tSELECT a\n  FROM t\n\tWHERE b = 1\n" +
		"\t\t     4 Connect\tapp@localhost on  using Socket\n" +
		"\t\t     4 Init DB\tshop\n" +
		"\t\t     4 Query\tSET sql_mode = 'ANSI'\n" +
		"261202  7:49:35\t     4 Query\tSELECT 2\n" +
		"\t\t     3 Quit\t\n" +
		"\t\t     0 Execute\tCREATE TABLE performance_schema.x (a INT)\n" +
		"2026-12-02T07:50:38.533206Z\t    5 Execute\tSELECT 3\n"
	got, skipped := read(t, FormatGeneralLog, log)
	if want := (Skipped{Session: 4, Internal: 1}); skipped != want {
		t.Errorf("skipped %+v, want %+v", skipped, want)
	}
	if d, want := skipped.Describe(), "4 USE, connect or quit lines (they change the session only), 1 statement of the server's own thread (thread 0)"; d != want {
		t.Errorf("described as %q, want %q", d, want)
	}
	if d := (Skipped{}).Describe(); d != "" {
		t.Errorf("nothing skipped described as %q", d)
	}
	var texts, schemas []string
	for _, s := range got {
		texts, schemas = append(texts, s.Text), append(schemas, s.Schema)
	}
	if want := []string{"SELECT a\n  FROM t\n\tWHERE b = 1", "SET sql_mode = 'ANSI'", "SELECT 2", "SELECT 3"}; !slices.Equal(texts, want) {
		t.Errorf("statements %q, want %q", texts, want)
	}
	if want := []string{"crm", "shop", "shop", ""}; !slices.Equal(schemas, want) {
		t.Errorf("schemas %q, want %q", schemas, want)
	}
	if s := got[2]; !slices.Equal(s.Settings, []string{"sql_mode = 'ANSI'"}) || s.Time.Second() != 35 || s.Line != 8 {
		t.Errorf("third statement %+v", s)
	}
}

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		name, head string
		want       Format
	}{
		{"mariadb slow", "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (Debian 12). started with:\nTcp port: 0  Unix socket: /s\nTime\t\t    Id Command\tArgument\n# Time: 261202  7:49:34\n", FormatSlowLog},
		{"mysql slow without banner", "# Time: 2026-12-02T07:49:49.762891Z\n# User@Host: a[a] @ localhost []  Id: 1\n", FormatSlowLog},
		{"mariadb general", "261202  7:49:34\t     3 Connect\troot@localhost on  using Socket\n", FormatGeneralLog},
		{"mysql general", "Time                 Id Command    Argument\n2026-12-02T07:50:38.477974Z\t    8 Query\tSELECT 1\n", FormatGeneralLog},
		{"statements", "-- my statements\nSELECT 1;\n", FormatStatements},
		{"empty", "", FormatStatements},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectFormat([]byte(tt.head)); got != tt.want {
				t.Errorf("DetectFormat = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStatementFile(t *testing.T) {
	res, err := ReadFile("testdata/statements.sql", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatStatements || res.Statements != 5 || res.Skipped.Session != 2 {
		t.Fatalf("read %s: %d statements, skipped %+v; classes %v", res.Format, res.Statements, res.Skipped, fingerprints(res.Classes))
	}
	byPrint := map[string]*Class{}
	for _, c := range res.Classes {
		byPrint[c.Fingerprint] = c
	}
	items := byPrint["select name from items where id = ?"]
	if items == nil || items.Count != 2 || !slices.Equal(items.Schemas, []string{"shop"}) ||
		!slices.Equal(items.Samples[0].Settings, []string{"NAMES utf8mb4"}) || items.Samples[1].Line != 6 {
		t.Errorf("items class %+v", items)
	}
	if c := byPrint["select count(*) from people where name = ?"]; c == nil || !slices.Equal(c.Schemas, []string{"crm"}) {
		t.Errorf("people class %+v (a ';' in a string does not end it; USE crm changes the schema)", c)
	}
	if c := byPrint["create procedure touch() begin update items set price = price; select ?; end"]; c == nil {
		t.Errorf("the DELIMITER block is not one statement: %v", fingerprints(res.Classes))
	}
}

func TestEmptyLogSaysHowToTurnItOn(t *testing.T) {
	path := t.TempDir() + "/slow.log"
	banner := "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (Debian 12). started with:\nTcp port: 0  Unix socket: /s\nTime\t\t    Id Command\tArgument\n"
	if err := os.WriteFile(path, []byte(banner), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ReadFile(path, Options{Format: FormatSlowLog})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "SET GLOBAL long_query_time = 0") {
		t.Errorf("notes %q", res.Notes)
	}
}

func TestClassesHeaviestFirstWithSamples(t *testing.T) {
	d := NewDigest(2)
	at := time.Unix(1796197789, 0)
	for i, st := range []Statement{
		{Text: "SELECT 1", Duration: time.Millisecond},
		{Text: "SELECT 2", Duration: 5 * time.Millisecond},
		{Text: "SELECT 3", Duration: 9 * time.Millisecond},
		{Text: "SELECT 3", Duration: 9 * time.Millisecond},
		{Text: "UPDATE t SET a = 1", Duration: 30 * time.Millisecond},
	} {
		st.Timed, st.Count, st.Time = true, 1, at.Add(time.Duration(i)*time.Second)
		d.Add(st)
	}
	cs := d.Classes()
	if len(cs) != 2 || cs[0].Kind != "update" || cs[1].Kind != "select" {
		t.Fatalf("classes %v", fingerprints(cs))
	}
	sel := cs[1]
	var samples []string
	for _, s := range sel.Samples {
		samples = append(samples, s.Text)
	}
	if sel.Count != 4 || sel.Total != 24*time.Millisecond || sel.Max != 9*time.Millisecond ||
		!sel.First.Equal(at) || !sel.Last.Equal(at.Add(3*time.Second)) || !slices.Equal(samples, []string{"SELECT 1", "SELECT 3"}) {
		t.Errorf("select class %+v, samples %q (the first and the slowest)", sel, samples)
	}
}
