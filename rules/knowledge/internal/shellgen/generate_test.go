//go:build reference

package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"testing"
)

// TestGeneratedFileIsCurrent regenerates the derived facts from the
// reference copy of sysvars.json and fails when the committed file differs:
// a hand edit, a changed hand-written table or a changed generator that was
// not followed by go generate.
func TestGeneratedFileIsCurrent(t *testing.T) {
	committed, err := os.ReadFile("../../shell_generated.go")
	if err != nil {
		t.Fatal(err)
	}
	// the header names the copy it came from; regenerate with the same words
	source := regexp.MustCompile(`sysvars\.json \((.*)\)\.\n`).FindSubmatch(committed)
	if source == nil {
		t.Fatal("shell_generated.go: no source in its header")
	}
	got, err := generateFromFiles("", string(source[1]), "../..", "shell_generated.go")
	if err != nil {
		t.Fatalf("the reference copy of sysvars.json is needed (beside the clone, or $UPGRADE_ADVISOR_SHELL_SYSVARS): %v", err)
	}
	if !bytes.Equal(got, committed) {
		t.Errorf("rules/knowledge/shell_generated.go is not what the generator writes: run go generate ./rules/knowledge\n%s",
			firstDifference(committed, got))
	}
}

// firstDifference shows the first line where two files differ.
func firstDifference(a, b []byte) string {
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y []byte
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if !bytes.Equal(x, y) {
			return fmt.Sprintf("line %d:\n  committed: %s\n  generated: %s", i+1, x, y)
		}
	}
	return ""
}
