package server

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestAccountsOnRealServers reads the accounts by plugin on each real
// server, as an administrator and as a user who may not read mysql.user.
// MySQL 9.7 cannot create mysql_native_password accounts (the plugin is
// gone), so there the account is caching_sha2_password; MariaDB's default
// is mysql_native_password.
func TestAccountsOnRealServers(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		sb := srv.Start(t)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		root := sandboxtest.Open(t, sb.DSN())
		var version, comment string
		if err := root.QueryRowContext(ctx, "SELECT @@version, @@version_comment").Scan(&version, &comment); err != nil {
			t.Fatal(err)
		}
		fl, err := flavor.Identify(version, comment)
		if err != nil {
			t.Fatal(err)
		}
		plugin, create := "mysql_native_password", "CREATE USER 'acct_app'@'%' IDENTIFIED BY 'pw1', 'acct_ro'@'localhost' IDENTIFIED BY 'pw2'"
		if fl.IsMySQLFamily() {
			plugin = "caching_sha2_password"
			create = "CREATE USER 'acct_app'@'%' IDENTIFIED WITH caching_sha2_password BY 'pw1', 'acct_ro'@'localhost' IDENTIFIED WITH caching_sha2_password BY 'pw2'"
		}
		for _, q := range []string{create, "CREATE ROLE acct_role"} {
			if _, err := root.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		a := readAccounts(ctx, root, fl)
		if a.Unreadable != "" || !slices.Contains(a.ByPlugin[plugin], "'acct_app'@'%'") {
			t.Fatalf("%s: accounts %+v, want 'acct_app'@'%%' under %s", fl, a, plugin)
		}
		for p, names := range a.ByPlugin {
			if slices.Contains(names, "'acct_role'@''") || slices.Contains(names, "'acct_role'@'%'") {
				t.Errorf("the role is listed under %s as an account that can log in", p)
			}
		}
		// A user without SELECT on mysql.user: the reading says why, the job goes on.
		cfg, err := mysql.ParseDSN(sb.DSN())
		if err != nil {
			t.Fatal(err)
		}
		cfg.User, cfg.Passwd = "acct_ro", "pw2"
		ro := sandboxtest.Open(t, cfg.FormatDSN())
		if a := readAccounts(ctx, ro, fl); !strings.Contains(a.Unreadable, "denied") || len(a.ByPlugin) != 0 {
			t.Errorf("%s: read-only user got %+v, want the denial", fl, a)
		}
	})
}
