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
	oldMariaDB := Server{Flavor: mariadb.Flavor, HasStatsPersistent: true}
	oldMySQL := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}, HasStatsPersistent: true}
	mixed := Server{Flavor: mysql80.Flavor, FilePerTable: true, HasStatsPersistent: true}
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
		{"mysql 5.5 turns file_per_table on globally, cannot measure persistent statistics", mysql55, Permissions{SetGlobal: true},
			map[string]string{FilePerTableOn: "SET GLOBAL innodb_file_per_table=ON", StatsPersistentOn: "", BothOn: ""}},
		{"mariadb running the old settings turns them on", oldMariaDB, Permissions{SetGlobal: true},
			map[string]string{FilePerTableOn: "SET GLOBAL innodb_file_per_table=ON", StatsPersistentOn: "table clause STATS_PERSISTENT=1",
				BothOn: "SET GLOBAL innodb_file_per_table=ON + table clause STATS_PERSISTENT=1"}},
		{"mysql running the old settings turns them on by clauses, without consent", oldMySQL, Permissions{},
			map[string]string{FilePerTableOn: "TABLESPACE=innodb_file_per_table", StatsPersistentOn: "STATS_PERSISTENT=1",
				BothOn: "TABLESPACE=innodb_file_per_table STATS_PERSISTENT=1"}},
		{"one setting each way is a mixed combination", mixed, Permissions{},
			map[string]string{FilePerTableOff: "TABLESPACE=innodb_system", StatsPersistentOn: "STATS_PERSISTENT=1",
				"file_per_table_off_and_stats_persistent_on": "TABLESPACE=innodb_system STATS_PERSISTENT=1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plans := PlanVariants(tt.server, tt.perm)
			if len(plans) != 4 || plans[0].Name != Baseline || !plans[0].Measured {
				t.Fatalf("baseline must come first and be measured: %+v", plans)
			}
			for _, p := range plans[1:] {
				want, named := tt.want[p.Name]
				if !named {
					t.Errorf("unexpected variant %s (changes %v)", p.Name, p.Changes)
				}
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

func TestVariantsCarryTheirChangeAndDirection(t *testing.T) {
	tests := []struct {
		name      string
		server    Server
		direction string
		values    string
	}{
		{"server at the new defaults", Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 36)}, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}, DirectionOff, "OFF"},
		{"server at the old defaults", Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 6)}, HasStatsPersistent: true}, DirectionOn, "ON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &Result{}
			for _, p := range PlanVariants(tt.server, Permissions{SetGlobal: true}) {
				res.Variants = append(res.Variants, VariantResult{Plan: p})
			}
			if d := res.Variants[0].Direction(); d != "" || len(res.Variants[0].Changes) != 0 {
				t.Errorf("baseline changes %v (direction %q)", res.Variants[0].Changes, d)
			}
			for _, v := range res.Variants[1:] {
				if v.Direction() != tt.direction {
					t.Errorf("%s: direction %q, want %q", v.Name, v.Direction(), tt.direction)
				}
			}
			fpt, stats := res.Change(FilePerTable, tt.values), res.Change(StatsPersistent, tt.values)
			both := res.Change(FilePerTable, tt.values, StatsPersistent, tt.values)
			if fpt == nil || stats == nil || both == nil || fpt == both {
				t.Fatalf("changes not found by value: %v %v %v", fpt, stats, both)
			}
			if want := "file_per_table_" + strings.ToLower(tt.values); fpt.Name != want {
				t.Errorf("name %q, want %q", fpt.Name, want)
			}
		})
	}
}

func TestStatsPersistentOnAServerWithoutThemPointsToTheRehearsal(t *testing.T) {
	s := Server{Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 5, 42)}}
	plans := PlanVariants(s, Permissions{SetGlobal: true})
	res := &Result{}
	for _, p := range plans {
		res.Variants = append(res.Variants, VariantResult{Plan: p})
	}
	v := res.Change(StatsPersistent, "ON")
	if v == nil || v.Measured || !strings.Contains(v.Flag, "rehearse") || !strings.Contains(v.Reason, "cannot be measured here") {
		t.Errorf("want a not-measured variant pointing to the rehearsal, got %+v", v)
	}
}
