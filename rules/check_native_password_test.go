package rules

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestNativePasswordRemoved(t *testing.T) {
	tests := []struct {
		current, target flavor.Flavor
		want            bool
	}{
		{flMySQL(8, 0, 40), flMySQL(9, 7, 0), true},
		{flMySQL(8, 4, 3), flMySQL(9, 0, 0), true},
		{flMariaDB(11, 8, 9), flMySQL(9, 7, 0), true},
		{flMySQL(8, 0, 40), flMySQL(8, 4, 0), false}, // still there, off by default: default drift says so
		{flMySQL(9, 1, 0), flMySQL(9, 7, 0), false},  // already gone
		{flMySQL(8, 4, 3), flMariaDB(11, 8, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.current.String()+" -> "+VersionLabel(tt.target), func(t *testing.T) {
			target := tt.target
			got := checkNativePasswordRemoved(Snapshot{Flavor: tt.current, Target: &target})
			if (len(got) == 1) != tt.want {
				t.Fatalf("findings %+v, want one: %v", got, tt.want)
			}
			if tt.want && (got[0].Severity != Warning || len(got[0].Recommendation.SQL) != 2) {
				t.Errorf("finding %+v", got[0])
			}
		})
	}
}
