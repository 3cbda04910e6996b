package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// oldDatadirSchema is what old datadirs hold, made on MariaDB 10.5: a
// table in the system tablespace, the three older row formats, a
// full-text index, a partitioned table, spatial and virtual columns,
// Aria and MyISAM tables, a view, a routine, a trigger, an event, and
// 100,000 rows in one table.
var oldDatadirSchema = []string{
	"CREATE DATABASE app",
	"SET GLOBAL innodb_file_per_table = 0",
	"CREATE TABLE app.in_ibdata (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB",
	"SET GLOBAL innodb_file_per_table = 1",
	"CREATE TABLE app.redundant (id INT PRIMARY KEY, v VARCHAR(200), d DATETIME) ENGINE=InnoDB ROW_FORMAT=REDUNDANT",
	"CREATE TABLE app.compact (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB ROW_FORMAT=COMPACT",
	"CREATE TABLE app.compressed (id INT PRIMARY KEY, v TEXT) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8",
	"CREATE TABLE app.docs (id INT PRIMARY KEY AUTO_INCREMENT, body TEXT, FULLTEXT KEY ft_body (body)) ENGINE=InnoDB",
	"CREATE TABLE app.parted (id INT, d DATE, PRIMARY KEY (id, d)) ENGINE=InnoDB PARTITION BY RANGE (YEAR(d)) " +
		"(PARTITION p2020 VALUES LESS THAN (2021), PARTITION pmax VALUES LESS THAN MAXVALUE)",
	"CREATE TABLE app.places (id INT PRIMARY KEY, pt POINT NOT NULL, price DECIMAL(10,2), tax DECIMAL(10,2) AS (price * 0.2) VIRTUAL, " +
		"total DECIMAL(10,2) AS (price * 1.2) PERSISTENT, SPATIAL KEY sp_pt (pt)) ENGINE=InnoDB",
	"CREATE TABLE app.aria_log (id INT PRIMARY KEY, msg VARCHAR(100)) ENGINE=Aria",
	"CREATE TABLE app.myisam_log (id INT PRIMARY KEY, msg VARCHAR(100)) ENGINE=MyISAM",
	"CREATE TABLE app.digits (d INT PRIMARY KEY) ENGINE=InnoDB",
	"INSERT INTO app.digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
	"CREATE TABLE app.big (id INT PRIMARY KEY, a INT, b CHAR(32), c DATETIME, KEY (a)) ENGINE=InnoDB",
	"INSERT INTO app.big SELECT 1 + a.d + b.d*10 + c.d*100 + e.d*1000 + f.d*10000, (a.d + b.d*10 + c.d*100) % 997, " +
		"MD5(a.d + b.d*10 + c.d*100 + e.d*1000 + f.d*10000), '2020-01-01' + INTERVAL (a.d + b.d*10 + c.d*100 + e.d*1000 + f.d*10000) MINUTE " +
		"FROM app.digits a, app.digits b, app.digits c, app.digits e, app.digits f",
	"INSERT INTO app.in_ibdata SELECT id, b FROM app.big WHERE id <= 500",
	"INSERT INTO app.redundant SELECT id, REPEAT(b, 3), c FROM app.big WHERE id <= 2000",
	"INSERT INTO app.compact SELECT id, b FROM app.big WHERE id <= 2000",
	"INSERT INTO app.compressed SELECT id, REPEAT(b, 20) FROM app.big WHERE id <= 2000",
	"INSERT INTO app.docs (body) SELECT CONCAT('upgrade night ', b) FROM app.big WHERE id <= 300",
	"INSERT INTO app.parted SELECT id, '2019-06-01' + INTERVAL id DAY FROM app.big WHERE id <= 1500",
	"INSERT INTO app.places (id, pt, price) SELECT id, POINT(id, a), id / 7 FROM app.big WHERE id <= 1000",
	"INSERT INTO app.aria_log SELECT id, b FROM app.big WHERE id <= 700",
	"INSERT INTO app.myisam_log SELECT id, b FROM app.big WHERE id <= 700",
	"CREATE VIEW app.v_big AS SELECT a, COUNT(*) AS n FROM app.big GROUP BY a",
	"CREATE PROCEDURE app.count_big() SELECT COUNT(*) FROM app.big",
	"CREATE TRIGGER app.compact_upper BEFORE INSERT ON app.compact FOR EACH ROW SET NEW.v = UPPER(NEW.v)",
	"CREATE EVENT app.purge_logs ON SCHEDULE EVERY 1 DAY DO DELETE FROM app.aria_log WHERE id < 0",
}

