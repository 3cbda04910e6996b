package job

import "testing"

func TestCompareAndRehearseMeasure(t *testing.T) {
	for _, c := range []struct {
		cmd  Command
		want bool
	}{{CommandAudit, true}, {CommandBench, true}, {CommandCompare, true}, {CommandRehearse, true}, {CommandInspect, false}, {CommandCheck, false}} {
		if got := c.cmd.Measures(); got != c.want {
			t.Errorf("%s.Measures() = %v, want %v", c.cmd, got, c.want)
		}
	}
}
