package bench

import (
	"errors"
	"strings"
	"testing"
)

func TestForPrimaryKeys(t *testing.T) {
	ddlFile := Workload{Name: "schema.sql", Creates: []Statement{{SQL: "CREATE TABLE a (i INT)", Table: "a"}}}
	tests := []struct {
		name      string
		w         Workload
		pk        primaryKeyRules
		wantSQL   string   // the first statement
		wantNames []string // what the name must say
	}{
		{"no rule", ClassicWorkload(3), primaryKeyRules{}, "CREATE TABLE t00000 (i INT, name VARCHAR(12)) ENGINE=InnoDB", nil},
		{"MySQL requires a key", ClassicWorkload(3), primaryKeyRules{required: RequirePrimaryKey}, "CREATE TABLE t00000 (id INT AUTO_INCREMENT PRIMARY KEY, i INT, name VARCHAR(12)) ENGINE=InnoDB",
			[]string{"3 x CREATE TABLE (id INT AUTO_INCREMENT PRIMARY KEY", "sql_require_primary_key=ON"}},
		{"MariaDB forces a key", ClassicWorkload(2), primaryKeyRules{required: ForcePrimaryKey}, "CREATE TABLE t00000 (id INT AUTO_INCREMENT PRIMARY KEY, i INT, name VARCHAR(12)) ENGINE=InnoDB",
			[]string{"innodb_force_primary_key=ON"}},
		{"turned off for the session", ClassicWorkload(2), primaryKeyRules{sessionOff: true}, "CREATE TABLE t00000 (i INT, name VARCHAR(12)) ENGINE=InnoDB",
			[]string{"turned off for the calibration's own session"}},
		{"invisible keys", ClassicWorkload(2), primaryKeyRules{invisible: true}, "CREATE TABLE t00000 (i INT, name VARCHAR(12)) ENGINE=InnoDB",
			[]string{"sql_generate_invisible_primary_key=ON"}},
		{"a --ddl-file workload is the user's", ddlFile, primaryKeyRules{required: RequirePrimaryKey}, "CREATE TABLE a (i INT)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := forPrimaryKeys(tt.w, tt.pk)
			if len(got.Creates) != len(tt.w.Creates) || got.Creates[0].SQL != tt.wantSQL {
				t.Fatalf("statements %+v, want %d starting %q", got.Creates, len(tt.w.Creates), tt.wantSQL)
			}
			if len(tt.wantNames) == 0 && got.Name != tt.w.Name {
				t.Errorf("name changed to %q", got.Name)
			}
			for _, w := range tt.wantNames {
				if !strings.Contains(got.Name, w) {
					t.Errorf("name %q does not say %q", got.Name, w)
				}
			}
		})
	}
}

func TestExplainPrimaryKeyError(t *testing.T) {
	refused := errors.New("Error 3750 (HY000): Unable to create or change a table without a primary key")
	got := explainPrimaryKeyError(refused, primaryKeyRules{required: RequirePrimaryKey})
	if !errors.Is(got, refused) || !strings.Contains(got.Error(), "--ddl-file a primary key") || !strings.Contains(got.Error(), "SESSION_VARIABLES_ADMIN") {
		t.Errorf("got %v", got)
	}
	other := errors.New("Error 1050: Table 't' already exists")
	if got := explainPrimaryKeyError(other, primaryKeyRules{required: ForcePrimaryKey}); got != other {
		t.Errorf("an unrelated error was rewritten: %v", got)
	}
	if got := explainPrimaryKeyError(refused, primaryKeyRules{}); got != refused {
		t.Errorf("explained without a rule: %v", got)
	}
}