// oldDatadirTables are the base tables of oldDatadirSchema.
const oldDatadirTables = 11

var oldDatadir struct {
	once sync.Once
	dir  string
	err  error
	// backup is a mariadb-backup --backup of the same server, not
	// prepared; backupErr why there is none.
	backup    string
	backupErr error
}

// mariaDB105Datadir is a cold copy, taken after a clean shutdown, of a
// MariaDB 10.5 datadir holding oldDatadirSchema: built once per test run
// (under the test binary's directory, removed with it) and only read.
func mariaDB105Datadir(t *testing.T) string {
	t.Helper()
	src := sandboxtest.ByKey(t, "mariadb-10.5")
	src.Require(t)
	oldDatadir.once.Do(func() { oldDatadir.dir, oldDatadir.err = buildOldDatadir(src) })
	if oldDatadir.err != nil {
		t.Fatalf("building the MariaDB 10.5 datadir: %v", oldDatadir.err)
	}
	return oldDatadir.dir
}

func buildOldDatadir(src sandboxtest.Server) (_ string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	parent, err := os.MkdirTemp("/tmp", "ua-dd-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(parent)
	if err := os.Chmod(parent, 0o755); err != nil { // the server's account traverses it
		return "", err
	}
	sb, err := sandbox.Start(ctx, src.Options(sandbox.Options{Dir: parent}))
	if err != nil {
		return "", err
	}
	defer func() { err = errorsJoin(err, sb.Stop(context.Background())) }()
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		return "", err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, s := range oldDatadirSchema {
		if _, err := db.ExecContext(ctx, stmt.Tagged(s)); err != nil {
			return "", fmt.Errorf("%s: %w", s, err)
		}
	}
	db.Close()
	oldDatadir.backup = filepath.Join(filepath.Dir(binary), "mariadb-10.5-backup")
	oldDatadir.backupErr = backupCommand(ctx, src, "--backup", "--target-dir="+oldDatadir.backup, "--socket="+sb.Socket(), "--user=root")
	if err := sb.Shutdown(ctx); err != nil {
		return "", err
	}
	dir := filepath.Join(filepath.Dir(binary), "mariadb-10.5-datadir")
	if out, err := exec.Command("cp", "-a", sb.Datadir(), dir).CombinedOutput(); err != nil {
		return "", fmt.Errorf("cp -a: %v: %s", err, out)
	}
	return dir, nil
}

// backupCommand runs Debian 11's mariadb-backup of the MariaDB 10.5 root
// (scripts/servers.sh unpacks it with the server) through the root's loader.
func backupCommand(ctx context.Context, src sandboxtest.Server, args ...string) error {
	tool := filepath.Join(src.Basedir, "usr", "bin", "mariadb-backup")
	if _, err := os.Stat(tool); err != nil {
		return fmt.Errorf("%s has no mariadb-backup (unpacked before it was part of the root: remove the root and run scripts/servers.sh fetch mariadb-10.5): %w", src.Basedir, err)
	}
	argv := append(append(src.Binary.Launcher(), tool, "--no-defaults"), args...)
	if out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).CombinedOutput(); err != nil {
		return fmt.Errorf("mariadb-backup %s: %w\n%s", args[0], err, lastLines(string(out), 15))
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// treeHashes is every file under dir: its mode, size and SHA-256.
func treeHashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := ""
		if d.Type().IsRegular() {
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			h := sha256.New()
			_, err = io.Copy(h, f)
			f.Close()
			if err != nil {
				return err
			}
			sum = hex.EncodeToString(h.Sum(nil))
		}
		out[rel] = fmt.Sprintf("%v %d %v %s", info.Mode(), info.Size(), info.ModTime().UnixNano(), sum)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func assertSameTree(t *testing.T, before, after map[string]string) {
	t.Helper()
	for p, h := range before {
		if after[p] != h {
			t.Errorf("--datadir changed: %s was %q, is %q", p, h, after[p])
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("--datadir changed: %s appeared", p)
		}
	}
}

// datadirDoc is what the tests read of the report's in_place section.
type datadirDoc struct {
	InPlace struct {
		Source, Target string
		Clean          bool
		Error          string
		UpgradeTool    string `json:"upgrade_tool"`
		Datadir        struct {
			Bytes      int64
			TableCount int `json:"table_count"`
			Downtime   []struct {
				Name      string
				DurationS float64 `json:"duration_s"`
			}
			Steps []struct {
				Name      string
				DurationS float64 `json:"duration_s"`
			}
			Tables []struct {
				Table          string
				CheckBefore    string `json:"check_before"`
				CheckAfter     string `json:"check_after"`
				RowsBefore     int64  `json:"rows_before"`
				RowsAfter      int64  `json:"rows_after"`
				ChecksumBefore string `json:"checksum_before"`
				ChecksumAfter  string `json:"checksum_after"`
				Chunks         int
				ChunksTotal    int `json:"chunks_total"`
			}
			Objects  []struct{ Kind, Schema, Name, Status, Message string }
			Sampled  string
			Problems []struct{ What, Fix string }
		}
	} `json:"in_place"`
}

// rehearseDatadir runs rehearse --in-place --datadir and reads its JSON.
func rehearseDatadir(t *testing.T, dir string, source, target sandboxtest.Server, extra ...string) (datadirDoc, string, int) {
	t.Helper()
	tmp := shortTemp(t)
	targetBasedir := target.Basedir
	if targetBasedir == "" {
		targetBasedir = "/"
	}
	args := append([]string{"rehearse", "--in-place", "--datadir", dir, "--no-defaults", "--source-basedir", source.Basedir,
		"--target-basedir", targetBasedir, "--format", "json", "-q"}, extra...)
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
	noServersLeft(t, tmp)
	var doc datadirDoc
	if code <= 1 {
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("exit %d, the report is not JSON: %v\n%s\n%.3000s", code, err, stderr, stdout)
		}
	}
	return doc, stderr, code
}

// TestRehearseInPlaceDatadir upgrades a copy of an old MariaDB 10.5
// datadir to 10.11 and 11.8 (Debian 11 -> 12, 11 -> 13): the target comes
// up, every table passes CHECK TABLE with the same row count and checksum
// as on 10.5, every view, routine, trigger and event answers, the downtime
// steps are timed, and the datadir given is byte for byte unchanged.
func TestRehearseInPlaceDatadir(t *testing.T) {
	dir := mariaDB105Datadir(t)
	before := treeHashes(t, dir)
	source := sandboxtest.ByKey(t, "mariadb-10.5")
	for _, tc := range []struct {
		target string
		extra  []string
	}{
		{"mariadb-10.11", nil},
		{"mariadb-11.8", []string{"--budget", "10ms"}}, // the checksums sampled: the same chunks on both sides
	} {
		target := sandboxtest.ByKey(t, tc.target)
		t.Run(target.Name(), func(t *testing.T) {
			target.Require(t)
			doc, stderr, code := rehearseDatadir(t, dir, source, target, tc.extra...)
			ip, d := doc.InPlace, doc.InPlace.Datadir
			if code != 0 || !ip.Clean || ip.Error != "" || len(d.Problems) != 0 {
				t.Fatalf("exit %d, clean %v, error %q, problems %+v\n%s", code, ip.Clean, ip.Error, d.Problems, stderr)
			}
			if d.TableCount != oldDatadirTables || len(d.Tables) != oldDatadirTables {
				t.Errorf("%d tables counted, %d checked; want %d", d.TableCount, len(d.Tables), oldDatadirTables)
			}
			for _, tb := range d.Tables {
				if tb.CheckBefore != "OK" || tb.CheckAfter != "OK" || tb.RowsBefore != tb.RowsAfter || tb.RowsBefore == 0 ||
					tb.ChecksumBefore == "" || tb.ChecksumBefore != tb.ChecksumAfter || tb.Chunks == 0 {
					t.Errorf("table %+v: want OK on both sides, the same rows and checksum", tb)
				}
				if tb.Table == "app.big" && tb.RowsAfter != 100000 {
					t.Errorf("app.big has %d rows after the upgrade, want 100000", tb.RowsAfter)
				}
			}
			kinds := map[string]bool{}
			for _, o := range d.Objects {
				kinds[o.Kind] = true
				if o.Status != "ok" {
					t.Errorf("object %+v failed", o)
				}
			}
			for _, k := range []string{"VIEW", "PROCEDURE", "TRIGGER", "EVENT"} {
				if !kinds[k] {
					t.Errorf("no %s checked: %+v", k, d.Objects)
				}
			}
			var names []string
			for _, st := range d.Downtime {
				names = append(names, st.Name)
				if st.DurationS <= 0 {
					t.Errorf("downtime step %q took %v s", st.Name, st.DurationS)
				}
			}
			if want := "slow shutdown,first start of the target,mariadb-upgrade,restart"; strings.Join(names, ",") != want {
				t.Errorf("downtime steps %q, want %s", names, want)
			}
			if d.Bytes <= 0 || ip.UpgradeTool != "mariadb-upgrade" {
				t.Errorf("datadir size %d, upgrade tool %q", d.Bytes, ip.UpgradeTool)
			}
			if sampled := tc.extra != nil; sampled != (d.Sampled != "") {
				t.Errorf("--budget given: %v, sampled note: %q", sampled, d.Sampled)
			}
		})
	}
	assertSameTree(t, before, treeHashes(t, dir))
}

// TestRehearseInPlaceDatadirOrphan removes a table's .ibd from a copy of
// the datadir (an orphan in the dictionary): the rehearsal finishes and
// names the table as a critical finding with its fix.
func TestRehearseInPlaceDatadirOrphan(t *testing.T) {
	source, target := sandboxtest.ByKey(t, "mariadb-10.5"), sandboxtest.ByKey(t, "mariadb-10.11")
	target.Require(t)
	dir := filepath.Join(shortTemp(t), "datadir")
	if out, err := exec.Command("cp", "-a", mariaDB105Datadir(t), dir).CombinedOutput(); err != nil {
		t.Fatalf("cp -a: %v: %s", err, out)
	}
	if err := os.Remove(filepath.Join(dir, "app", "compact.ibd")); err != nil {
		t.Fatal(err)
	}
	doc, stderr, code := rehearseDatadir(t, dir, source, target)
	if code != 1 || doc.InPlace.Clean {
		t.Fatalf("exit %d, clean %v; want exit 1 (a critical finding) and not clean\n%s", code, doc.InPlace.Clean, stderr)
	}
	found := false
	for _, p := range doc.InPlace.Datadir.Problems {
		if strings.Contains(p.What, "app.compact") && strings.Contains(p.What, "does not open") && p.Fix != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("no finding names app.compact as not opening: %+v", doc.InPlace.Datadir.Problems)
	}
}

// TestRehearseInPlaceDatadirRefusals: pairs no vendor supports in place,
// missing binaries and an unprepared backup exit 2 with the reason,
// before anything is copied.
func TestRehearseInPlaceDatadirRefusals(t *testing.T) {
	old, newer, mysql := sandboxtest.ByKey(t, "mariadb-10.5"), sandboxtest.ByKey(t, "mariadb-11.8"), sandboxtest.ByKey(t, "mysql-9.7")
	for _, s := range []sandboxtest.Server{old, newer, mysql} {
		s.Require(t)
	}
	dir := mariaDB105Datadir(t)
	unprepared := filepath.Join(shortTemp(t), "backup")
	if err := os.MkdirAll(filepath.Join(unprepared, "mysql"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(unprepared, "xtrabackup_checkpoints"), []byte("backup_type = full-backuped\nfrom_lsn = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name           string
		source, target string
		datadir        string
		want           string
	}{
		{"downgrade", newer.Basedir, old.Basedir, dir, "downgrade"},
		{"MariaDB -> MySQL", old.Basedir, mysql.Basedir, dir, "migration"},
		{"missing binaries", "/nonexistent", newer.Basedir, dir, "--source-basedir"},
		{"unprepared backup", old.Basedir, newer.Basedir, unprepared, "mariadb-backup --prepare --target-dir=" + unprepared},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := shortTemp(t)
			_, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--in-place", "--datadir", tc.datadir, "--no-defaults",
				"--source-basedir", tc.source, "--target-basedir", tc.target, "-q")
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("something was copied before the refusal: %v", left)
			}
		})
	}
}

