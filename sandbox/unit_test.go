package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestParseVersionOutput(t *testing.T) {
	cases := []struct {
		out     string
		vendor  flavor.Vendor
		version flavor.Version
		raw     string
	}{
		{"mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)\n", flavor.VendorMySQL, flavor.V(8, 0, 36), "8.0.36"},
		{"mysqld  Ver 5.6.22 for linux-glibc2.5 on x86_64 (MySQL Community Server (GPL))\n", flavor.VendorMySQL, flavor.V(5, 6, 22), "5.6.22"},
		{"/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)\n", flavor.VendorMariaDB, flavor.V(10, 11, 19), "10.11.19-MariaDB-0+deb12u1"},
		{"/usr/sbin/mysqld  Ver 10.3.39-MariaDB-0+deb10u1 for debian-linux-gnu on x86_64 (Debian 10)", flavor.VendorMariaDB, flavor.V(10, 3, 39), "10.3.39-MariaDB-0+deb10u1"},
		{"/usr/sbin/mysqld  Ver 8.0.36-0ubuntu0.22.04.1 for Linux on x86_64 ((Ubuntu))", flavor.VendorMySQL, flavor.V(8, 0, 36), "8.0.36-0ubuntu0.22.04.1"},
		{"/usr/sbin/mysqld  Ver 8.0.35-27 for Linux on x86_64 (Percona Server (GPL), Release '27', Revision '2f8eeab2'$)", flavor.VendorPercona, flavor.V(8, 0, 35), "8.0.35-27"},
		// A warning line before the version, and a path containing "mariadb"
		// that must not decide the flavor.
		{"2024-01-01T00:00:00Z 0 [Warning] something\n/opt/mariadb-vs-mysql/bin/mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))", flavor.VendorMySQL, flavor.V(5, 7, 44), "5.7.44"},
	}
	for _, c := range cases {
		f, err := ParseVersionOutput(c.out)
		if err != nil {
			t.Errorf("ParseVersionOutput(%q): %v", c.out, err)
			continue
		}
		if f.Vendor != c.vendor || f.Version != c.version || f.Raw != c.raw {
			t.Errorf("ParseVersionOutput(%q) = %s %v %q, want %s %v %q", c.out, f.Vendor, f.Version, f.Raw, c.vendor, c.version, c.raw)
		}
	}
	for _, bad := range []string{"", "mysqld: unknown option '--version'", "Ver x.y"} {
		if _, err := ParseVersionOutput(bad); err == nil {
			t.Errorf("ParseVersionOutput(%q): want an error", bad)
		}
	}
}

func TestChooseInit(t *testing.T) {
	cases := []struct {
		f    flavor.Vendor
		v    flavor.Version
		want InitMethod
	}{
		{flavor.VendorMariaDB, flavor.V(10, 11, 19), InitMariaDBInstallDB},
		{flavor.VendorMariaDB, flavor.V(10, 3, 39), InitMariaDBInstallDB},
		{flavor.VendorMariaDB, flavor.V(5, 5, 68), InitMariaDBInstallDB},
		{flavor.VendorMySQL, flavor.V(8, 4, 0), InitMySQLInitializeInsecure},
		{flavor.VendorMySQL, flavor.V(8, 0, 36), InitMySQLInitializeInsecure},
		{flavor.VendorMySQL, flavor.V(5, 7, 44), InitMySQLInitializeInsecure},
		{flavor.VendorMySQL, flavor.V(5, 7, 6), InitMySQLInitializeInsecure},
		{flavor.VendorMySQL, flavor.V(5, 7, 5), InitMySQLInstallDB},
		{flavor.VendorMySQL, flavor.V(5, 6, 22), InitMySQLInstallDB},
		{flavor.VendorMySQL, flavor.V(5, 5, 42), InitMySQLInstallDB},
		{flavor.VendorPercona, flavor.V(8, 0, 35), InitMySQLInitializeInsecure},
		{flavor.VendorPercona, flavor.V(5, 6, 51), InitMySQLInstallDB},
	}
	for _, c := range cases {
		got, err := ChooseInit(flavor.Flavor{Vendor: c.f, Version: c.v})
		if err != nil || got != c.want {
			t.Errorf("ChooseInit(%s, %v) = %v, %v; want %v", c.f, c.v, got, err, c.want)
		}
	}
	if _, err := ChooseInit(flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 0, 96)}); err == nil {
		t.Error("ChooseInit(mysql 5.0): want an error")
	}
	if _, err := ChooseInit(flavor.Flavor{Vendor: "oracle", Version: flavor.V(8, 0, 0)}); err == nil {
		t.Error("ChooseInit(unknown flavor): want an error")
	}
}

