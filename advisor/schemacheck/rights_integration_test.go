package schemacheck

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// appClientError runs query through the server's own client as the
// sandbox's application account (its password in the client's
// environment) and returns the error line it printed, "" for none.
func appClientError(t *testing.T, srv sandboxtest.Server, socket string, cfg *mysql.Config, query string) string {
	t.Helper()
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	cmd := srv.Client(t, program, "--no-defaults", "-S", socket, "-u"+cfg.User, "-e", query)
	cmd.Env = append(os.Environ(), "MYSQL_PWD="+cfg.Passwd)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run()
	return strings.TrimSpace(stderr.String())
}

// TestRightsOfTheLoadingAccount: an installer's script that the target's
// client, run by an administrator, loads without an error. Checked as the
// sandbox's application account, its SET SESSION innodb_strict_mode is no
// problem on either target (9.7's account holds SESSION_VARIABLES_ADMIN);
// its SET SESSION sql_log_bin is none on MySQL 9.7 and, on MariaDB 11.8,
// refused to that account (1227, as the client run as the same account
// shows): the sandbox's limit, named, never refused by the target.
func TestRightsOfTheLoadingAccount(t *testing.T) {
	const fixture = "installer-rights.sql"
	file := filepath.Join("testdata", "client", fixture)
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			client := srv.Start(t)
			if errs := clientErrors(t, srv, client, "fixture", file); len(errs) != 0 {
				t.Fatalf("the client, as root, refused %v of %s: the fixture must load", errs, fixture)
			}
			dsn, err := client.AppDSN(t.Context(), "fixture")
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := mysql.ParseDSN(dsn)
			if err != nil {
				t.Fatal(err)
			}
			refused := !srv.IsMySQL()
			if e := appClientError(t, srv, client.Socket(), cfg, "SET SESSION sql_log_bin = 0"); strings.Contains(e, "ERROR 1227 ") != refused {
				t.Errorf("SET SESSION sql_log_bin as the application's account: the client said %q, want a 1227: %v", e, refused)
			}
			if e := appClientError(t, srv, client.Socket(), cfg, "SET SESSION innodb_strict_mode = 0"); e != "" {
				t.Errorf("SET SESSION innodb_strict_mode as the application's account: the client said %q, want nothing", e)
			}
			basedir := srv.Basedir
			if basedir == "" {
				basedir = "/"
			}
			s, err := CheckOnTarget(context.Background(), Options{SchemaFile: file, TargetBasedir: basedir})
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if refused {
				want = 2 // both SETs of sql_log_bin
			}
			assertAccountLimit(t, s, want)
		})
	}
}

// assertAccountLimit: every object and statement of installer-rights.sql
// loaded; the only problems are want refusals of a SET of sql_log_bin
// (1227) marked as the account's, and a note names them.
func assertAccountLimit(t *testing.T, s *outcome.Schema, want int) {
	t.Helper()
	got := 0
	for _, o := range s.Objects {
		if o.Status != outcome.StatusLoaded {
			t.Errorf("%s %s (%s): %s %+v, want loaded", o.Kind, o.Name, o.Source, o.Status, o.Problems)
		}
		for _, p := range o.Problems {
			if !p.Account || p.Code != 1227 || !strings.Contains(p.Message+o.Name, "sql_log_bin") {
				t.Errorf("%s %s (%s): unexpected problem %+v", o.Kind, o.Name, o.Source, p)
				continue
			}
			got++
		}
	}
	if got != want {
		t.Errorf("refusals marked as the account's: %d, want %d", got, want)
	}
	if note := strings.Join(s.Notes, " "); strings.Contains(note, "lacks on purpose") != (want > 0) {
		t.Errorf("the note of refusals for a right the account lacks: want one: %v; notes %q", want > 0, s.Notes)
	}
}
