package rules

import (
	"strings"
	"testing"
)

func TestPersistedValuesAreExplicitChoices(t *testing.T) {
	for _, tt := range []struct {
		origin    Origin
		wantDrift bool
	}{
		{OriginCompiled, true},
		{OriginPersisted, false}, // SET PERSIST chose it: the upgrade keeps it
		{OriginConfig, false},
		{OriginRuntime, false},
	} {
		t.Run(string(tt.origin), func(t *testing.T) {
			s := upgradeSnapshot(flMySQL(8, 0, 40), flMySQL(8, 4, 0),
				map[string]Setting{"innodb_adaptive_hash_index": {Value: "ON", Origin: tt.origin}})
			if _, drift := driftByVariable(t, s)["innodb_adaptive_hash_index"]; drift != tt.wantDrift {
				t.Errorf("drift %v, want %v", drift, tt.wantDrift)
			}
		})
	}
}

func TestPersistedRemovedVariableSaysWhereItIs(t *testing.T) {
	s := upgradeSnapshot(flMySQL(8, 0, 40), flMySQL(9, 7, 0),
		map[string]Setting{"innodb_log_file_size": {Value: "1073741824", Origin: OriginPersisted}})
	f, ok := removedFindings(t, s)["innodb_log_file_size"]
	if !ok || !strings.Contains(f.Detail, "SET PERSIST") || !strings.Contains(f.Detail, "mysqld-auto.cnf") {
		t.Errorf("found %v: %+v", ok, f)
	}
}
