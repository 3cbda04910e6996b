package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// rehearseFixture reads the rehearsal of testdata/rehearse-migration.json,
// the JSON output of a real rehearsal (MariaDB 10.11 -> MySQL 9.7, paths
// replaced), so every renderer is tested on what advisor produces.
func rehearseFixture(t *testing.T) (*RehearseReport, []byte) {
	t.Helper()
	return rehearseFixtureNamed(t, "rehearse-migration.json")
}

// rehearseFixtureNamed reads a rehearsal's JSON output from testdata.
func rehearseFixtureNamed(t *testing.T, name string) (*RehearseReport, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var r RehearseReport
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	for i := range r.Findings {
		if r.Findings[i].severity, err = rules.ParseSeverity(r.Findings[i].Severity); err != nil {
			t.Fatal(err)
		}
	}
	return &r, data
}

func TestRehearseRenderers(t *testing.T) {
	r, data := rehearseFixture(t)
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"rehearse-migration.txt", func(b *bytes.Buffer) error { return Write(b, r, Text, TextStyle{}) }},
		{"rehearse-migration.md", func(b *bytes.Buffer) error { return Write(b, r, Markdown, TextStyle{}) }},
		{"rehearse-migration.html", func(b *bytes.Buffer) error { return Write(b, r, HTML, TextStyle{}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.render(&b); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, b.Bytes())
		})
	}
	var b bytes.Buffer
	if err := Write(&b, r, JSON, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Errorf("the rehearsal read from its JSON does not render back to the same JSON:\n%s", b.Bytes())
	}
	if w, ok := r.Worst(); !ok || w != rules.Critical {
		t.Errorf("worst finding %v %v, want critical (removed options in the file)", w, ok)
	}
}

// TestRehearseTextSaysWhatMatters checks the text report for the facts a
// reader needs, independently of the golden file's layout.
func TestRehearseTextSaysWhatMatters(t *testing.T) {
	r, _ := rehearseFixture(t)
	var b bytes.Buffer
	if err := Write(&b, r, Text, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"a migration between vendors", "dropped    innodb_file_format=Barracuda",
		"-> innodb_redo_log_capacity=256M", "[sandbox: 1G]", "innodb_buffer_pool_size = 8G", "target_carried"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q", want)
		}
	}
}

// The my.cnf for the target is written again from the rehearsal as the
// real rehearsal wrote it.
func TestRehearseMyCnfAsTheRehearsalWroteIt(t *testing.T) {
	r, _ := rehearseFixture(t)
	if got := RehearseMyCnf(r); got != r.MyCnf {
		t.Errorf("got:\n%s\nwant:\n%s", got, r.MyCnf)
	}
}

// TestRehearseInPlaceRenderers renders testdata/rehearse-inplace.json, the
// JSON output of a real `rehearse --in-place` (MariaDB 10.5 -> the
// installed 10.11, --server-version without --config, paths replaced), in
// every form: the in-place section is in each, the HTML page included.
func TestRehearseInPlaceRenderers(t *testing.T) {
	r, data := rehearseFixtureNamed(t, "rehearse-inplace.json")
	if r.InPlace == nil {
		t.Fatal("the fixture has no in-place section")
	}
	for _, tc := range []struct {
		name   string
		format Format
		want   string
	}{
		{"rehearse-inplace.txt", Text, "In-place upgrade: "},
		{"rehearse-inplace.md", Markdown, "## In-place upgrade"},
		{"rehearse-inplace.html", HTML, "<h2>In-place upgrade</h2>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, r, tc.format, TextStyle{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tc.want) || !strings.Contains(b.String(), r.InPlace.UpgradeTool) {
				t.Errorf("%s lacks %q or the upgrade tool %q", tc.name, tc.want, r.InPlace.UpgradeTool)
			}
			golden(t, tc.name, b.Bytes())
		})
	}
	var b bytes.Buffer
	if err := Write(&b, r, JSON, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Errorf("the rehearsal read from its JSON does not render back to the same JSON:\n%s", b.Bytes())
	}
}