func TestInitCommand(t *testing.T) {
	extra := []string{"--innodb_file_per_table=0"}
	cases := []struct {
		name     string
		b        Binary
		m        InitMethod
		feat     installDBFeatures
		wantPath string
		want     []string
	}{
		{
			name: "mariadb installed, root",
			b:    Binary{Path: "/usr/sbin/mariadbd", InstallDB: "/usr/bin/mariadb-install-db", Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}},
			m:    InitMariaDBInstallDB, feat: installDBFeatures{authRootMethod: true, skipTestDB: true},
			wantPath: "/usr/bin/mariadb-install-db",
			want:     []string{"--no-defaults", "--datadir=/sb/data", "--tmpdir=/sb/tmp", "--auth-root-authentication-method=normal", "--skip-test-db", "--secure-file-priv=/sb/files", "--innodb_file_per_table=0"},
		},
		{
			name:     "mariadb 10.3 tarball, not root",
			b:        Binary{Path: "/opt/m/bin/mysqld", InstallDB: "/opt/m/scripts/mysql_install_db", Basedir: "/opt/m", Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 3, 39)}},
			m:        InitMariaDBInstallDB,
			wantPath: "/opt/m/scripts/mysql_install_db",
			want:     []string{"--no-defaults", "--basedir=/opt/m", "--datadir=/sb/data", "--tmpdir=/sb/tmp", "--secure-file-priv=/sb/files", "--innodb_file_per_table=0"},
		},
		{
			name:     "mysql 8.0 tarball, root",
			b:        Binary{Path: "/opt/my8/bin/mysqld", Basedir: "/opt/my8", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 36)}},
			m:        InitMySQLInitializeInsecure,
			wantPath: "/opt/my8/bin/mysqld",
			want:     []string{"--no-defaults", "--initialize-insecure", "--basedir=/opt/my8", "--datadir=/sb/data", "--tmpdir=/sb/tmp", "--secure-file-priv=/sb/files", "--innodb_file_per_table=0"},
		},
		{
			name: "mysql 5.6 tarball",
			b:    Binary{Path: "/opt/my56/bin/mysqld", InstallDB: "/opt/my56/scripts/mysql_install_db", Basedir: "/opt/my56", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 6, 22)}},
			m:    InitMySQLInstallDB, feat: installDBFeatures{authRootMethod: true, skipTestDB: true}, // ignored for MySQL
			wantPath: "/opt/my56/scripts/mysql_install_db",
			want:     []string{"--no-defaults", "--basedir=/opt/my56", "--datadir=/sb/data", "--tmpdir=/sb/tmp", "--secure-file-priv=/sb/files", "--innodb_file_per_table=0"},
		},
	}
	for _, c := range cases {
		path, args, err := initCommand(&c.b, c.m, "/sb", c.feat, extra)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if path != c.wantPath || !reflect.DeepEqual(args, c.want) {
			t.Errorf("%s:\n got %s %q\nwant %s %q", c.name, path, args, c.wantPath, c.want)
		}
	}
	_, _, err := initCommand(&Binary{Path: "/opt/my56/bin/mysqld", Basedir: "/opt/my56", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(5, 6, 22)}},
		InitMySQLInstallDB, "/sb", installDBFeatures{}, nil)
	if err == nil || !strings.Contains(err.Error(), "mysql_install_db") {
		t.Errorf("missing install script: got %v, want an error naming mysql_install_db", err)
	}
}

