package queries

import (
	"database/sql"
	"os"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// The statements of a rehearsal run as each sandbox's application account
// (sandbox.AppUser), not as root: what they are refused for a right the
// account lacks is the rehearsal's limit, never the target's doing.

// appSide opens sb's application account on the shop schema.
func appSide(t *testing.T, sb *sandbox.Sandbox, name string) (Server, *mysql.Config) {
	t.Helper()
	dsn, err := sb.AppDSN(t.Context(), "shop")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return Server{Name: name, DB: db}, cfg
}

// appClientSays runs query through the server's own client as the
// application account (its password in the client's environment, never
// on its command line) on the shop schema, and returns what it printed.
func appClientSays(t *testing.T, srv sandboxtest.Server, sb *sandbox.Sandbox, cfg *mysql.Config, query string) string {
	t.Helper()
	program := "mariadb"
	if srv.IsMySQL() {
		program = "mysql"
	}
	cmd := srv.Client(t, program, "--no-defaults", "-S", sb.Socket(), "-u"+cfg.User, "-e", query, "shop")
	cmd.Env = append(os.Environ(), "MYSQL_PWD="+cfg.Passwd)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// rightCase is a statement one or both servers refuse the application's
// account for a right it lacks on purpose: which of today's and the
// target's clients print that refusal (ERROR 1227).
type rightCase struct {
	sql                         string
	todayRefused, targetRefused bool
}

// TestReplicationStateAsTheApplication: MariaDB 10.11 -> MySQL 9.7 as the
// application's account. SHOW MASTER STATUS and SHOW SLAVE STATUS work
// today (the account holds BINLOG MONITOR and SLAVE MONITOR) and are gone
// from 9.7's grammar: breaks, 1064. A statement refused for a right the
// account lacks on purpose is a limit of the rehearsal, never a difference
// of the target: SET SESSION binlog_format (BINLOG ADMIN on MariaDB; 9.7's
// account holds SESSION_VARIABLES_ADMIN), SHOW BINLOG EVENTS (REPLICATION
// SLAVE on MySQL), SHOW ENGINE INNODB STATUS (PROCESS on both). Each
// expectation is checked against the two servers' own clients, run as the
// same account.
func TestReplicationStateAsTheApplication(t *testing.T) {
	todaySrv, targetSrv := server(t, "mariadb-10.11"), server(t, "mysql-9.7")
	todaySrv.Require(t)
	targetSrv.Require(t)
	sbToday, _ := shop(t, todaySrv)
	sbTarget, _ := shop(t, targetSrv)
	today, todayCfg := appSide(t, sbToday, todaySrv.Key)
	target, targetCfg := appSide(t, sbTarget, targetSrv.Key)
	gone := []want{
		{sql: "SHOW MASTER STATUS", status: StatusBreaks, code: 1064, fix: "SHOW BINARY LOG STATUS"},
		{sql: "SHOW SLAVE STATUS", status: StatusBreaks, code: 1064},
	}
	lacking := []rightCase{
		{sql: "SET SESSION binlog_format = 'ROW'", todayRefused: true},
		{sql: "SHOW BINLOG EVENTS", targetRefused: true},
		{sql: "SHOW ENGINE INNODB STATUS", todayRefused: true, targetRefused: true},
	}
	stmts := statementsOf(gone)
	for _, l := range lacking {
		stmts = append(stmts, shopStatements(l.sql)...)
	}
	r, err := Compare(t.Context(), today, target, stmts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	logResult(t, r)
	checkStatuses(t, r, gone)
	for _, w := range gone {
		a := appClientSays(t, todaySrv, sbToday, todayCfg, w.sql)
		b := appClientSays(t, targetSrv, sbTarget, targetCfg, w.sql)
		if strings.Contains(a, "ERROR") || !strings.Contains(b, "ERROR "+itoa(w.code)+" ") {
			t.Errorf("%s: the clients, as the application's account, do not show a target-only error %d:\ntoday:  %s\ntarget: %s", w.sql, w.code, a, b)
		}
	}
	for _, l := range lacking {
		checkNotBlamed(t, byClass(r)[l.sql])
		a := appClientSays(t, todaySrv, sbToday, todayCfg, l.sql)
		b := appClientSays(t, targetSrv, sbTarget, targetCfg, l.sql)
		if strings.Contains(a, "ERROR 1227 ") != l.todayRefused || strings.Contains(b, "ERROR 1227 ") != l.targetRefused {
			t.Errorf("%s: the clients, as the application's account, do not show the refusals expected (today %v, target %v):\ntoday:  %s\ntarget: %s",
				l.sql, l.todayRefused, l.targetRefused, a, b)
		}
	}
}

// checkNotBlamed fails when a class refused for a right the account lacks
// has a problem that is a difference of the target, or nothing says 1227.
func checkNotBlamed(t *testing.T, c ClassResult) {
	t.Helper()
	said := strings.Join(c.Notes, " ")
	for _, p := range c.Problems {
		said += " " + p.Message + " " + p.Today + " " + p.Target
		switch p.Status {
		case StatusBreaks, StatusChanged, StatusFixed, StatusWarned, StatusOrder, StatusPlan:
			t.Errorf("%s: refused for a right the account lacks, yet %s: %+v", c.SQL, p.Status, p)
		}
	}
	if !strings.Contains(said, "1227") {
		t.Errorf("%s: nothing names the refusal (1227): %v %+v", c.SQL, c.Notes, c.Problems)
	}
}
