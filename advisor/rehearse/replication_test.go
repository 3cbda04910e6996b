package rehearse

import (
	"errors"
	"slices"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

func TestParseBinlogFormats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		bad  bool
	}{
		{"", nil, false}, {"row", []string{"ROW"}, false}, {"both", []string{"ROW", "STATEMENT"}, false},
		{"MIXED, statement", []string{"MIXED", "STATEMENT"}, false}, {"both,ROW", []string{"ROW", "STATEMENT"}, false},
		{"ROWS", nil, true}, {"row;statement", nil, true},
	} {
		got, err := ParseBinlogFormats(tc.in)
		if tc.bad != (err != nil) || (err != nil && !errors.Is(err, exitcode.ErrUsage)) || !slices.Equal(got, tc.want) {
			t.Errorf("ParseBinlogFormats(%q) = %q, %v; want %q (error: %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestFormatsToRun(t *testing.T) {
	for _, tc := range []struct {
		asked []string
		today string
		want  []string
	}{
		{nil, "MIXED", []string{"MIXED"}},
		{nil, "ROW", []string{"ROW"}},
		{[]string{"ROW", "STATEMENT"}, "MIXED", []string{"ROW", "STATEMENT", "MIXED"}},
		{[]string{"ROW", "STATEMENT"}, "ROW", []string{"ROW", "STATEMENT"}},
		{[]string{"MIXED"}, "MIXED", []string{"MIXED"}},
	} {
		got, notes := formatsToRun(tc.asked, tc.today, nil)
		if !slices.Equal(got, tc.want) || (len(notes) == 0) != slices.Equal(got, tc.asked) {
			t.Errorf("formatsToRun(%q, %s) = %q (notes %q), want %q", tc.asked, tc.today, got, notes, tc.want)
		}
	}
}

func TestParseSeeds(t *testing.T) {
	for in, want := range map[string][]string{"": {"dump", "schema"}, "both": {"dump", "schema"}, "dump": {"dump"}, "Schema": {"schema"}} {
		if got, err := ParseSeeds(in); err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseSeeds(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseSeeds("backup"); !errors.Is(err, exitcode.ErrUsage) {
		t.Errorf("ParseSeeds(backup) = %v, want a usage error", err)
	}
}
