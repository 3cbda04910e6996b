package mycnf

import (
	"fmt"
	"strings"
	"testing"
)

// describe renders an option compactly for comparisons:
// "file:line [section] name" or "file:line [section] name=\"value\"",
// with a "loose " prefix before the name when Loose is set.
func describe(o Option) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d [%s] ", o.File, o.Line, o.Section)
	if o.Loose {
		b.WriteString("loose ")
	}
	b.WriteString(o.Name)
	if o.HasValue {
		fmt.Fprintf(&b, "=%q", o.Value)
	}
	return b.String()
}

func describeAll(opts Options) []string {
	out := make([]string, 0, len(opts))
	for _, o := range opts {
		out = append(out, describe(o))
	}
	return out
}

func messages(warnings []*ParseError) []string {
	out := make([]string, 0, len(warnings))
	for _, w := range warnings {
		out = append(out, w.Error())
	}
	return out
}

// assertLines fails unless got equals want line by line.
func assertLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") == strings.Join(want, "\n") {
		return
	}
	t.Errorf("%s:\ngot:\n\t%s\nwant:\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
}

// assertErrorContains fails unless err is non-nil and contains every part.
func assertErrorContains(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want one containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not contain %q", err, p)
		}
	}
}
