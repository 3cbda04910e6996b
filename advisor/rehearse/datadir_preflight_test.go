package rehearse

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

func TestDatadirRefusal(t *testing.T) {
	maria105 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 5, 23)}
	for _, tc := range []struct {
		name  string
		files map[string]string // path -> content; "/" ends a directory, "@" a symbolic link to content
		want  string            // a word of the refusal, "" when accepted
	}{
		{"a cold copy", map[string]string{"mysql/": "", "ibdata1": "x"}, ""},
		{"a prepared backup", map[string]string{"mysql/": "", "xtrabackup_checkpoints": "backup_type = full-prepared\n"}, ""},
		{"a backup prepared by mariadb-backup 10.5", map[string]string{"mysql/": "", "xtrabackup_checkpoints": "backup_type = log-applied\n"}, ""},
		{"an unprepared backup", map[string]string{"mysql/": "", "xtrabackup_checkpoints": "backup_type = full-backuped\n"}, "mariadb-backup --prepare --target-dir="},
		{"an unprepared 11.x backup", map[string]string{"mysql/": "", "mariadb_backup_checkpoints": "backup_type = incremental\n"}, "not prepared"},
		{"upgraded by 10.11 already", map[string]string{"mysql/": "", "mysql_upgrade_info": "10.11.19-MariaDB"}, "last upgraded by 10.11.19"},
		{"upgraded by 10.5", map[string]string{"mysql/": "", "mysql_upgrade_info": "10.5.23-MariaDB"}, ""},
		{"not a datadir", map[string]string{"notes.txt": "x"}, "not a datadir"},
		{"a tablespace outside (DATA DIRECTORY)", map[string]string{"mysql/": "", "app/": "", "app/far.isl": "/data2/app/far.ibd"}, "DATA DIRECTORY"},
		{"a symbolic link", map[string]string{"mysql/": "", "app@": "/data2/app"}, "symbolic link"},
	} {
		dir := t.TempDir()
		for _, p := range slices.Sorted(maps.Keys(tc.files)) { // a directory before its files
			content := tc.files[p]
			var err error
			switch {
			case strings.HasSuffix(p, "/"):
				err = os.Mkdir(filepath.Join(dir, p), 0o755)
			case strings.HasSuffix(p, "@"):
				err = os.Symlink(content, filepath.Join(dir, strings.TrimSuffix(p, "@")))
			default:
				err = os.WriteFile(filepath.Join(dir, p), []byte(content), 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		err := datadirRefusal(dir, maria105)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want a usage error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestCopyRefusal: --queries makes a second copy of the datadir, so a
// plain copy must find room for two.
func TestCopyRefusal(t *testing.T) {
	const gib = 1 << 30
	for _, tc := range []struct {
		name   string
		c      sandbox.DatadirCopy
		copies int
		want   string // a word of the refusal, "" when accepted
	}{
		{"one copy fits", sandbox.DatadirCopy{Bytes: 10 * gib, Free: 15 * gib}, 1, ""},
		{"two copies do not fit", sandbox.DatadirCopy{Bytes: 10 * gib, Free: 15 * gib}, 2, "the 2 copies"},
		{"two copies fit", sandbox.DatadirCopy{Bytes: 10 * gib, Free: 25 * gib}, 2, ""},
		{"one copy does not fit", sandbox.DatadirCopy{Bytes: 10 * gib, Free: 10 * gib}, 1, "the copy of --datadir"},
		{"reflinked: no space taken", sandbox.DatadirCopy{Bytes: 10 * gib, Free: 1, Reflink: true}, 2, ""},
	} {
		err := copyRefusal(tc.c, tc.copies, "/tmp")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !errors.Is(err, exitcode.ErrPreflight) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want a preflight error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestDatadirSource: --datadir takes a file of statements for --queries
// (run on the datadir's own rows), not the live server's nor a sample.
func TestDatadirSource(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
		want string // a word of the usage error, "" when accepted
	}{
		{"alone", Options{InPlace: true, Datadir: "/d"}, ""},
		{"a slow log", Options{InPlace: true, Datadir: "/d", Queries: &QueryOptions{Source: "slow.log"}}, ""},
		{"without --in-place", Options{Datadir: "/d"}, "add --in-place"},
		{"a schema file", Options{InPlace: true, Datadir: "/d", SchemaFile: "app.sql"}, "--schema-file"},
		{"replication", Options{InPlace: true, Datadir: "/d", Replication: &ReplicationOptions{}}, "--replication"},
		{"live statements", Options{InPlace: true, Datadir: "/d", Queries: &QueryOptions{Source: liveQueries}}, "datadir's own rows"},
		{"sampled rows", Options{InPlace: true, Datadir: "/d", Queries: &QueryOptions{Source: "slow.log", SampleRows: 100}}, "--sample-rows"},
	} {
		err := datadirSource(tc.o)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want a usage error saying %q", tc.name, err, tc.want)
		}
	}
}

func TestQueriesDatabaseOfTheDatadir(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		q       *QueryOptions
		refused bool
	}{
		{nil, false},
		{&QueryOptions{}, false},
		{&QueryOptions{Database: "app"}, false},
		{&QueryOptions{Database: "nosuch"}, true},
	}
	for _, c := range cases {
		err := queriesDatabaseRefusal(dir, c.q)
		if (err != nil) != c.refused || (err != nil && !errors.Is(err, exitcode.ErrUsage)) {
			t.Errorf("%+v: err = %v; refused: %v", c.q, err, c.refused)
		}
	}
}
