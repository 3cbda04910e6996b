package server

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// accountQueries read user, host, plugin and whether the account cannot
// log in (locked, or a role), most precise first: the first a server and
// user answer is used. MySQL 5.7+ has account_locked; MariaDB 10.4+ keeps
// it in mysql.global_priv's JSON and marks roles in is_role.
func accountQueries(fl flavor.Flavor) []string {
	if fl.IsMariaDB() {
		return []string{
			"SELECT u.user, u.host, u.plugin, u.is_role = 'Y' OR IFNULL(JSON_VALUE(g.priv, '$.account_locked'), 0) = 1 " +
				"FROM mysql.user u LEFT JOIN mysql.global_priv g ON g.user = u.user AND g.host = u.host",
			"SELECT user, host, plugin, is_role = 'Y' FROM mysql.user",
			"SELECT user, host, plugin, 0 FROM mysql.user",
		}
	}
	return []string{
		"SELECT user, host, plugin, account_locked = 'Y' FROM mysql.user",
		"SELECT user, host, plugin, 0 FROM mysql.user",
	}
}

// readAccounts reads the accounts by authentication plugin. It only reads
// (SELECT on mysql.user, which read-only monitoring users often lack: the
// result then says what could not be read instead of failing the job).
func readAccounts(ctx context.Context, db *sql.DB, fl flavor.Flavor) *rules.Accounts {
	var firstErr error
	for _, q := range accountQueries(fl) {
		a, err := scanAccounts(ctx, db, q, fl)
		if err == nil {
			return a
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return &rules.Accounts{Unreadable: strings.TrimSpace(firstErr.Error())}
}

func scanAccounts(ctx context.Context, db *sql.DB, query string, fl flavor.Flavor) (*rules.Accounts, error) {
	a := &rules.Accounts{ByPlugin: map[string][]string{}}
	for row, err := range stmt.Rows(ctx, db, query) {
		if err != nil {
			return nil, fmt.Errorf("reading mysql.user: %w", err)
		}
		var user, host, plugin sql.NullString
		var cannotLogIn sql.NullBool
		if err := row.Scan(&user, &host, &plugin, &cannotLogIn); err != nil {
			return nil, fmt.Errorf("reading mysql.user: %w", err)
		}
		a.Add(user.String, host.String, plugin.String, cannotLogIn.Bool)
	}
	return a, nil
}
