package bench

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestPlanVariants(t *testing.T) {
	mariadb := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 6)}, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}
	mysql80 := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 36)}, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}
	mysql55 := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 5, 42)}, HasStatsPersistent: false}
	tests := []struct {
		name   string
		server Server
		perm   Permissions
		// want: variant -> mechanism substring, or "" for not measured
		want map[string]string
	}{
		{"mariadb without consent measures stats by clause only", mariadb, Permissions{},
			map[string]string{FilePerTableOff: "", StatsPersistentOff: "table clause STATS_PERSISTENT=0", BothOff: ""}},
		{"mariadb with consent sets file_per_table globally", mariadb, Permissions{SetGlobal: true},
			map[string]string{FilePerTableOff: "SET GLOBAL innodb_file_per_table=OFF", StatsPersistentOff: "STATS_PERSISTENT=0", BothOff: "SET GLOBAL innodb_file_per_table=OFF + table clause STATS_PERSISTENT=0"}},
		{"mysql 8.0 uses the system tablespace clause without consent", mysql80, Permissions{},
			map[string]string{FilePerTableOff: "TABLESPACE=innodb_system", StatsPersistentOff: "STATS_PERSISTENT=0", BothOff: "TABLESPACE=innodb_system STATS_PERSISTENT=0"}},
		{"mysql 5.5 already has both off", mysql55, Permissions{SetGlobal: true},
			map[string]string{FilePerTableOff: "", StatsPersistentOff: "", BothOff: ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plans := PlanVariants(tt.server, tt.perm)
			if len(plans) != 4 || plans[0].Name != Baseline || !plans[0].Measured {
				t.Fatalf("baseline must come first and be measured: %+v", plans)
			}
			for _, p := range plans[1:] {
				want := tt.want[p.Name]
				if want == "" {
					if p.Measured || p.Reason == "" {
						t.Errorf("%s: want not measured with a reason, got %+v", p.Name, p)
					}
					continue
				}
				if !p.Measured || !strings.Contains(p.Mechanism(), want) {
					t.Errorf("%s: mechanism %q, want it to contain %q", p.Name, p.Mechanism(), want)
				}
			}
		})
	}
}

func TestNotMeasuredNamesTheFlag(t *testing.T) {
	s := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 0)}, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}
	for _, p := range PlanVariants(s, Permissions{}) {
		if !p.Measured && !strings.Contains(p.Flag, "--allow-set-global") {
			t.Errorf("%s: flag %q does not name --allow-set-global", p.Name, p.Flag)
		}
	}
}
