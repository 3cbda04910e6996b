package schemacheck

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// TestDumpAccountsOnMySQL97: the accounts of a MariaDB 10.11 server whose
// application has a mysql_native_password account and a unix_socket one,
// as mariadb-dump writes them (--all-databases: mysql.global_priv's rows;
// --system=users: CREATE USER statements), checked against MySQL 9.7: both
// accounts are reported by name as unable to log in there, with their
// ALTER USER; the locked account and the role are not; no password hash is
// in the report.
func TestDumpAccountsOnMySQL97(t *testing.T) {
	mariadb := sandboxtest.ByKey(t, "mariadb-10.11")
	mariadb.Require(t)
	target := sandboxtest.ByKey(t, "mysql-9.7")
	target.Require(t)
	sb := mariadb.Start(t)
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", "shop-mariadb.sql"))
	sandboxtest.LoadScript(t, sb, filepath.Join("testdata", "accounts-mariadb.sql"))
	var hash string
	if err := sandboxtest.Open(t, sb.DSN()).QueryRow("SELECT PASSWORD('legacy-secret')").Scan(&hash); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--all-databases", "--routines", "--events"}, {"--system=users", "--databases", "shop"}} {
		t.Run(args[0], func(t *testing.T) {
			dump := mariadb.Dump(t, sb, "mariadb-dump", args...)
			s, err := CheckOnTarget(context.Background(), Options{SchemaFile: dump, TargetBasedir: target.Basedir})
			if err != nil {
				t.Fatalf("schema check: %v", err)
			}
			assertAccountsReported(t, s, hash)
		})
	}
}

// assertAccountsReported checks the accounts of accounts-mariadb.sql in
// the report of a check on MySQL 9.7, and that hash is nowhere in it.
func assertAccountsReported(t *testing.T, s *outcome.Schema, hash string) {
	t.Helper()
	accounts := map[string]outcome.Object{}
	for _, o := range s.Objects {
		if o.Kind == string(KindAccount) {
			accounts[o.Name] = o
		}
	}
	for name, plugin := range map[string]string{"'legacy'@'%'": "mysql_native_password", "'sock'@'localhost'": "unix_socket"} {
		o, ok := accounts[name]
		switch {
		case !ok:
			t.Errorf("account %s not reported: %+v", name, accounts)
		case o.Status != outcome.StatusRefused || len(o.Problems) != 1 || !strings.Contains(o.Problems[0].Message, plugin):
			t.Errorf("account %s: status %s, problems %+v; want refused for %s", name, o.Status, o.Problems, plugin)
		case !strings.Contains(o.Problems[0].Fix, "ALTER USER "+name+" IDENTIFIED WITH caching_sha2_password"):
			t.Errorf("account %s: fix %q", name, o.Problems[0].Fix)
		case !strings.Contains(o.Source, "-mariadb-dump.sql:"):
			t.Errorf("account %s: source %q is not the dump's file:line", name, o.Source)
		}
	}
	for _, name := range []string{"'gone'@'%'", "'reporting'@''"} {
		if _, ok := accounts[name]; ok {
			t.Errorf("account %s reported, though it cannot log in on any server", name)
		}
	}
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), hash) || strings.Contains(string(out), "legacy-secret") {
		t.Errorf("the report holds a password or its hash")
	}
	noted := false
	for _, n := range s.Notes {
		noted = noted || strings.Contains(n, "the file's accounts") && strings.Contains(n, "'legacy'@'%'")
	}
	if !noted {
		t.Errorf("no note counting the file's accounts: %q", s.Notes)
	}
}

// TestDumpAccountsWithoutTheTarget: with --target alone the knowledge base
// still tells which of the dump's accounts cannot log in on the target.
func TestDumpAccountsWithoutTheTarget(t *testing.T) {
	src := "-- MariaDB dump 10.19\n-- Server version\t10.11.9-MariaDB\nUSE mysql;\n" +
		"INSERT INTO `global_priv` VALUES ('%','legacy','{\\\"access\\\":0,\\\"plugin\\\":\\\"mysql_native_password\\\",\\\"authentication_string\\\":\\\"*AB\\\"}')," +
		"('%','web','{\\\"access\\\":0,\\\"plugin\\\":\\\"ed25519\\\",\\\"authentication_string\\\":\\\"x\\\",\\\"account_locked\\\":true}');\n" +
		"CREATE DATABASE shop;\nUSE shop;\nCREATE TABLE t (a INT);\n"
	d, err := sqlfile.ReadDump("all.sql", strings.NewReader(src), sqlfile.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target string
		want   []string
	}{
		{"mysql-9.7", []string{"'legacy'@'%' refused all.sql:4"}},
		{"mysql-8.0", nil},    // loads mysql_native_password
		{"mariadb-11.8", nil}, // MariaDB loads both
	} {
		s, err := knowledgeOnly(d, c.target)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range s.Objects {
			if o.Kind == string(KindAccount) {
				got = append(got, o.Name+" "+string(o.Status)+" "+o.Source)
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("target %s: accounts %q, want %q", c.target, got, c.want)
		}
	}
}
