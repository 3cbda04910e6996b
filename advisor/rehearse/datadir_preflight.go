package rehearse

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// What is checked of --datadir before anything is copied: that it is a
// datadir, that a physical backup in it was prepared, that the version
// that last upgraded it is of today's series, and that its copy fits.

// backupCheckpoints are the files mariadb-backup and xtrabackup leave in
// a backup, which say whether it was prepared.
var backupCheckpoints = []string{"xtrabackup_checkpoints", "mariadb_backup_checkpoints"}

// datadirRefusal says why dir cannot be rehearsed with today's binaries
// src, or nil.
func datadirRefusal(dir string, src flavor.Flavor) error {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return fmt.Errorf("%w: "+flagname.Datadir+" %s is not a directory: give a copy of today's datadir (a cold copy, a snapshot or a prepared backup)", exitcode.ErrUsage, dir)
	}
	if !looksLikeDatadir(dir) {
		return fmt.Errorf("%w: "+flagname.Datadir+" %s holds no mysql/ directory and no ibdata1: it is not a datadir", exitcode.ErrUsage, dir)
	}
	if err := unpreparedBackup(dir, src); err != nil {
		return err
	}
	if err := outsideFiles(dir); err != nil {
		return err
	}
	if v := upgradedBy(dir); v != "" {
		ver, err := flavor.ParseVersion(v)
		if err == nil && ver.Series() != src.Version.Series() {
			return fmt.Errorf("%w: "+flagname.Datadir+" %s was last upgraded by %s, but today's binaries are %s: give "+flagname.SourceBasedir+" of the datadir's series", exitcode.ErrUsage, dir, v, src)
		}
	}
	return nil
}

// outsideFiles refuses a datadir whose tables live outside it: a symbolic
// link (MyISAM's DATA DIRECTORY, a schema moved to another disk) or an
// .isl file (InnoDB's DATA DIRECTORY): the server on the copy would open,
// and write, the original files.
func outsideFiles(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			return fmt.Errorf("%w: "+flagname.Datadir+" %s holds a symbolic link, %s: the server on the copy would write where it points; give a copy with the files themselves (cp -a --dereference)", exitcode.ErrUsage, dir, rel)
		case strings.HasSuffix(d.Name(), ".isl"):
			return fmt.Errorf("%w: "+flagname.Datadir+" %s holds %s, a table whose tablespace lives outside the datadir (DATA DIRECTORY): the server on the copy would write the original file; "+
				"rehearse a copy where that table's tablespace was moved back in (ALTER TABLE ... ENGINE=InnoDB without DATA DIRECTORY on a copy), or without that table", exitcode.ErrUsage, dir, rel)
		}
		return nil
	})
}

func looksLikeDatadir(dir string) bool {
	for _, name := range []string{"mysql", "ibdata1"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// unpreparedBackup refuses a physical backup that was not prepared: its
// data files are as they were copied while the server wrote, and no
// server starts on them before the backup tool applies its log.
func unpreparedBackup(dir string, src flavor.Flavor) error {
	for _, name := range backupCheckpoints {
		typ := checkpointType(filepath.Join(dir, name))
		if typ != "full-backuped" && typ != "incremental" {
			continue // none, or prepared: full-prepared (xtrabackup), log-applied (mariadb-backup)
		}
		tool := "xtrabackup"
		if src.IsMariaDB() {
			tool = "mariadb-backup"
		}
		return fmt.Errorf("%w: "+flagname.Datadir+" %s is a physical backup that was not prepared (%s says backup_type = %s): "+
			"prepare a copy of it first with today's version's tool, `%s --prepare --target-dir=%s` (it rewrites the directory: run it on a copy if this one must stay as it is), then give that directory",
			exitcode.ErrUsage, dir, name, typ, tool, dir)
	}
	return nil
}

// checkpointType is the backup_type line of a checkpoints file, "" when
// there is none.
func checkpointType(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok && strings.TrimSpace(k) == "backup_type" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// upgradedBy is the version the upgrade tool last recorded in dir, "".
func upgradedBy(dir string) string {
	for _, name := range []string{"mariadb_upgrade_info", "mysql_upgrade_info"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			return strings.TrimSpace(strings.TrimRight(string(data), "\x00"))
		}
	}
	return ""
}

// copyRefusal refuses plain copies that do not fit: copies of the datadir
// at once (two with --queries: today's version runs on the second).
func copyRefusal(c sandbox.DatadirCopy, copies int, where string) error {
	all := c
	all.Bytes *= int64(copies)
	if all.Enough() {
		return nil
	}
	what := "the copy of " + flagname.Datadir + " " + c.Source + " needs"
	if copies > 1 {
		what = fmt.Sprintf("the %d copies of "+flagname.Datadir+" %s (the second for today's version to run "+flagname.Queries+" on) need", copies, c.Source)
	}
	return fmt.Errorf("%w: %s %s (and room for the servers' logs) in %s, which has %s free, and the filesystem cannot reflink: "+
		"set TMPDIR to a directory on a filesystem with the space (or one that reflinks: btrfs, XFS)", exitcode.ErrPreflight, what, mib(all.Bytes), where, mib(c.Free))
}

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

// queriesDatabaseRefusal refuses, before anything is copied, a --database
// for the statements that the datadir holds no schema of: the statements
// could not run, and a report without them would read as ready.
func queriesDatabaseRefusal(dir string, q *QueryOptions) error {
	if q == nil || q.Database == "" || strings.Trim(strings.ToLower(q.Database), "abcdefghijklmnopqrstuvwxyz0123456789_$") != "" {
		return nil // a name of other characters has an encoded directory name (@002d): the statements' own run says
	}
	if st, err := os.Stat(filepath.Join(dir, q.Database)); err == nil && st.IsDir() {
		return nil
	}
	return fmt.Errorf("%w: "+flagname.Database+" %s: "+flagname.Datadir+" %s holds no schema of that name (no %s/ directory); name a schema of the datadir", exitcode.ErrUsage, q.Database, dir, q.Database)
}
