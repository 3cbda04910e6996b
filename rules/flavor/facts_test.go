package flavor

import "testing"

// TestVersionFacts: each fact at the release that brought it, the one
// before, the other vendor and an unknown vendor.
func TestVersionFacts(t *testing.T) {
	my := func(a, b, c int) Flavor { return Flavor{Vendor: VendorMySQL, Version: V(a, b, c)} }
	percona := Flavor{Vendor: VendorPercona, Version: V(8, 0, 36)}
	maria := func(a, b, c int) Flavor { return Flavor{Vendor: VendorMariaDB, Version: V(a, b, c)} }
	unknown := Flavor{Version: V(9, 7, 0)}
	facts := []struct {
		name       string
		fact       func(Flavor) bool
		has, lacks []Flavor
	}{
		{"TABLESPACE clause", Flavor.HasTablespaceClause, []Flavor{my(5, 7, 6), percona, my(9, 7, 4)}, []Flavor{my(5, 7, 5), maria(11, 8, 0), unknown}},
		{"--initialize-insecure", Flavor.InitializesItself, []Flavor{my(5, 7, 6), my(8, 0, 0)}, []Flavor{my(5, 6, 51), maria(10, 11, 0), unknown}},
		{"--validate-config", Flavor.ValidatesConfig, []Flavor{my(8, 0, 16), percona, my(9, 7, 4)}, []Flavor{my(8, 0, 15), maria(11, 8, 0), unknown}},
		{"upgrade at start", Flavor.UpgradesAtStart, []Flavor{my(8, 0, 16), my(8, 4, 0)}, []Flavor{my(8, 0, 15), maria(11, 8, 0)}},
		{"X plugin", Flavor.HasXPlugin, []Flavor{my(8, 0, 0), percona}, []Flavor{my(5, 7, 44), maria(10, 5, 0)}},
		{"variables_info", Flavor.HasVariablesInfo, []Flavor{my(8, 0, 0)}, []Flavor{my(5, 7, 44), maria(11, 8, 0)}},
		{"--auth-root-authentication-method", Flavor.HasAuthRootOption, []Flavor{maria(10, 4, 0), maria(11, 8, 9)}, []Flavor{maria(10, 3, 39), my(8, 0, 0)}},
		{"SESSION_VARIABLES_ADMIN", Flavor.HasSessionVariablesAdmin, []Flavor{my(8, 0, 14), percona, my(9, 7, 4)}, []Flavor{my(8, 0, 13), my(5, 7, 44), maria(11, 8, 9), unknown}},
		{"BINLOG MONITOR", Flavor.HasBinlogMonitor, []Flavor{maria(10, 5, 2), maria(10, 11, 19), maria(11, 8, 9)}, []Flavor{maria(10, 5, 1), maria(10, 4, 34), my(9, 7, 4), unknown}},
		{"SLAVE MONITOR", Flavor.HasSlaveMonitor, []Flavor{maria(10, 5, 9), maria(10, 5, 23), maria(11, 8, 9)}, []Flavor{maria(10, 5, 8), my(9, 7, 4), unknown}},
	}
	for _, f := range facts {
		for _, fl := range f.has {
			if !f.fact(fl) {
				t.Errorf("%s: %s should have it", f.name, fl)
			}
		}
		for _, fl := range f.lacks {
			if f.fact(fl) {
				t.Errorf("%s: %s should not have it", f.name, fl)
			}
		}
	}
}
