package corpus

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// update rewrites testdata/expected.tsv from what the targets' clients do
// (never from what the check says): after a change of files.tsv or of a
// server, reviewed before it is committed.
var update = flag.Bool("update", false, "rewrite testdata/expected.tsv from the clients' runs")

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// targets are the servers the corpus is checked on.
var targets = []string{"mysql-9.7", "mariadb-11.8"}

// TestRealFilesAgreeWithTheClient loads each file of the corpus with the
// target's own client and checks it with check --schema-file's code
// (schemacheck.CheckOnTarget, the target's quick sandbox), and asserts per
// file and target: the file is read; the client's counts are the expected
// ones (testdata/expected.tsv); no object the client loads is refused,
// blocked or runtime, and no statement it runs without an error is refused
// or blocked; every statement the client reports failing is a problem at
// that statement's line. testdata/bydesign.tsv names where the
// two differ on purpose, and why. Subtests are PACKAGE/NAME/TARGET:
// -run 'TestRealFilesAgreeWithTheClient/zoneminder' runs one package.
func TestRealFilesAgreeWithTheClient(t *testing.T) {
	files := corpusFiles(t)
	want := readExpected(t)
	byDesign := readByDesign(t)
	oracles := map[string]*oracle{} // one sandbox per target, reset between files; the targets run side by side
	for _, key := range targets {
		if srv := sandboxtest.ByKey(t, key); srv.Binary != nil {
			oracles[key] = startOracle(t, srv)
		}
	}
	got := map[string]tally{}
	var mu sync.Mutex // got, written by the targets' subtests
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			for _, key := range targets {
				t.Run(key, func(t *testing.T) {
					t.Parallel()
					srv := sandboxtest.ByKey(t, key)
					srv.Require(t)
					e := checkFile(t, oracles[key], f, want[f.Name+"\t"+key], byDesign.of(f.Name, key))
					mu.Lock()
					got[f.Name+"\t"+key] = e
					mu.Unlock()
				})
			}
		})
	}
	logTotals(t, got)
	if *update {
		counts := map[string]expectation{}
		for k, g := range got {
			counts[k] = g.expectation
		}
		writeExpected(t, files, want, counts)
	}
}

// logTotals logs, per target, what the files came to: the figures the
// tier is judged by.
func logTotals(t *testing.T, got map[string]tally) {
	for _, key := range targets {
		var files, read, unread, objects, errs, wrong, missed, ran, designed int
		for k, g := range got {
			if !strings.HasSuffix(k, "\t"+key) {
				continue
			}
			files++
			if g.Read {
				read++
			}
			if g.Unread {
				unread++
			}
			objects, errs, wrong, missed, designed = objects+g.Objects, errs+g.Errors, wrong+g.Wrong, missed+g.Missed, designed+g.Designed
			ran += g.Ran
		}
		t.Logf("%s: %d files, %d read, %d refused by design; the client loads %d objects, of which the check refuses %d; the client fails %d statements, of which the check shows no problem for %d, and runs %d that the check refuses; %d differences by design",
			key, files, read, unread, objects, wrong, errs, missed, ran, designed)
	}
}

// tally is what one file on one target came to.
type tally struct {
	expectation      // the client's
	Read        bool // the check read the file
	Unread      bool // the check refuses to read it, by design
	Wrong       int  // objects the client loads that the check refuses, not by design
	Missed      int  // client failures the check shows no problem for, not by design
	Ran         int  // statements the client runs without an error that the check refuses, not by design
	Designed    int  // differences bydesign.tsv names
}

