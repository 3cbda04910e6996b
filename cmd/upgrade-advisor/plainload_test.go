package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// plainLoadNote is the line the verdict gives under the refusal where a
// load without --force stops.
var plainLoadNote = regexp.MustCompile(`^a load without --force stops here: (\d+) objects? after it (?:is|are) not created$`)

// TestPlainLoadStopsWhereTheReportSays: a mariadb-dump of the schema
// check's MariaDB 10.11 fixture (--routines --triggers --events) checked
// against MySQL 9.7: the verdict says, under one refusal, where a load
// without --force stops and how many objects it leaves out; MySQL 9.7's
// own client, loading the same dump without --force, stops at that line
// and creates exactly the objects before it.
func TestPlainLoadStopsWhereTheReportSays(t *testing.T) {
	today := sandboxtest.ByKey(t, "mariadb-10.11")
	target := sandboxtest.ByKey(t, "mysql-9.7")
	today.Require(t)
	target.Require(t)
	sb := today.Start(t)
	sandboxtest.LoadScript(t, sb, fixture("shop-mariadb.sql"))
	dump := today.Dump(t, sb, "mariadb-dump", "--no-data", "--routines", "--triggers", "--events", "--databases", "shop")
	stdout, stderr, code := run(t, nil, "check", "--no-defaults", "--schema-file", dump, "--target-basedir", serverRoot(t, "mysql-9.7"),
		"--source-basedir", "/", "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (blocked): %s\n%.3000s", code, stderr, stdout)
	}
	var doc struct {
		Verdict struct {
			Blockers []struct {
				Examples []struct{ Text, Note string }
			}
		}
		Schema struct {
			Objects []struct{ Kind, Source string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	stopLine, after, notes := 0, 0, 0
	for _, b := range doc.Verdict.Blockers {
		for _, x := range b.Examples {
			if x.Note == "" {
				continue
			}
			notes++
			m := plainLoadNote.FindStringSubmatch(x.Note)
			l := regexp.MustCompile(`\(line (\d+)\)`).FindStringSubmatch(x.Text)
			if m == nil || l == nil {
				t.Fatalf("note %q under %q", x.Note, x.Text)
			}
			after, _ = strconv.Atoi(m[1])
			stopLine, _ = strconv.Atoi(l[1])
		}
	}
	if notes != 1 {
		t.Fatalf("%d plain-load notes in the verdict, want 1:\n%.3000s", notes, stdout)
	}
	before, total := 0, 0
	for _, o := range doc.Schema.Objects {
		_, l, _ := strings.Cut(o.Source, dump+":")
		if line, err := strconv.Atoi(l); err == nil && o.Kind != "statement" {
			total++
			if line < stopLine {
				before++
			}
		}
	}
	if total-before-after > 1 {
		t.Errorf("%d objects, %d before line %d and %d after it: the count leaves some out", total, before, stopLine, after)
	}

	// The target's own client, as most DBAs restore: mysql < dump.sql.
	tsb := target.Start(t)
	in, err := os.Open(dump)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := target.Client(t, "mysql", "--no-defaults", "-S", tsb.Socket(), "-uroot")
	cmd.Stdin = in
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if cmd.Run() == nil {
		t.Fatalf("the client loaded the whole dump without an error: %s", errOut.String())
	}
	m := regexp.MustCompile(`ERROR \d+ \(\w+\) at line (\d+)`).FindStringSubmatch(errOut.String())
	if m == nil || m[1] != strconv.Itoa(stopLine) {
		t.Errorf("the client stopped with %q, the report says line %d", errOut.String(), stopLine)
	}
	db, err := sql.Open("mysql", tsb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var created int
	err = db.QueryRow(`SELECT (SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop')
		+ (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'shop')
		+ (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'shop')
		+ (SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'shop')`).Scan(&created)
	if err != nil {
		t.Fatal(err)
	}
	if created != before {
		t.Errorf("the client created %d objects before it stopped; the report has %d before line %d (and %d after it)", created, before, stopLine, after)
	}
	t.Logf("stops at line %d: %d objects created, %d not (of %d)", stopLine, created, after, total)
}
