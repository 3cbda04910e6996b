package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestInPlaceDatadirTextOpensWithDowntime: the in-place section of a
// datadir's rehearsal opens with the downtime, its steps and the line on
// where the times come from; a problem is a critical finding with its fix.
func TestInPlaceDatadirTextOpensWithDowntime(t *testing.T) {
	d := &InPlaceDatadir{Source: "/backup/copy", Bytes: 3 << 30, Copy: "plain copy", CopyS: 40, TableCount: 120,
		Downtime: []InPlaceStep{{Name: "slow shutdown", DurationS: 12.5}, {Name: "first start of the target", DurationS: 3},
			{Name: "mariadb-upgrade", DurationS: 30}, {Name: "restart", DurationS: 2}},
		Problems: []InPlaceProblem{{What: "table app.t does not open on the target", Fix: "rebuild it"}}}
	for _, tc := range []struct {
		name     string
		problems []InPlaceProblem
		clean    bool
	}{{"clean", nil, true}, {"a problem", d.Problems, false}} {
		dd := *d
		dd.Problems = tc.problems
		ip := &InPlace{Source: "MariaDB 10.5.23", Target: "MariaDB 11.8.9", Clean: tc.clean, Datadir: &dd}
		var b bytes.Buffer
		p := &printer{w: &b}
		inPlaceText(p, ip)
		lines := strings.Split(b.String(), "\n")
		if len(lines) < 4 || !strings.HasPrefix(lines[1], "[--] downtime 47.5 s: slow shutdown 12.5 s, first start of the target 3.0 s, mariadb-upgrade 30.0 s, restart 2.0 s") ||
			!strings.Contains(lines[2], "3.0 GiB, 120 table(s)") || !strings.Contains(lines[3], "this machine's disk's times") {
			t.Errorf("%s: the section does not open with the downtime:\n%s", tc.name, b.String())
		}
		if got := len(dd.Findings()); got != len(tc.problems) || strings.Contains(b.String(), "fix: rebuild it") != !tc.clean {
			t.Errorf("%s: %d finding(s), text:\n%s", tc.name, got, b.String())
		}
	}
}
