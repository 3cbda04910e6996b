package sandbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// AppUser is the account a sandbox's application SQL (a schema file, a
// live schema carried over, logged queries) is loaded and run with:
// 'upgrade_advisor_app'@'localhost'. It holds every privilege on the
// schemas granted to it (AppDSN), and of the global rights only those the
// application's own statements need in their own session
// (sessionPrivileges): to set its session's variables (MySQL 8.0.14+:
// SESSION_VARIABLES_ADMIN) and to show the replication state (SHOW MASTER
// STATUS, SHOW REPLICA STATUS: REPLICATION CLIENT on MySQL, BINLOG MONITOR
// and SLAVE MONITOR on MariaDB 10.5+). Nothing that reaches outside the
// sandbox or beyond the session: no SUPER, SYSTEM_VARIABLES_ADMIN, FILE,
// PROCESS, BINLOG ADMIN, no rights on the mysql schema (so no INSTALL
// PLUGIN or CREATE FUNCTION ... SONAME), no CREATE USER. Objects created
// through it have it as their DEFINER, so events, triggers, views and
// routines run with these rights too.
const AppUser = "upgrade_advisor_app"

// appHost is AppUser's host part: it connects over the socket or 127.0.0.1.
const appHost = "localhost"

// systemSchemas are never granted to AppUser.
var systemSchemas = map[string]bool{"mysql": true, "sys": true, "information_schema": true, "performance_schema": true}

// appAccount is AppUser once created in a sandbox.
type appAccount struct {
	password string
	granted  map[string]bool
}

// sessionPrivileges are the global rights AppUser holds on a server of
// flavor f: those the application's own statements need that act on the
// statement's session alone or only show the server's replication state.
// The names were checked against SHOW PRIVILEGES and the servers' refusals
// (1227 names the right it wants) of MySQL 9.7.4 and MariaDB 10.5.23,
// 10.11.19 and 11.8.9. MariaDB has no session-only right for the binary
// log's session variables (sql_log_bin, binlog_format need BINLOG ADMIN,
// which also purges the binary log and sets its globals): they stay
// refused there, as SET GLOBAL does everywhere.
func sessionPrivileges(f flavor.Flavor) []string {
	var out []string
	switch {
	case f.HasBinlogMonitor():
		out = append(out, "BINLOG MONITOR")
		if f.HasSlaveMonitor() {
			out = append(out, "SLAVE MONITOR")
		}
	case f.IsMariaDB() || f.IsMySQLFamily():
		out = append(out, "REPLICATION CLIENT")
	}
	if f.HasSessionVariablesAdmin() {
		out = append(out, "SESSION_VARIABLES_ADMIN")
	}
	return out
}

// createAppAccount creates AppUser with a random password and the
// sessionPrivileges of a server of flavor f.
func createAppAccount(ctx context.Context, db *sql.DB, f flavor.Flavor) (*appAccount, error) {
	pw, err := newPassword(24)
	if err != nil {
		return nil, err
	}
	user := stmt.QuoteString(AppUser) + "@" + stmt.QuoteString(appHost)
	queries := []string{
		"DROP USER IF EXISTS " + user,
		"CREATE USER " + user + " IDENTIFIED BY " + stmt.QuoteString(pw),
	}
	if p := sessionPrivileges(f); len(p) > 0 {
		queries = append(queries, "GRANT "+strings.Join(p, ", ")+" ON *.* TO "+user)
	}
	for _, q := range queries {
		if _, err := stmt.Exec(ctx, db, q); err != nil {
			return nil, err
		}
	}
	if err := trustFunctionCreators(ctx, db); err != nil {
		return nil, err
	}
	return &appAccount{password: pw, granted: map[string]bool{}}, nil
}

// trustFunctionCreators lets an account without SUPER create functions
// and triggers when the binary log is on (MySQL 8.0+ by default).
func trustFunctionCreators(ctx context.Context, db *sql.DB) error {
	var logBin int
	if err := stmt.QueryRow(ctx, db, "SELECT @@GLOBAL.log_bin").Scan(&logBin); err != nil {
		return err
	}
	if logBin == 0 {
		return nil
	}
	_, err := stmt.Exec(ctx, db, "SET GLOBAL log_bin_trust_function_creators = ON")
	var me *mysql.MySQLError
	if errors.As(err, &me) && me.Number == 1193 { // no such variable in this version
		return nil
	}
	return err
}

// grant gives the account every privilege on each schema not yet granted.
func (a *appAccount) grant(ctx context.Context, db *sql.DB, schemas []string) error {
	for _, name := range schemas {
		if a.granted[name] {
			continue
		}
		if systemSchemas[strings.ToLower(name)] {
			return fmt.Errorf("the application account is never given the server's own schema %s: load the application's schemas only", name)
		}
		q := "GRANT ALL PRIVILEGES ON " + grantSchema(name) + ".* TO " + stmt.QuoteString(AppUser) + "@" + stmt.QuoteString(appHost)
		if _, err := stmt.Exec(ctx, db, q); err != nil {
			return fmt.Errorf("granting schema %s to the application account: %w", name, err)
		}
		a.granted[name] = true
	}
	return nil
}

// grantSchema quotes a schema name for GRANT, where _ and % are wildcards:
// escaped, the grant names this schema alone.
func grantSchema(name string) string {
	r := strings.NewReplacer(`\`, `\\`, `_`, `\_`, `%`, `\%`)
	return stmt.QuoteIdent(r.Replace(name))
}
