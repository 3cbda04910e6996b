package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// expectation is what a target's client does with a file.
type expectation struct{ Errors, Objects int }

// designed is one place where the check and the client differ on purpose.
type designed struct {
	File, Target string
	What         string // "line N" (a client error) or "object KIND NAME" (an object the client loads)
	Why          string
}

type designs []designed

// of lists the entries of file on target ("*": every target).
func (ds designs) of(file, target string) []designed {
	var out []designed
	for _, d := range ds {
		if d.File == file && (d.Target == "*" || d.Target == target) {
			out = append(out, d)
		}
	}
	return out
}

// matchDesign is the index of the entry that says what, or -1.
func matchDesign(ds []designed, what string) int {
	for i, d := range ds {
		if strings.EqualFold(d.What, what) {
			return i
		}
	}
	return -1
}

// readTSV reads testdata/name: tab-separated rows of at least n fields,
// without comments and blank lines.
func readTSV(t *testing.T, name string, n int) [][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		row := strings.Split(line, "\t")
		if len(row) < n {
			t.Fatalf("testdata/%s:%d: %d fields, want %d", name, i+1, len(row), n)
		}
		out = append(out, row)
	}
	return out
}

// readExpected reads testdata/expected.tsv: file, target, the client's
// errors, the objects it loads.
func readExpected(t *testing.T) map[string]expectation {
	t.Helper()
	out := map[string]expectation{}
	for _, row := range readTSV(t, "expected.tsv", 4) {
		errs, err1 := strconv.Atoi(row[2])
		objs, err2 := strconv.Atoi(row[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("testdata/expected.tsv: %q: counts are numbers", strings.Join(row, "\t"))
		}
		out[row[0]+"\t"+row[1]] = expectation{Errors: errs, Objects: objs}
	}
	return out
}

// readByDesign reads testdata/bydesign.tsv: file, target, what, why.
func readByDesign(t *testing.T) designs {
	t.Helper()
	var out designs
	for _, row := range readTSV(t, "bydesign.tsv", 4) {
		out = append(out, designed{File: row[0], Target: row[1], What: row[2], Why: row[3]})
	}
	return out
}

const expectedHeader = `# What each target's own client does with each file of the corpus
# (files.tsv): the statements it reports failing (ERROR N at line L) and
# the tables, views, routines, triggers and events that exist after the
# load. Written by go test ./corpus -run TestRealFilesAgreeWithTheClient
# -update from the clients' runs, never from the check's.
#
# file	target	client errors	objects loaded
`

// writeExpected rewrites testdata/expected.tsv from got, in corpus order;
// a file and target not run (-run picked others) keeps its line of want.
func writeExpected(t *testing.T, files []corpusFile, want, got map[string]expectation) {
	t.Helper()
	var b strings.Builder
	b.WriteString(expectedHeader)
	for _, f := range files {
		for _, key := range targets {
			e, ok := got[f.Name+"\t"+key]
			if !ok {
				e, ok = want[f.Name+"\t"+key]
			}
			if ok {
				fmt.Fprintf(&b, "%s\t%s\t%d\t%d\n", f.Name, key, e.Errors, e.Objects)
			}
		}
	}
	if err := os.WriteFile(filepath.Join("testdata", "expected.tsv"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
