package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// preflight refuses to write to a server that is read-only or would
// replicate the scratch DDL, before anything is created. It returns the
// session statements the benchmark connection must run.
func preflight(ctx context.Context, db *sql.DB, in *inspection, o Options) ([]string, error) {
	for _, v := range []string{"read_only", "super_read_only", "innodb_read_only"} {
		if rules.IsTrue(in.Variables[v].Value) {
			return nil, fmt.Errorf("%w: the server has %s=ON, so the calibration cannot create its scratch schema; run it against a writable server (a staging primary) or use `inspect`, which only reads",
				ErrPreflight, v)
		}
	}
	lockWait := o.Bench.LockWaitTimeout
	if lockWait <= 0 {
		lockWait = DefaultLockWaitTimeout
	}
	setup := []string{fmt.Sprintf("SET SESSION lock_wait_timeout = %d", int(lockWait.Seconds()))}
	if !rules.IsTrue(in.Variables["log_bin"].Value) {
		return setup, nil
	}
	if err := canSkipBinlog(ctx, db); err == nil {
		return append(setup, "SET SESSION sql_log_bin = 0"), nil
	} else if !o.Bench.AllowBinlog {
		return nil, fmt.Errorf("%w: the binary log is on and this user may not turn it off for its session (%v), so the scratch DDL would replicate to every replica; grant BINLOG ADMIN (MariaDB 10.5.2+), SUPER (MariaDB before 10.5.2, MySQL 5.7) or SYSTEM_VARIABLES_ADMIN / SESSION_VARIABLES_ADMIN (MySQL 8.0+), or accept it with --allow-binlog",
			ErrPreflight, err)
	}
	return setup, nil
}

// canSkipBinlog tries SET SESSION sql_log_bin = 0 on a connection of its own.
func canSkipBinlog(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, bench.Tag+"SET SESSION sql_log_bin = 0"); err != nil {
		return fmt.Errorf("%s", strings.TrimSpace(err.Error()))
	}
	_, err = conn.ExecContext(ctx, bench.Tag+"SET SESSION sql_log_bin = 1")
	return err
}
