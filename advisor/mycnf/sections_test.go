package mycnf

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// flavorOf builds the flavor a test row names ("" for unknown parts).
func flavorOf(t *testing.T, vendor, series string) flavor.Flavor {
	t.Helper()
	f := flavor.Flavor{Vendor: flavor.Vendor(strings.ToLower(vendor))}
	if series != "" {
		v, err := flavor.ParseVersion(series)
		if err != nil {
			t.Fatal(err)
		}
		f.Version = v
	}
	return f
}

func TestServerSections(t *testing.T) {
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
		got := strings.Join(ServerSections(flavorOf(t, tt.vendor, tt.series)), " ")
		if got != tt.want {
			t.Errorf("ServerSections(%q, %q) = %q, want %q", tt.vendor, tt.series, got, tt.want)
		}
	}
}

func TestClientSections(t *testing.T) {
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
		got := strings.Join(ClientSections(flavor.Vendor(tt.vendor), tt.programs...), " ")
		if got != tt.want {
			t.Errorf("ClientSections(%q, %q) = %q, want %q", tt.vendor, tt.programs, got, tt.want)
		}
	}
}

func TestIsServerSection(t *testing.T) {
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
		if got := IsServerSection(tt.group); got != tt.want {
			t.Errorf("IsServerSection(%q) = %v, want %v", tt.group, got, tt.want)
		}
	}
}
