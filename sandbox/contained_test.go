package sandbox_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// processUID is the real uid of a live process, from /proc/<pid>/status.
func processUID(t *testing.T, pid int) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "Uid:" {
			uid, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return uid
		}
	}
	t.Fatalf("no Uid line in /proc/%d/status", pid)
	return -1
}

// TestSandboxIsContained: on each server, the server does not run as root
// (as the account sandbox.SystemUser when the test runs as root), every
// path it writes to is inside the sandbox directory, its plugin_dir is the
// sandbox's read-only one, and the event scheduler is off.
func TestSandboxIsContained(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, sandbox.Options{Dir: parentDir(t)})
		uid := processUID(t, sb.PID())
		if uid == 0 {
			t.Fatalf("the sandbox server (pid %d) runs as root", sb.PID())
		}
		if os.Geteuid() == 0 {
			u, err := user.Lookup(sandbox.SystemUser)
			if err != nil || u.Uid != strconv.Itoa(uid) {
				t.Errorf("server uid %d, want the account %s (%v, %v)", uid, sandbox.SystemUser, u, err)
			}
		} else if uid != os.Geteuid() {
			t.Errorf("server uid %d, want the invoking user's %d", uid, os.Geteuid())
		}
		db := openDB(t, sb.DSN())
		var scheduler string
		paths := make([]string, 6)
		err := db.QueryRow("SELECT /* upgrade-advisor */ @@event_scheduler, @@secure_file_priv, @@general_log_file, @@slow_query_log_file, @@plugin_dir, @@tmpdir, @@datadir").
			Scan(&scheduler, &paths[0], &paths[1], &paths[2], &paths[3], &paths[4], &paths[5])
		if err != nil {
			t.Fatal(err)
		}
		if scheduler != "OFF" {
			t.Errorf("event_scheduler = %s, want OFF", scheduler)
		}
		for i, p := range paths {
			if !strings.HasPrefix(filepath.Clean(p), sb.Dir()+"/") {
				t.Errorf("path %d %q is outside the sandbox %s", i, p, sb.Dir())
			}
		}
		fi, err := os.Stat(filepath.Join(sb.Dir(), "plugin"))
		if err != nil || fi.Mode().Perm()&0o222 != 0 {
			t.Errorf("plugin dir: %v, %v; want read-only", fi.Mode(), err)
		}
	})
}

// appGlobalRights are the global rights the application's account holds
// on each test server: its session's variables and the replication state
// shown, as each server names them (SHOW PRIVILEGES, and what its 1227
// refusals ask for).
var appGlobalRights = map[string]string{
	"mysql-9.7":     "REPLICATION CLIENT,SESSION_VARIABLES_ADMIN",
	"mariadb-11.8":  "BINLOG MONITOR,SLAVE MONITOR",
	"mariadb-10.11": "BINLOG MONITOR,SLAVE MONITOR",
	"mariadb-10.5":  "BINLOG MONITOR,SLAVE MONITOR",
}

