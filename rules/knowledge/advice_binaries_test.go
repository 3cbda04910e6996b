package knowledge_test

// The knowledge base's advice checked on the real binaries: the value it
// gives to keep today's behaviour behaves so on the target.

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// utf8MaxLen creates a table with a column declared CHARACTER SET utf8
// under the session's old_mode and returns the bytes per character of the
// character set the server gave it: 3 for utf8mb3, 4 for utf8mb4.
func utf8MaxLen(t *testing.T, db *sql.DB, oldMode string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{
		"SET SESSION old_mode = '" + oldMode + "'",
		"CREATE DATABASE IF NOT EXISTS kbcheck", "DROP TABLE IF EXISTS kbcheck.t",
		"CREATE TABLE kbcheck.t (c VARCHAR(10) CHARACTER SET utf8)",
	} {
		if _, err := conn.ExecContext(ctx, "/* upgrade-advisor */ "+q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var n int
	err = conn.QueryRowContext(ctx, "/* upgrade-advisor */ SELECT cs.MAXLEN FROM information_schema.COLUMNS c "+
		"JOIN information_schema.CHARACTER_SETS cs ON cs.CHARACTER_SET_NAME = c.CHARACTER_SET_NAME "+
		"WHERE c.TABLE_SCHEMA = 'kbcheck' AND c.TABLE_NAME = 't' AND c.COLUMN_NAME = 'c'").Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestOldModeKeepsUTF8OnRealServers: on MariaDB 10.5 a utf8 column is
// utf8mb3 (3 bytes) whatever old_mode says; on 10.11 and 11.8, started with
// the old_mode the knowledge base gives to keep 10.5's behaviour (a
// server option, as the my.cnf would set it), it is utf8mb3 too, while an
// empty old_mode (10.5's own value) would make it utf8mb4.
func TestOldModeKeepsUTF8OnRealServers(t *testing.T) {
	from := sandboxtest.ByKey(t, "mariadb-10.5")
	from.Require(t)
	if got := utf8MaxLen(t, startServer(t, from), ""); got != 3 {
		t.Errorf("%s: utf8 column of %d bytes per character with an empty old_mode, want 3", from.Name(), got)
	}
	f, _ := knowledge.Lookup("old_mode")
	for _, key := range []string{"mariadb-10.11", "mariadb-11.8"} {
		to := sandboxtest.ByKey(t, key)
		t.Run(to.Name(), func(t *testing.T) {
			to.Require(t)
			keep := f.KeepValue(from.Binary.Flavor, to.Binary.Flavor, "")
			db := openSandbox(t, to.Start(t, sandbox.Options{ServerOptions: []string{"old_mode=" + keep}}))
			var global string
			if err := db.QueryRow("/* upgrade-advisor */ SELECT @@GLOBAL.old_mode").Scan(&global); err != nil {
				t.Fatal(err)
			}
			if got := utf8MaxLen(t, db, global); got != 3 {
				t.Errorf("old_mode=%q (the knowledge base's value to keep 10.5's utf8): %d bytes per character, want 3", keep, got)
			}
			if got := utf8MaxLen(t, db, ""); got != 4 {
				t.Errorf("an empty old_mode: %d bytes per character, want 4 (utf8 = utf8mb4): the trap the advice avoids", got)
			}
		})
	}
}

// TestSwitchFlagPinOnRealServer: the line the drift finding offers to keep
// an optimizer_switch flag's old default names that flag alone; started
// with it, MariaDB 11.8 turns that flag off and keeps every other flag at
// its default.
func TestSwitchFlagPinOnRealServer(t *testing.T) {
	srv := sandboxtest.ByKey(t, "mariadb-11.8")
	srv.Require(t)
	defaults := globalVariables(t, startServer(t, srv))["optimizer_switch"]
	db := openSandbox(t, srv.Start(t, sandbox.Options{ServerOptions: []string{"optimizer_switch=hash_join_cardinality=off"}}))
	pinned := globalVariables(t, db)["optimizer_switch"]
	for _, f := range knowledge.OptimizerSwitchFlags() {
		want, _ := knowledge.SwitchFlag(defaults, f.Name)
		if f.Name == "hash_join_cardinality" {
			want = "off"
		}
		if got, _ := knowledge.SwitchFlag(pinned, f.Name); got != want {
			t.Errorf("%s = %q with the pin, want %q", f.Name, got, want)
		}
	}
	if strings.Count(pinned, "=") != strings.Count(defaults, "=") || strings.Count(pinned, "=off") != strings.Count(defaults, "=off")+1 {
		t.Errorf("the pin changed more than one flag:\n  default %s\n  pinned  %s", defaults, pinned)
	}
}

func openSandbox(t *testing.T, sb *sandbox.Sandbox) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	return db
}

// tableCollations creates a table of each Unicode character set named
// without a collation (DEFAULT CHARSET=cs) and returns the collation each
// got, in the pin's "cs=collation,..." form.
func tableCollations(t *testing.T, db *sql.DB) string {
	t.Helper()
	var out []string
	for _, cs := range []string{"utf8mb3", "ucs2", "utf8mb4", "utf16", "utf32"} {
		for _, q := range []string{"CREATE DATABASE IF NOT EXISTS kbcheck", "DROP TABLE IF EXISTS kbcheck.t",
			"CREATE TABLE kbcheck.t (c VARCHAR(10)) DEFAULT CHARSET=" + cs} {
			if _, err := db.Exec("/* upgrade-advisor */ " + q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		var c string
		if err := db.QueryRow("/* upgrade-advisor */ SELECT TABLE_COLLATION FROM information_schema.TABLES " +
			"WHERE TABLE_SCHEMA = 'kbcheck' AND TABLE_NAME = 't'").Scan(&c); err != nil {
			t.Fatal(err)
		}
		out = append(out, cs+"="+c)
	}
	return strings.Join(out, ",")
}

// TestCharsetCollationsPinOnRealServers: a table named only by its
// character set gets on MariaDB 10.11 the collations the knowledge base
// gives as character_set_collations' implied value (with
// collation_server = utf8mb4_general_ci, as the carried my.cnf says),
// on 11.8 the uca1400 ones all the same, and on 11.8 started with the
// pin, 10.11's again.
func TestCharsetCollationsPinOnRealServers(t *testing.T) {
	f, _ := knowledge.Lookup("character_set_collations")
	today, target := sandboxtest.ByKey(t, "mariadb-10.11"), sandboxtest.ByKey(t, "mariadb-11.8")
	today.Require(t)
	target.Require(t)
	server := []string{"character_set_server=utf8mb4", "collation_server=utf8mb4_general_ci"}
	if got := tableCollations(t, openSandbox(t, today.Start(t, sandbox.Options{ServerOptions: server}))); got != f.Implied {
		t.Errorf("10.11: tables get %s, the knowledge base implies %s", got, f.Implied)
	}
	moved := tableCollations(t, openSandbox(t, target.Start(t, sandbox.Options{ServerOptions: server})))
	if !strings.Contains(moved, "utf8mb4=utf8mb4_uca1400_ai_ci") {
		t.Errorf("11.8 without the pin: tables get %s, want utf8mb4_uca1400_ai_ci (the drift the pin is for)", moved)
	}
	// The pin from 10.11 (the implied mapping) and from 11.2-11.4 (their
	// empty default, a synonym of it) both give 10.11's collations back.
	for _, pin := range []string{f.Implied, ""} {
		pinned := append(slices.Clone(server), "character_set_collations="+pin)
		if got := tableCollations(t, openSandbox(t, target.Start(t, sandbox.Options{ServerOptions: pinned}))); got != f.Implied {
			t.Errorf("11.8 with character_set_collations=%q: tables get %s, want %s", pin, got, f.Implied)
		}
	}
	if !knowledge.SameValue("character_set_collations", "", f.Implied) {
		t.Error("the empty mapping is not a synonym of the implied one")
	}
}
