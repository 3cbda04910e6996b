package report

import (
	"strings"
	"testing"
)

func TestServerSummaryNamesTheBuildNotTheComment(t *testing.T) {
	tests := []struct {
		name            string
		flavor, version string
		versionString   string
		comment         string
		want            string
	}{
		{"MySQL 9.7 from Debian", "mysql", "9.7.4", "9.7.4-2", "(Debian)", "MySQL 9.7.4 (Debian build 9.7.4-2)"},
		{"MariaDB 11.8 asks for stars", "mariadb", "11.8.9", "11.8.9-MariaDB-0+deb13u1 from Debian",
			"-- Please help get to 10k stars at https://github.com/MariaDB/Server", "MariaDB 11.8.9 (Debian build 11.8.9-MariaDB-0+deb13u1)"},
		{"MariaDB 10.11 from Debian 12", "mariadb", "10.11.19", "10.11.19-MariaDB-0+deb12u1", "Debian 12", "MariaDB 10.11.19 (Debian build 10.11.19-MariaDB-0+deb12u1)"},
		{"Oracle's tarball", "mysql", "8.0.36", "8.0.36", "MySQL Community Server - GPL", "MySQL 8.0.36 (Oracle build)"},
		{"unknown packager", "mysql", "8.4.3", "8.4.3-custom", "built here", "MySQL 8.4.3 (build 8.4.3-custom)"},
		{"bare", "mysql", "8.4.3", "8.4.3", "", "MySQL 8.4.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serverSummary(ServerInfo{Flavor: tt.flavor, Version: tt.version, VersionString: tt.versionString, VersionComment: tt.comment})
			if got != tt.want {
				t.Errorf("serverSummary = %q, want %q", got, tt.want)
			}
			if strings.Contains(got, "stars") || strings.Contains(got, "; (") {
				t.Errorf("quotes the version comment: %q", got)
			}
		})
	}
}

func TestOriginTextCarriesFileAndNote(t *testing.T) {
	tests := []struct {
		s    SettingInfo
		want string
	}{
		{SettingInfo{Origin: "compiled"}, "compiled"},
		{SettingInfo{Origin: "persisted", File: "/var/lib/mysql/mysqld-auto.cnf"}, "persisted (/var/lib/mysql/mysqld-auto.cnf)"},
		{SettingInfo{Origin: "config", File: "/etc/my.cnf", Note: "set back"}, "config (/etc/my.cnf; set back)"},
	}
	for _, tt := range tests {
		if got := tt.s.OriginText(); got != tt.want {
			t.Errorf("OriginText = %q, want %q", got, tt.want)
		}
	}
}
