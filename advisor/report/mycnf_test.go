package report

import (
	"strings"
	"testing"
)

// The my.cnf writer: blocks under [mysqld], one de-duplication rule by
// option name.
func TestMyCnfWriter(t *testing.T) {
	type block struct {
		from  string
		lines []string
	}
	tests := []struct {
		name   string
		blocks []block
		want   []string // the lines after the header
	}{
		{name: "wsrep_mode flags of two blocks join on the first line",
			blocks: []block{{"finding a", []string{"# remove x", "wsrep_mode = REPLICATE_MYISAM"}}, {"finding b", []string{"# remove y", "wsrep_mode = STRICT_REPLICATION"}}},
			want: []string{"", "# remove x", "wsrep_mode = REPLICATE_MYISAM,STRICT_REPLICATION", "", "# remove y",
				"# wsrep_mode = STRICT_REPLICATION   # joined into the wsrep_mode line above (finding a)"}},
		{name: "blocks are separated by a blank line",
			blocks: []block{{"finding a", []string{"# why a", "a = 1"}}, {"finding b", []string{"# why b", "b = 2"}}},
			want:   []string{"", "# why a", "a = 1", "", "# why b", "b = 2"}},
		{name: "an empty block writes nothing",
			blocks: []block{{"finding a", nil}},
			want:   nil},
		{name: "a block of comments only is always written",
			blocks: []block{{"finding a", []string{"# remove x: not accepted"}}, {"finding b", []string{"# remove x: not accepted"}}},
			want:   []string{"", "# remove x: not accepted", "", "# remove x: not accepted"}},
		{name: "a block that repeats a setting is left out",
			blocks: []block{{"finding a", []string{"# a helps", "a = 1"}}, {"finding b", []string{"# a helps too", "a = 1"}}},
			want:   []string{"", "# a helps", "a = 1"}},
		{name: "a commented-out line repeating an active one changes nothing",
			blocks: []block{{"finding a", []string{"a = 1"}}, {"finding b", []string{"# a = 1   # uncomment if ..."}}},
			want:   []string{"", "a = 1"}},
		{name: "a commented-out repeat of a commented-out line changes nothing",
			blocks: []block{{"finding a", []string{"# a = 1   # optional"}}, {"finding b", []string{"# a = 1   # consider"}}},
			want:   []string{"", "# a = 1   # optional"}},
		{name: "an active line after the same line commented out sets it",
			blocks: []block{{"finding a", []string{"# a = 1   # optional"}}, {"finding b", []string{"a = 1"}}},
			want:   []string{"", "# a = 1   # optional", "", "a = 1"}},
		{name: "another value for an option set above is commented out, naming what set it",
			blocks: []block{{"finding a", []string{"a = 1"}}, {"finding b", []string{"# b wants 2", "a = 2"}}},
			want:   []string{"", "a = 1", "", "# b wants 2", "# a = 2   # already set above (finding a)"}},
		{name: "a repeated line in a block that sets something new is commented out",
			blocks: []block{{"finding a", []string{"a = 1"}}, {"finding b", []string{"a = 1", "b = 0"}}},
			want:   []string{"", "a = 1", "", "# a = 1   # already set above (finding a)", "b = 0"}},
		{name: "a block that sets something new is written with its repeats",
			blocks: []block{{"finding a", []string{"# a = 1"}}, {"finding b", []string{"# a = 1", "b = 0"}}},
			want:   []string{"", "# a = 1", "", "# a = 1", "b = 0"}},
		{name: "an option without a value is a setting",
			blocks: []block{{"finding a", []string{"skip-name-resolve"}}, {"finding b", []string{"skip-name-resolve"}}},
			want:   []string{"", "skip-name-resolve"}},
		{name: "comments that quote a setting are not settings",
			blocks: []block{
				{"finding a", []string{"# carried from a = 1 (my.cnf:5): the target has it", "a = 1"}},
				{"finding b", []string{"# dropped: b = 2 (my.cnf:6): removed", "# b = 2"}},
				{"finding c", []string{"# dropped: b = 2 (my.cnf:6): removed"}}},
			want: []string{"", "# carried from a = 1 (my.cnf:5): the target has it", "a = 1", "", "# dropped: b = 2 (my.cnf:6): removed", "# b = 2",
				"", "# dropped: b = 2 (my.cnf:6): removed"}},
		{name: "a note after a commented-out value is not part of the value",
			blocks: []block{{"pin", []string{"# a = 2000   (no gain shown: the target's default 4000 is kept)"}}, {"variant", []string{"a = 2000"}}},
			want:   []string{"", "# a = 2000   (no gain shown: the target's default 4000 is kept)", "", "a = 2000"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newMyCnf("header one", "header two")
			for _, b := range tc.blocks {
				m.block(b.from, b.lines...)
			}
			want := strings.Join(append([]string{"[mysqld]", "# header one", "# header two"}, tc.want...), "\n") + "\n"
			if got := m.String(); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestMyCnfSnippetSaysWhenNothingChanges(t *testing.T) {
	got := MyCnfSnippet([]string{"upgrade-advisor test"}, []FindingInfo{{ID: "info-only"}})
	if want := "[mysqld]\n# upgrade-advisor test\n# no changes recommended\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