func TestServerArgs(t *testing.T) {
	maria := &Binary{Path: "/usr/sbin/mariadbd", Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}}
	got := serverArgs(maria, "/tmp/sb", 0, false, false, []string{"--innodb_stats_persistent=0"})
	contained := []string{"--tmpdir=/tmp/sb/tmp", "--general-log-file=/tmp/sb/general.log", "--slow-query-log-file=/tmp/sb/slow.log",
		"--plugin-dir=/tmp/sb/plugin", "--event-scheduler=OFF"}
	want := append(append([]string{"--no-defaults", "--datadir=/tmp/sb/data", "--socket=/tmp/sb/mysql.sock", "--pid-file=/tmp/sb/mysqld.pid",
		"--log-error=/tmp/sb/error.log"}, contained...), "--skip-networking", "--secure-file-priv=/tmp/sb/files", "--innodb_stats_persistent=0")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mariadb args:\n got %q\nwant %q", got, want)
	}
	my8 := &Binary{Path: "/opt/my8/bin/mysqld", Basedir: "/opt/my8", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 0, 36)}}
	got = serverArgs(my8, "/tmp/sb", 13306, false, false, nil)
	want = append(append([]string{"--no-defaults", "--basedir=/opt/my8", "--datadir=/tmp/sb/data", "--socket=/tmp/sb/mysql.sock", "--pid-file=/tmp/sb/mysqld.pid",
		"--log-error=/tmp/sb/error.log"}, contained...), "--port=13306", "--bind-address=127.0.0.1", "--loose-mysqlx=OFF", "--secure-file-priv=/tmp/sb/files")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mysql 8 args:\n got %q\nwant %q", got, want)
	}
}

// A quick sandbox gets the options that speed up its start, MySQL's own
// ones only on MySQL, and the caller's options still come last (they win).
func TestQuickServerArgs(t *testing.T) {
	maria := &Binary{Path: "/usr/sbin/mariadbd", Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}}
	my := &Binary{Path: "/opt/my/bin/mysqld", Basedir: "/opt/my", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}}
	cases := []struct {
		name      string
		bin       *Binary
		quick     bool
		has, hasn []string
	}{
		{"mysql quick", my, true, []string{"--innodb-flush-log-at-trx-commit=2", "--loose-innodb-flush-method=fsync", "--performance-schema=OFF", "--innodb-rollback-segments=1"}, nil},
		{"mariadb quick", maria, true, []string{"--innodb-flush-log-at-trx-commit=2", "--innodb-doublewrite=OFF"}, []string{"--performance-schema=OFF", "--innodb-rollback-segments=1"}},
		{"mysql measured", my, false, nil, []string{"--innodb-flush-log-at-trx-commit=2", "--performance-schema=OFF", "--loose-innodb-flush-method=fsync"}},
	}
	for _, c := range cases {
		got := serverArgs(c.bin, "/tmp/sb", 0, false, c.quick, []string{"--innodb-flush-log-at-trx-commit=1"})
		for _, a := range c.has {
			if !slices.Contains(got, a) {
				t.Errorf("%s: %q lacks %s", c.name, got, a)
			}
		}
		for _, a := range c.hasn {
			if slices.Contains(got, a) {
				t.Errorf("%s: %q has %s", c.name, got, a)
			}
		}
		if got[len(got)-1] != "--innodb-flush-log-at-trx-commit=1" {
			t.Errorf("%s: the caller's option is not last: %q", c.name, got)
		}
	}
}

