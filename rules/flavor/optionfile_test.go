package flavor

import (
	"strings"
	"testing"
)

// flavorOf builds the flavor a test row names ("" for unknown parts).
func flavorOf(t *testing.T, vendor, series string) Flavor {
	t.Helper()
	f := Flavor{Vendor: Vendor(strings.ToLower(vendor))}
	if series != "" {
		v, err := ParseVersion(series)
		if err != nil {
			t.Fatal(err)
		}
		f.Version = v
	}
	return f
}

func TestServerOptionGroups(t *testing.T) {
	tests := []struct {
		vendor, series string
		want           string
	}{
		{"mysql", "8.0", "mysqld server mysqld-8.0"},
		{"MySQL", "5.6", "mysqld server mysqld-5.6"},
		{"percona", "5.7", "mysqld server mysqld-5.7"},
		{"mysql", "", "mysqld server"},
		// As printed by "mariadbd --help --verbose" on Debian 12's 10.11.
		{"mariadb", "10.11", "mysqld server mysqld-10.11 mariadb mariadb-10.11 mariadbd mariadbd-10.11 client-server galera"},
		{"mariadb", "10.3", "mysqld server mysqld-10.3 mariadb mariadb-10.3 client-server galera"},
		{"mariadb", "11.4", "mysqld server mysqld-11.4 mariadb mariadb-11.4 mariadbd mariadbd-11.4 client-server galera"},
		{"mariadb", "", "mysqld server mariadb mariadbd client-server galera"},
		{"", "10.11", "mysqld server mysqld-10.11 mariadb mariadb-10.11 mariadbd mariadbd-10.11 client-server galera"},
		{"", "", "mysqld server mariadb mariadbd client-server galera"},
	}
	for _, tt := range tests {
		got := strings.Join(flavorOf(t, tt.vendor, tt.series).ServerOptionGroups(), " ")
		if got != tt.want {
			t.Errorf("ServerOptionGroups(%q, %q) = %q, want %q", tt.vendor, tt.series, got, tt.want)
		}
	}
}

func TestClientOptionGroups(t *testing.T) {
	tests := []struct {
		vendor   string
		programs []string
		want     string
	}{
		{"mysql", []string{"mysql"}, "mysql client"},
		{"percona", nil, "client"},
		// As printed by "mariadb --help" and "mariadb-dump --help" on Debian 12.
		{"mariadb", []string{"mysql", "mariadb-client"}, "mysql mariadb-client client client-server client-mariadb"},
		{"mariadb", []string{"mysqldump", "mariadb-dump"}, "mysqldump mariadb-dump client client-server client-mariadb"},
		{"", []string{"Upgrade-Advisor"}, "upgrade-advisor client client-server client-mariadb"},
	}
	for _, tt := range tests {
		got := strings.Join(ClientOptionGroups(Vendor(tt.vendor), tt.programs...), " ")
		if got != tt.want {
			t.Errorf("ClientOptionGroups(%q, %q) = %q, want %q", tt.vendor, tt.programs, got, tt.want)
		}
	}
}

func TestIsServerOptionGroup(t *testing.T) {
	for _, tt := range []struct {
		group string
		want  bool
	}{
		{"mysqld", true}, {"SERVER", true}, {"mariadb", true}, {"mariadbd", true},
		{"client-server", true}, {"galera", true},
		{"mysqld-5.6", true}, {"mariadb-10.11", true}, {"mariadbd-11.4", true},
		{"mariadbd-10.3", false}, // [mariadbd-X.Y] is read from 10.4 on
		{"mysqld-8.0.36", false}, // a versioned group names a series, not a release
		{"mysqld_safe", false}, {"client", false}, {"mysql", false}, {"mysqldump", false},
	} {
		if got := IsServerOptionGroup(tt.group); got != tt.want {
			t.Errorf("IsServerOptionGroup(%q) = %v, want %v", tt.group, got, tt.want)
		}
	}
}

// TestReadsOptionGroup: what the rules and the option-file reader both ask.
// [mariadbd] came with 10.4; no server reads [client] or [mysqld_safe].
func TestReadsOptionGroup(t *testing.T) {
	mysql := func(a, b, c int) Flavor { return Flavor{Vendor: VendorMySQL, Version: V(a, b, c)} }
	mariadb := func(a, b, c int) Flavor { return Flavor{Vendor: VendorMariaDB, Version: V(a, b, c)} }
	tests := []struct {
		group string
		fl    Flavor
		want  bool
	}{
		{"mysqld", mysql(8, 0, 0), true},
		{"server", mariadb(10, 11, 0), true},
		{"mariadb", mysql(8, 0, 0), false},
		{"mariadb", mariadb(10, 11, 0), true},
		{"mysqld-8.0", mysql(8, 0, 36), true},
		{"mysqld-5.7", mysql(8, 0, 36), false},
		{"mariadb-10.11", mariadb(10, 11, 6), true},
		{"mariadb-10.11", mysql(10, 11, 6), false},
		{"mysqld-10.11", mariadb(10, 11, 6), true},
		{"mariadbd", mariadb(10, 3, 0), false},
		{"mariadbd", mariadb(10, 4, 0), true},
		{"client", mariadb(10, 11, 0), false},
		{"mysqld_safe", mysql(8, 0, 0), false},
		{" MYSQLD ", mysql(8, 0, 0), true},
	}
	for _, tt := range tests {
		if got := tt.fl.ReadsOptionGroup(tt.group); got != tt.want {
			t.Errorf("%s reads [%s] = %v, want %v", tt.fl, tt.group, got, tt.want)
		}
	}
}
