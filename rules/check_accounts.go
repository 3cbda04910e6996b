package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Rule account-plugins: on a live server, how many accounts use each
// authentication plugin, and a critical finding for each plugin the
// --target cannot load (mysql_native_password: MySQL 8.4 loads it only with
// mysql_native_password=ON, 9.0 removed it; MariaDB-only plugins on MySQL),
// with the ALTER USER statements that move the accounts.

// Finding ids of the rule.
const (
	ruleAccountPlugins        = "account-plugins"
	findingAccountsUnreadable = "account-plugins-unreadable"
	findingPluginUnloadable   = "account-plugin-unloadable"
)

// maxAlterLines caps the ALTER USER statements written out per plugin.
const maxAlterLines = 20

// mariadbOnlyPlugins are MariaDB authentication plugins MySQL has no
// plugin of that name for, with MySQL's nearest equivalent ("" for none).
var mariadbOnlyPlugins = map[string]string{
	"unix_socket": "auth_socket",
	"ed25519":     "",
	"parsec":      "",
}

func init() {
	register(rule{ID: ruleAccountPlugins, Severity: Info, Side: SideBySeverity, Check: checkAccountPlugins,
		Description: "counts the accounts by authentication plugin and reads whether the target can load each plugin",
		Also: []Kind{
			{ID: findingAccountsUnreadable, Severity: Info, Side: SideBySeverity, Description: "the accounts could not be read: plugins not checked"},
			{ID: findingPluginUnloadable, Severity: Critical, Side: SideBySeverity,
				Description: "accounts use a plugin the target cannot load, so they cannot log in there",
				Varies:      "a warning when " + flagname.Config + " sets mysql_native_password=ON for MySQL 8.4: the plugin loads, the move is only postponed"},
		}})
}

func checkAccountPlugins(s Snapshot) []Finding {
	a := s.Accounts
	switch {
	case a == nil:
		return nil
	case a.Unreadable != "":
		return []Finding{{ID: findingAccountsUnreadable, Severity: Info,
			Title:    "Accounts' authentication plugins not checked",
			Detail:   "The accounts could not be read (" + a.Unreadable + "), so the authentication plugins the target must load are unknown. Grant SELECT ON mysql.user to the user running the check, or run it as an administrator.",
			Evidence: map[string]string{"error": a.Unreadable}}}
	}
	out := []Finding{{ID: ruleAccountPlugins, Severity: Info,
		Title:    "Accounts by authentication plugin: " + a.Summary(),
		Detail:   accountsDetail(a),
		Evidence: pluginCounts(a)}}
	return append(out, UnloadablePlugins(s)...)
}

// UnloadablePlugins are the rule's findings for the plugins of s.Accounts
// that s.Target cannot load (or loads only when told to), without the
// count of every plugin: for accounts read from a dump's mysql.user or
// mysql.global_priv rows rather than from a live server.
func UnloadablePlugins(s Snapshot) []Finding {
	if s.Accounts == nil || s.Target == nil {
		return nil
	}
	var out []Finding
	for _, p := range s.Accounts.Plugins() {
		if f, ok := unloadablePlugin(s, p); ok {
			out = append(out, f)
		}
	}
	return out
}

func accountsDetail(a *Accounts) string {
	d := fmt.Sprintf("Accounts that can log in, by the authentication plugin they use: %s.", a.Summary())
	if a.Locked > 0 {
		d += fmt.Sprintf(" %d locked account(s) (roles, system accounts) are not counted.", a.Locked)
	}
	if !a.ShowNames {
		d += " Give " + flagname.ShowAccounts + " to list their names."
	}
	return d
}

func pluginCounts(a *Accounts) map[string]string {
	ev := map[string]string{}
	for _, p := range a.Plugins() {
		ev[p] = fmt.Sprint(a.Count(p))
	}
	return ev
}

// unloadablePlugin reports a plugin in use that the target cannot load.
func unloadablePlugin(s Snapshot, plugin string) (Finding, bool) {
	target := *s.Target
	switch {
	case plugin == "mysql_native_password" && target.IsMySQLFamily():
		return nativePasswordOnMySQL(s)
	case target.IsMySQLFamily():
		if alt, mariadbOnly := mariadbOnlyPlugins[plugin]; mariadbOnly {
			why := fmt.Sprintf("%s has no %s plugin (it is MariaDB's)", VersionLabel(target), plugin)
			if alt != "" {
				why += "; its nearest equivalent there is " + alt
			}
			return pluginFinding(s, plugin, Critical, why), true
		}
	}
	return Finding{}, false
}

