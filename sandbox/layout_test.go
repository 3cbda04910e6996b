package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// fakePackageRoot lays out files as an unpacked Debian package root has them.
func fakePackageRoot(t *testing.T, server, share string, loader bool) string {
	t.Helper()
	root := t.TempDir()
	files := []string{"usr/sbin/" + server, "usr/share/" + share + "/english/errmsg.sys", "usr/share/" + share + "/charsets/Index.xml"}
	if loader {
		files = append(files, "usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2")
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestDescribeLayout(t *testing.T) {
	my := fakePackageRoot(t, "mysqld", "mysql", true)
	maria := fakePackageRoot(t, "mariadbd", "mariadb", false)
	lib := filepath.Join(my, "usr/lib/x86_64-linux-gnu")
	type layoutCase struct {
		name                             string
		b                                Binary
		layout                           Layout
		loader, libDir, share, serverDir string
	}
	cases := []layoutCase{
		{name: "installed", b: Binary{Path: "/usr/sbin/mariadbd"}, layout: LayoutInstalled},
		{name: "tarball", b: Binary{Path: "/opt/m/bin/mysqld", Basedir: "/opt/m"}, layout: LayoutTarball, serverDir: "/opt/m"},
		{name: "package root with loader", b: Binary{Path: filepath.Join(my, "usr/sbin/mysqld"), Basedir: my}, layout: LayoutPackageRoot,
			loader: filepath.Join(lib, "ld-linux-x86-64.so.2"), libDir: lib, share: filepath.Join(my, "usr/share/mysql"), serverDir: filepath.Join(my, "usr")},
		{name: "package root without loader", b: Binary{Path: filepath.Join(maria, "usr/sbin/mariadbd"), Basedir: maria}, layout: LayoutPackageRoot,
			share: filepath.Join(maria, "usr/share/mariadb"), serverDir: filepath.Join(maria, "usr")},
	}
	// Debian 11 is not merged-/usr: loader and libc in lib/, the rest in usr/lib/.
	old := fakePackageRoot(t, "mariadbd", "mysql", false)
	oldLib, oldUsrLib := filepath.Join(old, "lib/x86_64-linux-gnu"), filepath.Join(old, "usr/lib/x86_64-linux-gnu")
	for _, d := range []string{oldLib, oldUsrLib} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(oldLib, "ld-linux-x86-64.so.2"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, layoutCase{name: "package root not merged-/usr", b: Binary{Path: filepath.Join(old, "usr/sbin/mariadbd"), Basedir: old}, layout: LayoutPackageRoot,
		loader: filepath.Join(oldLib, "ld-linux-x86-64.so.2"), libDir: oldLib + ":" + oldUsrLib,
		share: filepath.Join(old, "usr/share/mysql"), serverDir: filepath.Join(old, "usr")})
	for _, c := range cases {
		b := c.b
		b.describeLayout()
		got := []any{b.Layout, b.Loader, b.LibraryDir, b.ShareDir, b.ServerDir()}
		want := []any{c.layout, c.loader, c.libDir, c.share, c.serverDir}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want %v", c.name, got, want)
		}
	}
	if p, err := FindServer(my); err != nil || p != filepath.Join(my, "usr/sbin/mysqld") {
		t.Errorf("FindServer(package root) = %s, %v", p, err)
	}
	if _, err := FindServer(t.TempDir()); err == nil || !strings.Contains(err.Error(), "--basedir") || !strings.Contains(err.Error(), "usr/sbin/mysqld") {
		t.Errorf("FindServer(empty dir) error %v should name --basedir and the layouts looked for", err)
	}
}

// Through a loader, --no-defaults is still the server's first option and
// the package's paths are given; mariadb-install-db gets the launchers.
func TestInitCommandPackageRoot(t *testing.T) {
	my := &Binary{Path: "/r/usr/sbin/mysqld", Basedir: "/r", Layout: LayoutPackageRoot, Loader: "/r/lib/ld.so", LibraryDir: "/r/lib",
		ShareDir: "/r/usr/share/mysql", Flavor: flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}}
	path, args, err := initCommand(my, InitMySQLInitializeInsecure, "/sb", installDBFeatures{}, []string{"--innodb_page_size=8192"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--library-path", "/r/lib", "/r/usr/sbin/mysqld", "--no-defaults", "--initialize-insecure", "--basedir=/r/usr",
		"--datadir=/sb/data", "--tmpdir=/sb/tmp", "--lc-messages-dir=/r/usr/share/mysql", "--secure-file-priv=/sb/files", "--innodb_page_size=8192"}
	if path != "/r/lib/ld.so" || !reflect.DeepEqual(args, want) {
		t.Errorf("mysql package root:\n got %s %q\nwant /r/lib/ld.so %q", path, args, want)
	}
	maria := &Binary{Path: "/m/usr/sbin/mariadbd", InstallDB: "/m/usr/bin/mariadb-install-db", Basedir: "/m", Layout: LayoutPackageRoot,
		Loader: "/m/lib/ld.so", LibraryDir: "/m/lib", Flavor: flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}}
	path, args, err = initCommand(maria, InitMariaDBInstallDB, "/sb", installDBFeatures{authRootMethod: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"--no-defaults", "--basedir=/sb/launch", "--datadir=/sb/data", "--tmpdir=/sb/tmp", "--auth-root-authentication-method=normal", "--secure-file-priv=/sb/files"}
	if path != "/m/usr/bin/mariadb-install-db" || !reflect.DeepEqual(args, want) {
		t.Errorf("mariadb package root:\n got %s %q\nwant /m/usr/bin/mariadb-install-db %q", path, args, want)
	}
}

func TestWriteLaunchers(t *testing.T) {
	dir := t.TempDir()
	b := &Binary{Path: "/m/usr/sbin/mariadbd", Basedir: "/m", Loader: "/m/it's/ld.so", LibraryDir: "/m/lib"}
	if err := writeLaunchers(b, dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "launch/sbin/mariadbd"))
	if err != nil {
		t.Fatal(err)
	}
	want := "#!/bin/sh\nexec '/m/it'\\''s/ld.so' --library-path '/m/lib' '/m/usr/sbin/mariadbd' \"$@\"\n"
	if string(data) != want {
		t.Errorf("launcher:\n got %q\nwant %q", data, want)
	}
	for _, f := range []string{"bin/my_print_defaults", "bin/resolveip", "sbin/mysqld"} {
		if fi, err := os.Stat(filepath.Join(dir, "launch", f)); err != nil || fi.Mode().Perm()&0o100 == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if target, err := os.Readlink(filepath.Join(dir, "launch/share")); err != nil || target != "/m/usr/share" {
		t.Errorf("launch/share -> %s (%v), want /m/usr/share", target, err)
	}
}

func TestInitArgsKeepOnlyInitTimeOptions(t *testing.T) {
	cases := []struct{ in, want []string }{
		{nil, nil},
		{[]string{"--sql_mode=ANSI_QUOTES,STRICT_TRANS_TABLES", "--innodb_file_per_table=0"}, nil},
		{[]string{"--innodb_page_size=8k", "--sql_mode=ANSI_QUOTES", "--loose-lower-case-table-names=1", "--INNODB_DATA_FILE_PATH=ibdata1:12M:autoextend"},
			[]string{"--innodb_page_size=8k", "--loose-lower-case-table-names=1", "--INNODB_DATA_FILE_PATH=ibdata1:12M:autoextend"}},
	}
	for _, c := range cases {
		if got := initArgs(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("initArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPasswordStatements(t *testing.T) {
	sql := passwordStatements("Secret23", "db1")
	for _, want := range []string{
		"ALTER USER IF EXISTS 'root'@'localhost' IDENTIFIED BY 'Secret23';",
		"ALTER USER IF EXISTS 'root'@'127.0.0.1' IDENTIFIED BY 'Secret23';",
		"ALTER USER IF EXISTS 'root'@'::1' IDENTIFIED BY 'Secret23';",
		"ALTER USER IF EXISTS 'root'@'db1' IDENTIFIED BY 'Secret23';",
		"DROP USER IF EXISTS ''@'localhost';",
	} {
		if !strings.Contains(sql, want) {
			t.Errorf("missing %q in:\n%s", want, sql)
		}
	}
	if strings.Contains(passwordStatements("x", "it's"), "it's") {
		t.Error("a host name with a quote went into the SQL")
	}
	a, _ := newPassword(24)
	b, _ := newPassword(24)
	if len(a) != 24 || a == b || strings.Trim(a, passwordAlphabet) != "" {
		t.Errorf("passwords %q and %q: want 24 random characters of the alphabet", a, b)
	}
}