// TestRehearseInPlaceDatadirBackup rehearses the same MariaDB 10.5 server
// from a mariadb-backup backup (Debian 11's): unprepared, it is refused
// (exit 2) with the command that prepares it; prepared (on a copy), 10.5
// -> 10.11 and 10.5 -> 11.8 pass with every table agreeing, and the
// backup directory is unchanged.
func TestRehearseInPlaceDatadirBackup(t *testing.T) {
	source := sandboxtest.ByKey(t, "mariadb-10.5")
	mariaDB105Datadir(t)
	if oldDatadir.backupErr != nil {
		if sandboxtest.InCI() {
			t.Fatalf("no mariadb-backup backup and CI=true: %v", oldDatadir.backupErr)
		}
		t.Skipf("no mariadb-backup backup: %v", oldDatadir.backupErr)
	}
	newer := sandboxtest.ByKey(t, "mariadb-11.8")
	newer.Require(t)
	tmp := shortTemp(t)
	_, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "rehearse", "--in-place", "--datadir", oldDatadir.backup, "--no-defaults",
		"--source-basedir", source.Basedir, "--target-basedir", newer.Basedir, "-q")
	if want := "mariadb-backup --prepare --target-dir=" + oldDatadir.backup; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("the unprepared backup: exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	prepared := filepath.Join(shortTemp(t), "prepared")
	if out, err := exec.Command("cp", "-a", oldDatadir.backup, prepared).CombinedOutput(); err != nil {
		t.Fatalf("cp -a: %v: %s", err, out)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	if err := backupCommand(ctx, source, "--prepare", "--target-dir="+prepared); err != nil {
		t.Fatal(err)
	}
	before := treeHashes(t, prepared)
	for _, key := range []string{"mariadb-10.11", "mariadb-11.8"} {
		target := sandboxtest.ByKey(t, key)
		t.Run(target.Name(), func(t *testing.T) {
			target.Require(t)
			doc, stderr, code := rehearseDatadir(t, prepared, source, target)
			d := doc.InPlace.Datadir
			if code != 0 || !doc.InPlace.Clean || len(d.Tables) != oldDatadirTables || len(d.Downtime) != 4 {
				t.Fatalf("exit %d, clean %v, %d tables, downtime %+v, problems %+v\n%s", code, doc.InPlace.Clean, len(d.Tables), d.Downtime, d.Problems, stderr)
			}
			for _, tb := range d.Tables {
				if tb.CheckAfter != "OK" || tb.RowsBefore != tb.RowsAfter || tb.ChecksumBefore != tb.ChecksumAfter {
					t.Errorf("table %+v differs after the upgrade", tb)
				}
			}
		})
	}
	assertSameTree(t, before, treeHashes(t, prepared))
}

// datadirStatements is the application's statement file (querylog's
// plain file of statements) run on the MariaDB 10.5 datadir: OFFSET is a
// reserved word from MariaDB 10.6 and VECTOR from 11.7, so the aliases
// break on the target; the others read the real rows the same way.
const datadirStatements = `USE app;
SELECT id AS offset FROM big WHERE id = 1;
SELECT id AS vector FROM big WHERE id = 2;
SELECT a, COUNT(*) FROM big WHERE a < 5 GROUP BY a ORDER BY a;
SELECT b, c FROM big WHERE id BETWEEN 99990 AND 100000 ORDER BY id;
SELECT COUNT(*) FROM redundant WHERE d >= '2020-01-01 10:00:00';
UPDATE compact SET v = 'night' WHERE id <= 10;
`

// TestRehearseInPlaceDatadirQueries runs the application's statements
// (--queries) on the MariaDB 10.5 datadir's real rows: today's version on
// a second copy, MariaDB 11.8 on the upgraded one. The statements that
// use a word 11.8 reserves break, the others run the same; the upgrade
// itself stays clean, and the datadir given is unchanged.
func TestRehearseInPlaceDatadirQueries(t *testing.T) {
	dir := mariaDB105Datadir(t)
	before := treeHashes(t, dir)
	source, target := sandboxtest.ByKey(t, "mariadb-10.5"), sandboxtest.ByKey(t, "mariadb-11.8")
	target.Require(t)
	file := filepath.Join(t.TempDir(), "statements.sql")
	if err := os.WriteFile(file, []byte(datadirStatements), 0o644); err != nil {
		t.Fatal(err)
	}
	breaks := []string{"SELECT id AS offset FROM big WHERE id = 1", "SELECT id AS vector FROM big WHERE id = 2"}
	t.Run("what the servers' own clients say", func(t *testing.T) {
		for _, srv := range []sandboxtest.Server{source, target} {
			sb := srv.Start(t, sandbox.Options{Quick: true})
			sandboxtest.Exec(t, sandboxtest.Open(t, sb.DSN()), "CREATE DATABASE app", "CREATE TABLE app.big (id INT PRIMARY KEY, a INT, b CHAR(32), c DATETIME)")
			for _, sql := range breaks {
				if says, want := srv.ClientSays(t, sb, "app", sql), srv.Key != source.Key; strings.Contains(says, "ERROR") != want {
					t.Errorf("%s's client on %s: %q; want an error: %v", srv.Key, sql, says, want)
				}
			}
		}
	})
	tmp := shortTemp(t)
	args := []string{"rehearse", "--in-place", "--datadir", dir, "--no-defaults", "--source-basedir", source.Basedir,
		"--target-basedir", target.Basedir, "--queries", file, "--query-budget", "5s", "--format", "json", "-q"}
	stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, args...)
	noServersLeft(t, tmp)
	var doc datadirDoc
	var q queriesRun
	for _, into := range []any{&doc, &q} {
		if err := json.Unmarshal([]byte(stdout), into); err != nil {
			t.Fatalf("exit %d, the report is not JSON: %v\n%s\n%.3000s", code, err, stderr, stdout)
		}
	}
	for _, r := range q.Queries.Results {
		t.Logf("%-8s %s", r.Status, r.SQL)
	}
	if code != 1 {
		t.Errorf("exit %d, want 1: the breaks are critical\n%s", code, stderr)
	}
	if !doc.InPlace.Clean || len(doc.InPlace.Datadir.Problems) != 0 {
		t.Errorf("the upgrade itself: clean %v, problems %+v", doc.InPlace.Clean, doc.InPlace.Datadir.Problems)
	}
	for _, sql := range breaks {
		if !q.found(sql, "breaks") {
			t.Errorf("%s: status %q, want breaks", sql, q.status(sql))
		}
	}
	for _, sql := range []string{"SELECT a, COUNT(*) FROM big WHERE a < 5 GROUP BY a ORDER BY a",
		"SELECT b, c FROM big WHERE id BETWEEN 99990 AND 100000 ORDER BY id",
		"SELECT COUNT(*) FROM redundant WHERE d >= '2020-01-01 10:00:00'", "UPDATE compact SET v = 'night' WHERE id <= 10"} {
		if got := q.status(sql); got == "" || q.found(sql, "breaks") || q.found(sql, "changed") || q.found(sql, "warned") {
			t.Errorf("%s: status %q, want it run with the same error, warnings and rows on both", sql, got)
		}
	}
	if q.Queries.Empty || q.Queries.Executions != 6 || !slices.ContainsFunc(q.Queries.Notes, func(n string) bool { return strings.Contains(n, "second copy") }) {
		t.Errorf("empty tables %v, %d statements, notes %q: want the 6 statements run on the real rows of two copies", q.Queries.Empty, q.Queries.Executions, q.Queries.Notes)
	}
	steps := doc.InPlace.Datadir.Steps
	if len(steps) == 0 || !strings.HasPrefix(steps[len(steps)-1].Name, "the application's queries") {
		t.Errorf("steps %+v: want the queries last", steps)
	}
	for _, st := range doc.InPlace.Datadir.Downtime {
		if strings.Contains(st.Name, "queries") {
			t.Errorf("the queries are in the downtime: %+v", doc.InPlace.Datadir.Downtime)
		}
	}
	assertSameTree(t, before, treeHashes(t, dir))
}