func TestValidateServerOption(t *testing.T) {
	good := map[string]string{
		"innodb_file_per_table=0":                   "--innodb_file_per_table=0",
		"innodb-stats-persistent=OFF":               "--innodb-stats-persistent=OFF",
		"--innodb_buffer_pool_size=1G":              "--innodb_buffer_pool_size=1G",
		"skip-name-resolve":                         "--skip-name-resolve",
		"sql_mode=STRICT_TRANS_TABLES,NO_ZERO_DATE": "--sql_mode=STRICT_TRANS_TABLES,NO_ZERO_DATE",
		"init_connect=SET NAMES utf8mb4":            "--init_connect=SET NAMES utf8mb4",
	}
	for in, want := range good {
		got, err := ValidateServerOption(in)
		if err != nil || got != want {
			t.Errorf("ValidateServerOption(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := []string{
		"", "=1", "---x=1", "-x=1", "innodb file per table=0", "innodb_file_per_table=0\nuser=mysql",
		"a=b\x00", "key;rm=1", "datadir=/var/lib/mysql", "socket=/tmp/x", "PORT=3306", "bind_address=0.0.0.0",
		"skip_networking", "loose-datadir=/x", "user=mysql", "defaults-file=/etc/my.cnf", "no-defaults",
		"skip-log-error", "skip-grant-tables", "plugin_dir=/tmp", "general_log_file=/tmp/x", "tmpdir=/tmp", "log_error=/tmp/e", "pid_file=/x", "basedir=/x",
	}
	for _, in := range bad {
		if got, err := ValidateServerOption(in); err == nil {
			t.Errorf("ValidateServerOption(%q) = %q; want an error", in, got)
		}
	}
}

func TestOptionsNormalize(t *testing.T) {
	o, args, err := Options{ServerOptions: []string{"innodb_file_per_table=0"}}.normalize()
	if err != nil {
		t.Fatal(err)
	}
	if o.StartTimeout != DefaultStartTimeout || o.Dir == "" || !filepath.IsAbs(o.Dir) || len(args) != 1 {
		t.Errorf("defaults not applied: %+v %q", o, args)
	}
	for _, bad := range []Options{
		{Port: 3306},
		{Networking: true, Port: 70000},
		{StartTimeout: -time.Second},
		{ServerOptions: []string{"datadir=/x"}},
	} {
		if _, _, err := bad.normalize(); err == nil {
			t.Errorf("normalize(%+v): want an error", bad)
		}
	}
}

func TestSocketPathLimit(t *testing.T) {
	long := "/" + strings.Repeat("d", 80)
	_, err := Start(t.Context(), Options{Dir: long})
	if err == nil || !strings.Contains(err.Error(), "107") {
		t.Fatalf("Start with a long Dir: got %v, want the 107-byte socket limit error", err)
	}
	if _, statErr := os.Stat(long); statErr == nil {
		t.Errorf("%s was created", long)
	}
	if err := checkSocketPath("/tmp/upgrade-advisor-sandbox-0123456789/mysql.sock"); err != nil {
		t.Errorf("short path refused: %v", err)
	}
}

func TestLogExcerpt(t *testing.T) {
	p := filepath.Join(t.TempDir(), "install.log")
	lines := []string{"Installing MariaDB/MySQL system tables ...", "2026-01-01 0 [ERROR] /usr/sbin/mariadbd: unknown variable 'innodb_no_such_option=1'", "2026-01-01 0 [ERROR] Aborting"}
	for i := range 30 {
		lines = append(lines, "help text "+string(rune('a'+i%26)))
	}
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ex := logExcerptFrom(p, 0, 5)
	if !strings.Contains(ex, "unknown variable") || !strings.Contains(ex, lines[len(lines)-1]) {
		t.Errorf("excerpt lacks the [ERROR] line or the tail:\n%s", ex)
	}
	win := errorWindow(p, 4)
	if !strings.HasPrefix(win, lines[1]) || !strings.HasSuffix(win, "(28 more lines)") {
		t.Errorf("errorWindow:\n%s", win)
	}
	if got := logTail(p, 2); got != strings.Join(lines[len(lines)-2:], "\n") {
		t.Errorf("logTail = %q", got)
	}
	if got := logExcerptFrom(p, fileSize(p), 5); got != "(nothing logged)" {
		t.Errorf("excerpt from the end = %q", got)
	}
}

func TestMetadataRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), dirPrefix+"1")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	m := Metadata{PID: 999999999, Socket: dir + "/mysql.sock", Datadir: dir + "/data", Binary: "/usr/sbin/mariadbd",
		Flavor: flavor.VendorMariaDB, Version: "10.11.19-MariaDB", Args: []string{"--no-defaults"}, Created: time.Now().UTC().Round(time.Second)}
	if err := writeMetadata(dir, m); err != nil {
		t.Fatal(err)
	}
	got, err := readMetadata(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, m)
	}
	// The pid does not exist: Load works, Open says it is not running.
	s, err := Load(dir)
	if err != nil || s.Running() {
		t.Fatalf("Load: %v, running=%v", err, s != nil && s.Running())
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), ErrNotRunning.Error()) {
		t.Errorf("Open of a dead sandbox: %v", err)
	}
	// Our own pid is alive but is not a server on that datadir.
	m.PID = os.Getpid()
	if err := writeMetadata(dir, m); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil {
		t.Error("Open accepted a pid that is not a mysqld on the datadir")
	}
	list, err := List(filepath.Dir(dir))
	if err != nil || len(list) != 1 || list[0].Dir() != dir {
		t.Errorf("List = %v, %v", list, err)
	}
	if _, err := Load(t.TempDir()); err == nil {
		t.Error("Load of a directory without sandbox.json: want an error")
	}
	if err := s.Remove(); err != nil {
		t.Errorf("Remove of a dead sandbox: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s still exists after Remove", dir)
	}
}

