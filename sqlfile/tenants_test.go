package sqlfile

import (
	"testing"
)

// TestBlankOthersKeepsLines: the lines left keep their numbers.
func TestBlankOthersKeepsLines(t *testing.T) {
	src := "USE a;\nCREATE TABLE x (id INT);\nUSE b;\nCREATE TABLE x (id INT);\nDELIMITER ;;\n"
	got := blankOthers(src, map[int]string{1: "a", 2: "a", 3: "b", 4: "b", 5: "b"}, "a")
	if want := "USE a;\nCREATE TABLE x (id INT);\n\n\nDELIMITER ;;\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
