package advisor

import (
	"context"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// The classic table has no primary key; the calibration must still run on
// servers that require one, and say what it measured next to the figures.
const classicColumns, keyedColumns = "(i INT, name VARCHAR(12))", "(id INT AUTO_INCREMENT PRIMARY KEY, i INT, name VARCHAR(12))"

// auditWorkload audits the server at dsn (as user, when given) and returns
// the benchmark's workload line, checking that every variant was measured
// and that the server was left as it was.
func auditWorkload(t *testing.T, dsn string, conn server.ConnOptions, allowBinlog bool) string {
	t.Helper()
	db := sandboxtest.Open(t, dsn)
	before := sandboxtest.Capture(t, db)
	o := matrixAudit(job.CommandAudit, dsn, true)
	o.Conn.User, o.Conn.Password = conn.User, conn.Password
	o.Bench.AllowBinlog, o.Bench.Rounds = allowBinlog, 2
	r, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	before.AssertUnchanged(t, db)
	assertMeasuredConsistently(t, r, 2, bench.VariantNames...)
	t.Logf("workload: %s", r.Benchmark.Workload)
	return r.Benchmark.Workload
}

func requireAll(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%q does not say %q", text, w)
		}
	}
}

// TestSQLRequirePrimaryKeyOnMySQL: a MySQL 9.7 server started with
// sql_require_primary_key=ON.
func TestSQLRequirePrimaryKeyOnMySQL(t *testing.T) {
	sandboxtest.OnServer(t, "mysql-9.7", func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t, sandbox.Options{ServerOptions: []string{"sql_require_primary_key=ON"}})
		db := sandboxtest.Open(t, sb.DSN())
		t.Run("root turns it off for its own session", func(t *testing.T) {
			w := auditWorkload(t, sb.DSN(), server.ConnOptions{}, false)
			requireAll(t, w, classicColumns, "sql_require_primary_key=ON on the server was turned off for the calibration's own session")
		})
		t.Run("a user who may not measures the table with a primary key", func(t *testing.T) {
			const user = "ua_pk_plain"
			account := "'" + user + "'@'localhost'"
			sandboxtest.User(t, db, account, "", "pw", "GRANT CREATE, DROP ON `upgrade\\_advisor\\_%`.* TO "+account)
			w := auditWorkload(t, sb.DSN(), server.ConnOptions{User: user, Password: "pw"}, true) // no SESSION_VARIABLES_ADMIN: the binary log stays on too
			requireAll(t, w, keyedColumns, "the figures are for this table with a primary key", "sql_require_primary_key=ON")
		})
		t.Run("sql_generate_invisible_primary_key is reported with the figures", func(t *testing.T) {
			sandboxtest.Exec(t, db, "SET GLOBAL sql_generate_invisible_primary_key = ON")
			t.Cleanup(func() { sandboxtest.Exec(t, db, "SET GLOBAL sql_generate_invisible_primary_key = OFF") })
			w := auditWorkload(t, sb.DSN(), server.ConnOptions{}, false)
			requireAll(t, w, classicColumns, "sql_generate_invisible_primary_key=ON: the server adds an invisible primary key")
		})
	})
}

// TestInnodbForcePrimaryKeyOnMariaDB: MariaDB servers started with
// innodb_force_primary_key=ON, which no session may turn off.
func TestInnodbForcePrimaryKeyOnMariaDB(t *testing.T) {
	for _, key := range []string{"mariadb-10.11", "mariadb-11.8"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t, sandbox.Options{ServerOptions: []string{"innodb_force_primary_key=ON"}})
			w := auditWorkload(t, sb.DSN(), server.ConnOptions{}, false)
			requireAll(t, w, keyedColumns, "the figures are for this table with a primary key", "innodb_force_primary_key=ON")
		})
	}
}
