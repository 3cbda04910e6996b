package rules

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Rule native-password-removed: MySQL 9.0 removed the mysql_native_password
// authentication plugin (8.4 still has it, off by default: default drift
// reports that). Accounts that use it cannot log in on 9.x until they are
// moved to caching_sha2_password, and their clients must support it. The
// rule cannot see accounts (that needs a live server and is reported
// separately); it says what to check and how to move the accounts.

// ruleNativePasswordRemoved is the id of the rule and its findings.
const ruleNativePasswordRemoved = "native-password-removed"

func init() {
	register(rule{ID: ruleNativePasswordRemoved, Severity: Warning, Side: SideBySeverity, Check: checkNativePasswordRemoved,
		Description: "warns, when the accounts could not be read, that a MySQL 9.x target cannot authenticate mysql_native_password accounts"})
}

func checkNativePasswordRemoved(s Snapshot) []Finding {
	if s.Target == nil || !s.Target.IsMySQLFamily() {
		return nil
	}
	if s.Accounts != nil && s.Accounts.Unreadable == "" {
		return nil // the account-plugins rule counts the accounts themselves
	}
	f, ok := knowledge.Lookup("mysql_native_password")
	if !ok {
		return nil
	}
	gone := f.StatusIn(*s.Target)
	if gone.State != knowledge.StateRemoved {
		return nil
	}
	if s.Flavor.IsMySQLFamily() && f.StatusIn(s.Flavor).State == knowledge.StateRemoved {
		return nil // already on 9.x: nothing changes
	}
	target := VersionLabel(*s.Target)
	return []Finding{{
		ID:       ruleNativePasswordRemoved,
		Severity: Warning,
		Title:    fmt.Sprintf("%s cannot authenticate mysql_native_password accounts (plugin removed in %s)", target, gone.Since),
		Detail: fmt.Sprintf("%s has no mysql_native_password plugin (removed in MySQL %s; %s has it, and MariaDB uses it by "+
			"default), so accounts that use it cannot log in after the move, and mysql_native_password=ON in my.cnf stops "+
			"the server from starting. Find them with the query below and move each to caching_sha2_password before the "+
			"upgrade; clients then need a library that supports caching_sha2_password (MySQL 8.0+ client libraries, "+
			"recent Connector/J, mysqlnd, go-sql-driver) and TLS or the server's RSA key on first login.",
			target, gone.Since, s.Flavor),
		Evidence: map[string]string{"target": target, "removed": gone.Since.String(), "plugin": "mysql_native_password"},
		Recommendation: Recommendation{SQL: []string{
			"SELECT user, host FROM mysql.user WHERE plugin = 'mysql_native_password'",
			"ALTER USER 'name'@'host' IDENTIFIED WITH caching_sha2_password BY 'new password'",
		}},
	}}
}