// checkFile runs the client and the check on one file and compares them.
func checkFile(t *testing.T, oracle *oracle, f corpusFile, want expectation, byDesign []designed) tally {
	where := f.Name + " on " + oracle.srv.Key
	client := oracle.load(t, f.Path)
	got := tally{expectation: expectation{Errors: len(client.Errors), Objects: len(client.Objects)}}
	if !*update && got.expectation != want {
		t.Errorf("%s: the client: %d errors and %d objects loaded, testdata/expected.tsv says %d and %d (-update rewrites it from the client; review the diff)",
			where, got.Errors, got.Objects, want.Errors, want.Objects)
	}
	d, err := schemacheck.ReadFile(schemacheck.Options{SchemaFile: f.Path, Client: familyOf(oracle.srv)}) // as the check reads it
	if err != nil {
		if i := matchDesign(byDesign, "read"); i >= 0 {
			t.Logf("the check does not read %s, by design (%s): %v", where, byDesign[i].Why, err)
			got.Unread, got.Designed = true, 1
			return got
		}
		t.Errorf("the check cannot read %s (%s), which the client loads (%d objects, %d errors): %v", where, f.What, got.Objects, got.Errors, err)
		return got
	}
	got.Read = true
	s, err := schemacheck.CheckOnTarget(context.Background(), schemacheck.Options{SchemaFile: f.Path, TargetBasedir: oracle.srv.Basedir})
	if err != nil {
		t.Errorf("check --schema-file %s: %v", where, err)
		return got
	}
	t.Logf("the client: %d objects loaded, %d errors %v; the check: %d objects in %v", got.Objects, got.Errors, client.Errors, len(s.Objects), s.Duration.Round(time.Millisecond))
	used := map[int]bool{}
	for _, o := range falseVerdicts(s, client) {
		if i := matchDesign(byDesign, "object "+o.key); i >= 0 {
			used[i] = true
			if o.status == outcome.StatusRuntime {
				o.assertLaterFailure(t, oracle, byDesign[i])
			}
			continue
		}
		got.Wrong++
		t.Errorf("%s: the client loads %s; the check says %s: %s", where, o.key, o.status, o.why)
	}
	var covered map[int]bool
	got.Missed, covered = missedFailures(t, where, f, d, s, client, byDesign, used)
	for _, o := range s.Objects {
		line := sourceLine(o.Source)
		if o.Kind != string(schemacheck.KindStatement) || (o.Status != outcome.StatusRefused && o.Status != outcome.StatusBlocked) || covered[line] {
			continue
		}
		if i := matchDesign(byDesign, "statement "+strconv.Itoa(line)); i >= 0 {
			used[i] = true
			continue
		}
		got.Ran++
		t.Errorf("%s: the client runs the statement at line %d (%s) without an error; the check says %s: %s", where, line, o.Name, o.Status, problemsOf(o))
	}
	for i, b := range byDesign {
		if !used[i] {
			t.Errorf("testdata/bydesign.tsv: %s %s %q no longer happens: remove it", f.Name, b.Target, b.What)
		}
	}
	got.Designed = len(used)
	return got
}

// missedFailures reports each statement the client fails that the check
// shows no problem for and bydesign.tsv does not name (marking in used the
// entries that do), and returns how many, and the lines of the statements
// the client's failures may be.
func missedFailures(t *testing.T, where string, f corpusFile, d *sqlfile.Dump, s *outcome.Schema, client clientRun, byDesign []designed, used map[int]bool) (int, map[int]bool) {
	t.Helper()
	text, err := os.ReadFile(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	shown := problemLines(s)
	missed, covered := 0, map[int]bool{}
	for _, e := range client.Errors {
		at := statementsAt(d, lines, e.Line)
		for _, l := range at {
			covered[l] = true
		}
		if slices.ContainsFunc(at, func(l int) bool { return shown[l] }) {
			continue
		}
		if i := matchDesign(byDesign, "line "+strconv.Itoa(e.Line)); i >= 0 {
			used[i] = true
			continue
		}
		missed++
		t.Errorf("%s: the client fails the statement at line %d (ERROR %d: %s); the check shows no problem at %v%s",
			where, e.Line, e.Code, e.Message, at, setAsideWhy(d, at))
	}
	return missed, covered
}

// verdict is an object the client loaded and the check says it did not.
type verdict struct{ key, name, status, why string }

// falseVerdicts are the objects the client loads that the check reports
// refused, blocked or runtime.
func falseVerdicts(s *outcome.Schema, client clientRun) []verdict {
	var out []verdict
	for _, o := range s.Objects {
		switch o.Status {
		case outcome.StatusRefused, outcome.StatusBlocked, outcome.StatusRuntime:
		default:
			continue
		}
		key := strings.ToLower(o.Kind + " " + o.Name)
		if !client.Objects[key] {
			continue
		}
		out = append(out, verdict{key: key, name: o.Name, status: o.Status, why: problemsOf(o)})
	}
	return out
}

// problemLines are the lines of the statements the check reports a problem
// of, whatever its kind: the object's own and each problem's source.
func problemLines(s *outcome.Schema) map[int]bool {
	out := map[int]bool{}
	add := func(source string) {
		if n := sourceLine(source); n > 0 {
			out[n] = true
		}
	}
	for _, o := range s.Objects {
		if len(o.Problems) > 0 && o.Status != outcome.StatusLoaded {
			add(o.Source)
		}
		for _, p := range o.Problems {
			add(p.Source)
		}
	}
	return out
}

// sourceLine is the line of a "file:line" source, or 0.
func sourceLine(source string) int {
	if i := strings.LastIndexByte(source, ':'); i >= 0 {
		if n, err := strconv.Atoi(source[i+1:]); err == nil {
			return n
		}
	}
	return 0
}

// problemsOf lists an object's problems of its status, "code message".
func problemsOf(o outcome.Object) string {
	var why []string
	for _, p := range o.Problems {
		if p.Kind == o.Status {
			why = append(why, fmt.Sprintf("%d %s", p.Code, p.Message))
		}
	}
	return strings.Join(why, "; ")
}

// statementsAt are the first lines of the server statements the client
// may mean by an error at line (of the file's lines): it counts from the
// line where it began to collect the client statement (the text up to its
// delimiter, which the server may run as several statements), which is
// its first line, or, when a /* comment */ stands between the previous
// delimiter and the statement, the line of that delimiter. So: the server
// statements of the client statement starting at line, or of the first
// one starting after it when a /* comment */ is on the lines between.
func statementsAt(d *sqlfile.Dump, lines []string, line int) []int {
	starts := make([]int, 0, len(d.Steps))
	for _, s := range d.Steps {
		starts = append(starts, s.ClientLine)
	}
	sort.Ints(starts)
	at := 0
	for _, s := range starts {
		if s == line {
			at = s
			break
		}
		if s > line {
			if s-1 <= len(lines) && strings.Contains(strings.Join(lines[line-1:s-1], "\n"), "/*") {
				at = s
			}
			break
		}
	}
	// every server statement of the client statement the client names
	var out []int
	for _, s := range d.Steps {
		if at > 0 && s.ClientLine == at {
			out = append(out, s.Line)
		}
	}
	sort.Ints(out)
	return out
}

// setAsideWhy says why the check did not run a statement, if it
// set aside a statement at one of lines.
func setAsideWhy(d *sqlfile.Dump, lines []int) string {
	for _, s := range d.Steps {
		if slices.Contains(lines, s.Line) && s.Kind == sqlfile.StepSetAside {
			return fmt.Sprintf(" (set aside: %s)", s.Reason)
		}
	}
	return ""
}

// corpusFile is one file of testdata/files.tsv, fetched.
type corpusFile struct {
	Name string // PACKAGE/NAME
	Path string
	What string
}

// corpusDir is where scripts/corpus.sh keeps the files.
func corpusDir() string {
	if dir := os.Getenv("UPGRADE_ADVISOR_CORPUS"); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "upgrade-advisor", "corpus")
}

