package rules

import (
	"strings"
	"testing"
)

func TestChangedOutsideIsCritical(t *testing.T) {
	cases := []struct {
		name    string
		bench   *Measurements
		finding bool
	}{
		{"nothing measured", nil, false},
		{"nothing changed", &Measurements{Rounds: 3}, false},
		{"a table appeared", &Measurements{Rounds: 3, ChangedOutside: []string{"appeared: table victim.moved"}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := checkChangedOutside(Snapshot{Bench: c.bench})
			if (len(got) > 0) != c.finding {
				t.Fatalf("findings = %v; want a finding: %v", got, c.finding)
			}
			if c.finding && (got[0].Severity != Critical || !strings.Contains(got[0].Detail, "victim.moved")) {
				t.Errorf("finding = %+v; want a critical one naming the change", got[0])
			}
		})
	}
}
