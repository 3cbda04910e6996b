package sqlfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	long := "CREATE TABLE x (\n\t" + strings.Repeat("é", 100) + "\x01)"
	got := Excerpt(long)
	if utf8.RuneCountInString(got) != excerptLen || !strings.HasPrefix(got, "CREATE TABLE x ( éé") {
		t.Errorf("excerpt = %q", got)
	}
	if got := Excerpt("a\x01\tb"); got != "a? b" {
		t.Errorf("excerpt = %q", got)
	}
}

func TestRejectErrorFormat(t *testing.T) {
	e := &RejectError{File: "f.sql", Line: 3, Statement: "USE x", Reason: "USE is not table DDL"}
	if e.Error() != "f.sql:3: refused: USE is not table DDL: USE x" {
		t.Errorf("Error() = %q", e.Error())
	}
	if !errors.Is(fmt.Errorf("wrapped: %w", e), ErrRejected) {
		t.Error("errors.Is(wrapped, ErrRejected) = false")
	}
}
