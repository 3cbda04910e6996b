package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func accountsSnapshot(server flavor.Flavor, target *flavor.Flavor, show bool, byPlugin map[string][]string) Snapshot {
	return Snapshot{Flavor: server, Target: target, Accounts: &Accounts{ByPlugin: byPlugin, ShowNames: show, Locked: 3}}
}

func findingsWithID(fs []Finding, id string) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.ID == id {
			out = append(out, f)
		}
	}
	return out
}

func TestAccountPluginsTheTargetCannotLoad(t *testing.T) {
	mysql80 := flMySQL(8, 0, 40)
	native := map[string][]string{
		"mysql_native_password": {"'app'@'%'", "'report'@'10.0.0.%'"},
		"caching_sha2_password": {"'root'@'localhost'"},
	}
	on := []ConfigOption{cnfOpt("mysql_native_password", "ON", 12)}
	tests := []struct {
		name     string
		server   flavor.Flavor
		target   *flavor.Flavor
		config   []ConfigOption
		accounts map[string][]string
		wantSev  []Severity // of the account-plugin-unloadable findings
		wantText string     // in the first such finding's title or detail
	}{
		{"no target", mysql80, nil, nil, native, nil, ""},
		{"8.0 to 8.0", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 41)}, nil, native, nil, ""},
		{"8.0 to 8.4", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 4, 0)}, nil, native, []Severity{Critical},
			"2 account(s) cannot log in on MySQL 8.4: they use mysql_native_password"},
		{"8.0 to 8.4 with mysql_native_password=ON", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 4, 0)}, on, native, []Severity{Warning},
			"only postpones"},
		{"8.0 to 8.4, mysql_native_password=ON then skip-mysql-native-password", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 4, 0)},
			append(on, cnfOpt("skip-mysql-native-password", "", 13)), native, []Severity{Critical},
			"2 account(s) cannot log in on MySQL 8.4: they use mysql_native_password"},
		{"8.0 to 9.7", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}, nil, native, []Severity{Critical},
			"cannot load mysql_native_password at all (removed in MySQL 9.0.0"},
		{"8.0 to 9.7, all caching_sha2", mysql80, &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}, nil,
			map[string][]string{"caching_sha2_password": {"'root'@'localhost'"}}, nil, ""},
		{"MariaDB to MySQL 9.7", flMariaDB(10, 11, 19), &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}, nil,
			map[string][]string{"mysql_native_password": {"'app'@'%'"}, "unix_socket": {"'root'@'localhost'"}}, []Severity{Critical, Critical}, ""},
		{"MariaDB to MariaDB 11.8", flMariaDB(10, 11, 19), &flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 0)}, nil,
			map[string][]string{"mysql_native_password": {"'app'@'%'"}, "unix_socket": {"'root'@'localhost'"}}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := accountsSnapshot(tt.server, tt.target, false, tt.accounts)
			s.Config = tt.config
			fs := Evaluate(s)
			if len(findingsWithID(fs, ruleAccountPlugins)) != 1 {
				t.Errorf("no count of the accounts: %v", ddlTestIDs(fs))
			}
			got := findingsWithID(fs, findingPluginUnloadable)
			if len(got) != len(tt.wantSev) {
				t.Fatalf("unloadable findings %d, want %d: %+v", len(got), len(tt.wantSev), got)
			}
			for i, f := range got {
				if f.Severity != tt.wantSev[i] || len(f.Recommendation.SQL) == 0 {
					t.Errorf("finding %d: %s %q, SQL %q", i, f.Severity, f.Title, f.Recommendation.SQL)
				}
			}
			if tt.wantText != "" && !strings.Contains(got[0].Title+" "+got[0].Detail, tt.wantText) {
				t.Errorf("finding says %q / %q, want %q", got[0].Title, got[0].Detail, tt.wantText)
			}
			// The generic rule gives way to the one that counted the accounts.
			if len(findingsWithID(fs, ruleNativePasswordRemoved)) != 0 {
				t.Errorf("%s repeats the accounts finding", ruleNativePasswordRemoved)
			}
		})
	}
}

func TestAccountNamesOnlyWithShowAccounts(t *testing.T) {
	native := map[string][]string{"mysql_native_password": {"'app'@'%'", "'o''brien'@'localhost'"}}
	target := &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}
	for _, show := range []bool{false, true} {
		fs := Evaluate(accountsSnapshot(flMySQL(8, 0, 40), target, show, native))
		f := findingsWithID(fs, findingPluginUnloadable)[0]
		text := f.Title + f.Detail + strings.Join(f.Recommendation.SQL, "\n") + findingsWithID(fs, ruleAccountPlugins)[0].Title
		if named := strings.Contains(text, "'app'@'%'"); named != show {
			t.Errorf("show %v: names given %v:\n%s", show, named, text)
		}
		want := "ALTER USER 'user'@'host' IDENTIFIED WITH caching_sha2_password"
		if show {
			want = "ALTER USER 'o''brien'@'localhost' IDENTIFIED WITH caching_sha2_password BY 'new password';"
		}
		if !strings.Contains(strings.Join(f.Recommendation.SQL, "\n"), want) {
			t.Errorf("show %v: SQL %q lacks %q", show, f.Recommendation.SQL, want)
		}
	}
}

func TestUnreadableAccountsSayWhy(t *testing.T) {
	target := &flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 0)}
	s := Snapshot{Flavor: flMySQL(8, 0, 40), Target: target, Accounts: &Accounts{Unreadable: "SELECT command denied to user 'ro'@'localhost' for table 'user'"}}
	fs := Evaluate(s)
	u := findingsWithID(fs, findingAccountsUnreadable)
	if len(u) != 1 || !strings.Contains(u[0].Detail, "SELECT command denied") || !strings.Contains(u[0].Detail, "SELECT ON mysql.user") {
		t.Fatalf("unreadable finding %+v", u)
	}
	// Without the accounts the generic warning still says what to check.
	if len(findingsWithID(fs, ruleNativePasswordRemoved)) != 1 {
		t.Errorf("no %s finding: %v", ruleNativePasswordRemoved, ddlTestIDs(fs))
	}
}
