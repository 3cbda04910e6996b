package mycnf

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// debian12Options is what Debian 12's mariadb-server 10.11 configuration
// holds, read from testdata/debian12: a copy of /etc/mysql with the absolute
// !includedir paths of my.cnf made relative (conf.d/, mariadb.conf.d/).
var debian12Options = []string{
	`my.cnf:25 [client-server] socket="/run/mysqld/mysqld.sock"`,
	`conf.d/mysqldump.cnf:2 [mysqldump] quick`,
	`conf.d/mysqldump.cnf:3 [mysqldump] quote_names`,
	`conf.d/mysqldump.cnf:4 [mysqldump] max_allowed_packet="16M"`,
	`mariadb.conf.d/50-mysqld_safe.cnf:26 [mysqld_safe] nice="0"`,
	`mariadb.conf.d/50-mysqld_safe.cnf:27 [mysqld_safe] skip_log_error`,
	`mariadb.conf.d/50-mysqld_safe.cnf:28 [mysqld_safe] syslog`,
	`mariadb.conf.d/50-server.cnf:16 [mysqld] pid_file="/run/mysqld/mysqld.pid"`,
	`mariadb.conf.d/50-server.cnf:17 [mysqld] basedir="/usr"`,
	`mariadb.conf.d/50-server.cnf:27 [mysqld] bind_address="127.0.0.1"`,
	`mariadb.conf.d/50-server.cnf:75 [mysqld] expire_logs_days="10"`,
	`mariadb.conf.d/50-server.cnf:95 [mysqld] character_set_server="utf8mb4"`,
	`mariadb.conf.d/50-server.cnf:96 [mysqld] collation_server="utf8mb4_general_ci"`,
	`mariadb.conf.d/provider_bzip2.cnf:2 [server] plugin_load_add="provider_bzip2"`,
	`mariadb.conf.d/provider_bzip2.cnf:3 [server] provider_bzip2="force_plus_permanent"`,
	`mariadb.conf.d/provider_lz4.cnf:2 [server] plugin_load_add="provider_lz4"`,
	`mariadb.conf.d/provider_lz4.cnf:3 [server] provider_lz4="force_plus_permanent"`,
	`mariadb.conf.d/provider_lzma.cnf:2 [server] plugin_load_add="provider_lzma"`,
	`mariadb.conf.d/provider_lzma.cnf:3 [server] provider_lzma="force_plus_permanent"`,
	`mariadb.conf.d/provider_lzo.cnf:2 [server] plugin_load_add="provider_lzo"`,
	`mariadb.conf.d/provider_lzo.cnf:3 [server] provider_lzo="force_plus_permanent"`,
	`mariadb.conf.d/provider_snappy.cnf:2 [server] plugin_load_add="provider_snappy"`,
	`mariadb.conf.d/provider_snappy.cnf:3 [server] provider_snappy="force_plus_permanent"`,
}

func TestParseDebian12Testdata(t *testing.T) {
	f, err := Parse("my.cnf", WithFS(os.DirFS("testdata/debian12")))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	assertLines(t, "options", describeAll(f.Options), debian12Options)
	assertLines(t, "files", f.Files, []string{
		"my.cnf",
		"conf.d/mysql.cnf",
		"conf.d/mysqldump.cnf",
		"mariadb.conf.d/50-client.cnf",
		"mariadb.conf.d/50-mysql-clients.cnf",
		"mariadb.conf.d/50-mysqld_safe.cnf",
		"mariadb.conf.d/50-server.cnf",
		"mariadb.conf.d/60-galera.cnf",
		"mariadb.conf.d/provider_bzip2.cnf",
		"mariadb.conf.d/provider_lz4.cnf",
		"mariadb.conf.d/provider_lzma.cnf",
		"mariadb.conf.d/provider_lzo.cnf",
		"mariadb.conf.d/provider_snappy.cnf",
	})
	assertLines(t, "warnings", messages(f.Warnings), []string{
		"my.cnf:28: !includedir conf.d/: relative path read from the directory of my.cnf; the servers resolve it against their working directory",
		"my.cnf:29: !includedir mariadb.conf.d/: relative path read from the directory of my.cnf; the servers resolve it against their working directory",
	})

	server := f.Options.ForSections(flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 0)}.ServerOptionGroups()...)
	assertLines(t, "server options", describeAll(server), []string{
		debian12Options[0], // socket, from [client-server]
		debian12Options[7], debian12Options[8], debian12Options[9], debian12Options[10], debian12Options[11], debian12Options[12],
		debian12Options[13], debian12Options[14], debian12Options[15], debian12Options[16], debian12Options[17],
		debian12Options[18], debian12Options[19], debian12Options[20], debian12Options[21], debian12Options[22],
	})
	if _, ok := server.Last("datadir"); ok {
		t.Error("datadir found, but Debian 12 leaves it commented out")
	}
}