// corpusFiles lists the corpus; a missing file skips the test (fails it
// under CI=true) with the command that fetches it.
func corpusFiles(t *testing.T) []corpusFile {
	t.Helper()
	var out, missing []corpusFile
	for _, row := range readTSV(t, "files.tsv", 4) {
		f := corpusFile{Name: row[0] + "/" + row[2], Path: filepath.Join(corpusDir(), "files", row[0], row[2]+".sql"), What: row[3]}
		if _, err := os.Stat(f.Path); err != nil {
			missing = append(missing, f)
			continue
		}
		out = append(out, f)
	}
	if len(missing) > 0 {
		msg := fmt.Sprintf("%d of the corpus's files are missing under %s (first: %s): run scripts/corpus.sh fetch "+
			"(scripts/test.sh does it), or point UPGRADE_ADVISOR_CORPUS at a fetched corpus", len(missing), corpusDir(), missing[0].Name)
		if sandboxtest.InCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return out
}

// assertLaterFailure holds a runtime verdict the client's load does not
// show to the real server: on the table the client loaded, an ALTER TABLE
// under the target's default sql_mode (what the application's next
// migration runs) must fail.
func (v verdict) assertLaterFailure(t *testing.T, o *oracle, b designed) {
	t.Helper()
	if !strings.HasPrefix(v.key, "table ") {
		t.Errorf("testdata/bydesign.tsv: %s: a runtime verdict of a %s cannot be held to a later ALTER TABLE", b.File, v.key)
		return
	}
	conn, err := o.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx := context.Background()
	schema, table, ok := strings.Cut(v.name, ".")
	if !ok {
		schema, table = schemacheck.DefaultSchema, v.name
	}
	name := stmt.QuoteIdent(schema) + "." + stmt.QuoteIdent(table)
	if _, err := conn.ExecContext(ctx, "SET SESSION sql_mode = DEFAULT"); err != nil {
		t.Fatal(err)
	}
	_, err = conn.ExecContext(ctx, "ALTER TABLE "+name+" ADD COLUMN upgrade_advisor_probe INT")
	switch {
	case err == nil:
		t.Errorf("%s: %s is %s (%s), by design: %s; but ALTER TABLE %s under the default sql_mode works on the real server",
			b.File, v.key, v.status, v.why, b.Why, name)
	case strings.Contains(err.Error(), "1146"):
		t.Errorf("%s: ALTER TABLE %s: %v", b.File, name, err)
	default:
		t.Logf("%s: ALTER TABLE %s under the default sql_mode fails on the real server, as the check says: %v", b.File, name, err)
	}
}