// nativePasswordOnMySQL: 8.4 loads the plugin only with
// mysql_native_password=ON (the knowledge base's default OFF), 9.0 removed
// it; earlier versions always load it.
func nativePasswordOnMySQL(s Snapshot) (Finding, bool) {
	target := *s.Target
	fact, ok := knowledge.Lookup("mysql_native_password")
	if !ok {
		return Finding{}, false
	}
	lc := fact.StatusIn(target)
	switch {
	case lc.State == knowledge.StateRemoved:
		return pluginFinding(s, "mysql_native_password", Critical,
			fmt.Sprintf("%s cannot load mysql_native_password at all (removed in %s %s; mysql_native_password=ON stops it from starting)",
				VersionLabel(target), target.Name(), lc.Since)), true
	case !lc.Exists():
		return Finding{}, false
	}
	if def, _ := fact.DefaultFor(target); IsTrue(def) {
		return Finding{}, false
	}
	if enabledIn(s.Config, target, "mysql_native_password") {
		f := pluginFinding(s, "mysql_native_password", Warning,
			fmt.Sprintf("%s loads mysql_native_password only with mysql_native_password=ON, which "+flagname.Config+" sets; MySQL 9.0 removed the plugin, so this only postpones moving the accounts", VersionLabel(target)))
		return f, true
	}
	f := pluginFinding(s, "mysql_native_password", Critical,
		fmt.Sprintf("%s does not load mysql_native_password unless mysql_native_password=ON is set (default OFF)", VersionLabel(target)))
	f.Recommendation.MyCnf = []string{
		"# only to postpone moving the accounts (MySQL 9.0 removed the plugin):",
		"# mysql_native_password = ON",
	}
	return f, true
}

// enabledIn reports whether the option files set name to a true value for fl.
func enabledIn(config []ConfigOption, fl flavor.Flavor, name string) bool {
	on := false
	for _, o := range config {
		if ConfigVarName(o.Name) == name && fl.ReadsOptionGroup(o.Section) {
			v := o.ServerValue() // skip-X and disable-X turn X off
			on = IsTrue(v) || strings.EqualFold(v, "FORCE")
		}
	}
	return on
}

// pluginFinding is the finding for accounts whose plugin the target cannot
// load (or loads only when told to), with the ALTER USER statements.
func pluginFinding(s Snapshot, plugin string, sev Severity, why string) Finding {
	a := s.Accounts
	n := a.Count(plugin)
	title := fmt.Sprintf("%d account(s) use %s: %s", n, plugin, why)
	if sev == Critical {
		title = fmt.Sprintf("%d account(s) cannot log in on %s: they use %s", n, VersionLabel(*s.Target), plugin)
	}
	where := "on this server before the upgrade"
	if s.Flavor.IsMariaDB() {
		where = "on the MySQL server once the accounts are there (MariaDB has no caching_sha2_password)"
	}
	detail := fmt.Sprintf("%s. Move each account to caching_sha2_password %s, with a new or the known password; "+
		"clients then need a library that supports caching_sha2_password (MySQL 8.0+ client libraries, recent Connector/J, "+
		"mysqlnd, go-sql-driver) and TLS or the server's RSA key on first login.", why, where)
	return Finding{ID: findingPluginUnloadable, Severity: sev, Title: title, Detail: detail,
		Evidence:       map[string]string{"plugin": plugin, "accounts": fmt.Sprint(n), "target": VersionLabel(*s.Target)},
		Recommendation: Recommendation{SQL: alterStatements(a, plugin)}}
}

// alterStatements are the ALTER USER statements for the accounts of a
// plugin: one per account with --show-accounts (at most maxAlterLines),
// otherwise the query that lists them and a template.
func alterStatements(a *Accounts, plugin string) []string {
	const alter = "ALTER USER %s IDENTIFIED WITH caching_sha2_password BY 'new password';"
	if !a.ShowNames {
		return []string{
			fmt.Sprintf("SELECT user, host FROM mysql.user WHERE plugin = '%s';  -- or run again with "+flagname.ShowAccounts, plugin),
			fmt.Sprintf(alter, "'user'@'host'"),
		}
	}
	var out []string
	for i, name := range a.ByPlugin[plugin] {
		if i == maxAlterLines {
			out = append(out, fmt.Sprintf("-- and %d more: SELECT user, host FROM mysql.user WHERE plugin = '%s';", len(a.ByPlugin[plugin])-maxAlterLines, plugin))
			break
		}
		out = append(out, fmt.Sprintf(alter, name))
	}
	return out
}