// TestParseDebian12TestdataFromDisk reads the same tree through the
// operating system, as the CLI does.
func TestParseDebian12TestdataFromDisk(t *testing.T) {
	top := filepath.Join("testdata", "debian12", "my.cnf")
	f, err := Parse(top)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	want := make([]string, len(debian12Options))
	for i, o := range debian12Options {
		want[i] = filepath.Join("testdata", "debian12") + string(filepath.Separator) + o
	}
	assertLines(t, "options", describeAll(f.Options), want)
}

// TestParseSystemConfig reads this machine's /etc/mysql/my.cnf. Every option
// must be found on the line it is attributed to; on Debian's MariaDB layout
// the well-known options must come from their well-known files.
func TestParseSystemConfig(t *testing.T) {
	const top = "/etc/mysql/my.cnf"
	if _, err := os.Stat(top); err != nil {
		// scripts/test.sh installs mariadb-server, which provides the tree.
		if os.Getenv("CI") == "true" {
			t.Fatalf("no %s in CI (scripts/test.sh installs mariadb-server, which provides it): %v", top, err)
		}
		t.Skipf("no %s on this machine (install mariadb-server): %v", top, err)
	}
	f, err := Parse(top)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(f.Options) == 0 {
		t.Fatalf("no options read from %s (files %v)", top, f.Files)
	}
	for _, o := range f.Options {
		checkAttribution(t, o)
	}
	t.Logf("read %d options from %d files; warnings: %v", len(f.Options), len(f.Files), messages(f.Warnings))

	if _, err := os.Stat("/etc/mysql/mariadb.conf.d/50-server.cnf"); err != nil {
		return
	}
	const serverCnf = "/etc/mysql/mariadb.conf.d/50-server.cnf"
	server := f.Options.ForSections(flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 0)}.ServerOptionGroups()...)
	for _, want := range []struct{ name, file, section string }{
		{"socket", top, "client-server"},
		{"bind_address", serverCnf, "mysqld"},
		{"character_set_server", serverCnf, "mysqld"},
		{"collation_server", serverCnf, "mysqld"},
		{"pid_file", serverCnf, "mysqld"},
		{"plugin_load_add", "/etc/mysql/mariadb.conf.d/provider_snappy.cnf", "server"},
	} {
		if _, err := os.Stat(want.file); err != nil {
			t.Logf("%s: not on this machine, %s not checked", want.file, want.name)
			continue
		}
		got, ok := server.Last(want.name)
		if !ok {
			t.Errorf("%s not found in the server groups", want.name)
			continue
		}
		if got.File != want.file || got.Section != want.section {
			t.Errorf("%s attributed to %s [%s], want %s [%s]", want.name, got.File, got.Section, want.file, want.section)
		}
	}
	if _, err := os.Stat("/etc/mysql/conf.d/mysqldump.cnf"); err != nil {
		t.Logf("/etc/mysql/conf.d/mysqldump.cnf: not on this machine, not checked")
	} else if got, ok := f.Options.ForSections("mysqldump").Last("max_allowed_packet"); !ok || got.File != "/etc/mysql/conf.d/mysqldump.cnf" {
		t.Errorf("[mysqldump] max_allowed_packet = %+v, %v; want it from /etc/mysql/conf.d/mysqldump.cnf", got, ok)
	}
	if got, ok := server.Last("datadir"); ok {
		t.Logf("datadir set at %s:%d (Debian ships it commented out)", got.File, got.Line)
	}
}

// checkAttribution fails unless line o.Line of o.File holds option o.
func checkAttribution(t *testing.T, o Option) {
	t.Helper()
	text, err := lineOf(o.File, o.Line)
	if err != nil {
		t.Errorf("%s: %v", describe(o), err)
		return
	}
	parsed, err := parseLine(text)
	if err != nil || parsed.kind != lineOption || parsed.name != o.Name {
		t.Errorf("%s: line %d of %s is %q", describe(o), o.Line, o.File, text)
	}
}

func lineOf(path string, n int) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return strings.TrimPrefix(sc.Text(), utf8BOM), nil
		}
	}
	return "", os.ErrNotExist
}
