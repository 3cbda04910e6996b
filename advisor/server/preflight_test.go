package server

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

func TestReadOnlyVariableNamesTheMostSpecificSetting(t *testing.T) {
	on, off := rules.Setting{Value: "ON"}, rules.Setting{Value: "OFF"}
	tests := []struct {
		name string
		vars map[string]rules.Setting
		want string // prefix of the named setting, "" for writable
	}{
		{"writable", map[string]rules.Setting{"read_only": off, "super_read_only": off}, ""},
		{"read_only alone", map[string]rules.Setting{"read_only": on, "super_read_only": off}, "read_only=ON"},
		// MySQL turns read_only on with super_read_only: the cause is super_read_only.
		{"super_read_only", map[string]rules.Setting{"read_only": on, "super_read_only": on}, "super_read_only=ON"},
		{"innodb_read_only", map[string]rules.Setting{"read_only": off, "innodb_read_only": on}, "innodb_read_only=ON"},
		{"MariaDB has no super_read_only", map[string]rules.Setting{"read_only": {Value: "1"}}, "read_only=ON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, refused := readOnlyVariable(tt.vars)
			if refused != (tt.want != "") || !strings.HasPrefix(got, tt.want) {
				t.Errorf("readOnlyVariable = %q, %v; want prefix %q", got, refused, tt.want)
			}
		})
	}
}
