package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// preflight refuses to write to a server that is read-only or would
// replicate the scratch DDL, before anything is created. It returns the
// session statements the benchmark connection must run.
func preflight(ctx context.Context, db *sql.DB, in *Inspection, o BenchOptions) ([]string, error) {
	if v, on := readOnlyVariable(in.Variables); on {
		return nil, fmt.Errorf("%w: the server has %s, so the calibration cannot create its scratch schema; run it against a writable server (a staging primary) or use `inspect`, which only reads",
			exitcode.ErrPreflight, v)
	}
	lockWait := o.LockWaitTimeout
	if lockWait <= 0 {
		lockWait = DefaultLockWaitTimeout
	}
	setup := []string{fmt.Sprintf("SET SESSION lock_wait_timeout = %d", int(lockWait.Seconds()))}
	setup = append(setup, primaryKeySetup(ctx, db, in)...)
	if !rules.IsTrue(in.Variables["log_bin"].Value) {
		return setup, nil
	}
	if err := canSkipBinlog(ctx, db); err == nil {
		return append(setup, "SET SESSION sql_log_bin = 0"), nil
	} else if !o.AllowBinlog {
		return nil, fmt.Errorf("%w: the binary log is on and this user may not turn it off for its session (%v), so the scratch DDL would replicate to every replica; grant BINLOG ADMIN (MariaDB 10.5.2+), SUPER (MariaDB before 10.5.2, MySQL 5.7) or SYSTEM_VARIABLES_ADMIN / SESSION_VARIABLES_ADMIN (MySQL 8.0+), or accept it with "+flagname.AllowBinlog,
			exitcode.ErrPreflight, err)
	}
	return setup, nil
}

// canSkipBinlog tries SET SESSION sql_log_bin = 0 on a connection of its own.
func canSkipBinlog(ctx context.Context, db *sql.DB) error {
	return canSetForSession(ctx, db, "sql_log_bin = 0", "sql_log_bin = 1")
}

// primaryKeySetup turns sql_require_primary_key (MySQL 8.0.13+) off for the
// calibration's own session where the user may (SESSION_VARIABLES_ADMIN or
// SYSTEM_VARIABLES_ADMIN), so that its scratch tables are the classic ones;
// otherwise the calibration measures the classic table with a primary key
// added. Either way the benchmark's workload line in the report says what
// was measured (bench/primarykey.go). MariaDB's innodb_force_primary_key is
// global only, and with sql_generate_invisible_primary_key=ON the server
// gives every table a key itself, which satisfies the requirement.
func primaryKeySetup(ctx context.Context, db *sql.DB, in *Inspection) []string {
	if !rules.IsTrue(in.Variables[bench.RequirePrimaryKey].Value) || rules.IsTrue(in.Variables[bench.InvisiblePrimaryKey].Value) {
		return nil
	}
	if canSetForSession(ctx, db, bench.RequirePrimaryKey+" = 0", bench.RequirePrimaryKey+" = DEFAULT") != nil {
		return nil
	}
	return []string{"SET SESSION " + bench.RequirePrimaryKey + " = 0"}
}

// canSetForSession tries SET SESSION set on a connection of its own, then
// SET SESSION undo, so the connection goes back to the pool as it was.
func canSetForSession(ctx context.Context, db *sql.DB, set, undo string) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := stmt.Exec(ctx, conn, "SET SESSION "+set); err != nil {
		return fmt.Errorf("%s", strings.TrimSpace(err.Error()))
	}
	_, err = stmt.Exec(ctx, conn, "SET SESSION "+undo)
	return err
}

// readOnlyVariable names the setting that makes the server refuse writes,
// the most specific first: super_read_only=ON also turns read_only on, so
// read_only alone would hide the cause.
func readOnlyVariable(vars map[string]rules.Setting) (string, bool) {
	switch {
	case rules.IsTrue(vars["super_read_only"].Value):
		return "super_read_only=ON (which also turns read_only on; even accounts with SUPER or CONNECTION_ADMIN cannot write)", true
	case rules.IsTrue(vars["innodb_read_only"].Value):
		return "innodb_read_only=ON (set at start-up: InnoDB tables cannot be created or dropped)", true
	case rules.IsTrue(vars["read_only"].Value):
		return "read_only=ON", true
	}
	return "", false
}