// TestAppAccountHasNoRightsBeyondItsSchemas: on each server the
// application's account can create and run objects in its schema, set its
// session's variables and show the replication state, and is refused SET
// GLOBAL, files, plugins, the binary log's administration and other
// schemas; its global rights are the session-only ones and no more.
func TestAppAccountHasNoRightsBeyondItsSchemas(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, sandbox.Options{Dir: parentDir(t)})
		root := openDB(t, sb.DSN())
		dsn, err := sb.AppDSN(t.Context(), "app_1")
		if err != nil {
			t.Fatal(err)
		}
		app := openDB(t, dsn)
		works := []string{"CREATE DATABASE app_1", "CREATE TABLE app_1.t (i INT)", "CREATE PROCEDURE app_1.p() SELECT 1", "CALL app_1.p()",
			"SET SESSION innodb_strict_mode = OFF"}
		if srv.IsMySQL() {
			works = append(works, "SHOW BINARY LOG STATUS", "SHOW REPLICA STATUS", "SHOW BINARY LOGS")
		} else {
			works = append(works, "SHOW MASTER STATUS", "SHOW SLAVE STATUS")
		}
		for _, q := range works {
			if err := execAll(app, q); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
		// app_1's underscore is no wildcard: appX1 is not granted.
		for _, q := range []string{"CREATE DATABASE appX1", "SET GLOBAL general_log_file = '/tmp/x'", "SET GLOBAL innodb_strict_mode = OFF",
			"SELECT 1 INTO OUTFILE '/tmp/x'", "INSTALL PLUGIN example SONAME 'ha_example.so'", "CREATE TABLE mysql.t (i INT)", "CREATE USER u",
			"PURGE BINARY LOGS BEFORE NOW()"} {
			_, err := app.Exec(q)
			var me *mysql.MySQLError
			if !errors.As(err, &me) {
				t.Errorf("%s: got %v, want the server's refusal", q, err)
			}
		}
		var global sql.NullString
		q := "SELECT /* upgrade-advisor */ GROUP_CONCAT(PRIVILEGE_TYPE ORDER BY PRIVILEGE_TYPE) FROM information_schema.USER_PRIVILEGES WHERE GRANTEE LIKE '%upgrade_advisor_app%' AND PRIVILEGE_TYPE <> 'USAGE'"
		if err := root.QueryRow(q).Scan(&global); err != nil {
			t.Fatal(err)
		}
		if want := appGlobalRights[srv.Key]; global.String != want {
			t.Errorf("the application account's global privileges: %q, want %q", global.String, want)
		}
		if _, err := sb.AppDSN(t.Context(), "mysql"); err == nil {
			t.Error("AppDSN granted the mysql schema")
		}
	})
}

// execAll runs q and reads its rows, if any, to the end.
func execAll(db *sql.DB, q string) error {
	rows, err := db.Query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

// bufferLog collects a sandbox's progress lines.
type bufferLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *bufferLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *bufferLog) count(s string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Count(b.buf.String(), s)
}

// TestDatadirCache: with an empty cache, two sandboxes of one binary
// started at once initialise one datadir (the other waits on the entry's
// lock and copies it); the next start copies; after the entry's binary
// stamp changes (as when the binary is upgraded) the next start
// initialises again; clearing the cache empties it.
func TestDatadirCache(t *testing.T) {
	sandboxtest.RequireServer(t)
	cache := sandboxtest.ShortTempDir(t)
	var log bufferLog
	opts := sandbox.Options{Dir: parentDir(t), CacheDir: cache, Log: &log}
	var wg sync.WaitGroup
	sbs := make([]*sandbox.Sandbox, 2)
	errs := make([]error, 2)
	for i := range sbs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sbs[i], errs[i] = sandbox.Start(t.Context(), opts)
		}()
	}
	wg.Wait()
	for i, sb := range sbs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		t.Cleanup(func() { _ = sb.Stop(t.Context()) })
	}
	if n, c := log.count("datadir initialised"), log.count("datadir copied from the cache"); n != 1 || c != 1 {
		t.Fatalf("two starts at once: %d initialisations, %d copies; want 1 and 1:\n%s", n, c, log.buf.String())
	}
	third := start(t, opts)
	if c := log.count("datadir copied from the cache"); c != 2 {
		t.Errorf("third start: %d copies, want 2", c)
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "datadirs", "*", "entry.json"))
	if len(entries) != 1 {
		t.Fatalf("cache entries %v, want one", entries)
	}
	var e map[string]any
	data, _ := os.ReadFile(entries[0])
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	e["stamp"].(map[string]any)["size"] = 1.0 // another build of the binary
	data, _ = json.Marshal(e)
	if err := os.WriteFile(entries[0], data, 0o600); err != nil {
		t.Fatal(err)
	}
	start(t, opts)
	if n := log.count("datadir initialised"); n != 2 {
		t.Errorf("after the binary changed: %d initialisations, want 2", n)
	}
	db := openDB(t, third.DSN())
	if err := db.Ping(); err != nil {
		t.Errorf("a sandbox from the cache: %v", err)
	}
	items, err := sandbox.ListCache(cache)
	if err != nil || len(items) != 1 || items[0].What != "datadir" {
		t.Errorf("ListCache = %+v, %v; want one datadir", items, err)
	}
	if removed, err := sandbox.ClearCache(cache); err != nil || len(removed) != 1 {
		t.Errorf("ClearCache = %+v, %v", removed, err)
	}
	if items, _ := sandbox.ListCache(cache); len(items) != 0 {
		t.Errorf("after ClearCache: %+v", items)
	}
}