// TestSessionPrivileges: the application account's global rights per
// flavor, as the real servers name them, and never one that reaches
// beyond the session.
func TestSessionPrivileges(t *testing.T) {
	my := func(a, b, c int) flavor.Flavor {
		return flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(a, b, c)}
	}
	maria := func(a, b, c int) flavor.Flavor {
		return flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(a, b, c)}
	}
	cases := []struct {
		f    flavor.Flavor
		want []string
	}{
		{my(9, 7, 4), []string{"REPLICATION CLIENT", "SESSION_VARIABLES_ADMIN"}},
		{my(8, 0, 14), []string{"REPLICATION CLIENT", "SESSION_VARIABLES_ADMIN"}},
		{my(8, 0, 13), []string{"REPLICATION CLIENT"}},
		{flavor.Flavor{Vendor: flavor.VendorPercona, Version: flavor.V(8, 0, 36)}, []string{"REPLICATION CLIENT", "SESSION_VARIABLES_ADMIN"}},
		{maria(11, 8, 9), []string{"BINLOG MONITOR", "SLAVE MONITOR"}},
		{maria(10, 5, 9), []string{"BINLOG MONITOR", "SLAVE MONITOR"}},
		{maria(10, 5, 8), []string{"BINLOG MONITOR"}},
		{maria(10, 4, 34), []string{"REPLICATION CLIENT"}},
		{flavor.Flavor{Version: flavor.V(9, 7, 0)}, nil},
	}
	for _, c := range cases {
		got := sessionPrivileges(c.f)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.f, got, c.want)
		}
		for _, p := range got {
			if slices.Contains([]string{"SUPER", "FILE", "SYSTEM_VARIABLES_ADMIN", "BINLOG ADMIN", "PROCESS", "CREATE USER"}, p) {
				t.Errorf("%s: %s reaches beyond the session", c.f, p)
			}
		}
	}
}
