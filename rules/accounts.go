package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Accounts are a live server's accounts by authentication plugin, as far as
// the user running the tool may read them.
type Accounts struct {
	// ByPlugin lists the accounts ('user'@'host') that can log in, by
	// lower-case plugin name.
	ByPlugin map[string][]string
	// Locked counts locked accounts (roles, the server's own system
	// accounts), which cannot log in and are not listed.
	Locked int
	// ShowNames allows findings to name accounts (--show-accounts);
	// otherwise they give counts only.
	ShowNames bool
	// Unreadable says why the accounts could not be read ("" when read).
	Unreadable string
}

// Add counts one account: a locked one or a role (cannotLogIn) only as
// locked, any other under its plugin.
func (a *Accounts) Add(user, host, plugin string, cannotLogIn bool) {
	if cannotLogIn {
		a.Locked++
		return
	}
	if a.ByPlugin == nil {
		a.ByPlugin = map[string][]string{}
	}
	p := PluginName(plugin)
	a.ByPlugin[p] = append(a.ByPlugin[p], AccountName(user, host))
}

// PluginName is the plugin an account authenticates with: an empty plugin
// column (MariaDB accounts created without one, MySQL 5.x) means
// mysql_native_password.
func PluginName(p string) string {
	p = strings.ToLower(strings.TrimSpace(p))
	if p == "" {
		return "mysql_native_password"
	}
	return p
}

// AccountName quotes an account for ALTER USER: 'user'@'host'.
func AccountName(user, host string) string {
	q := func(s string) string {
		return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", "''") + "'"
	}
	return q(user) + "@" + q(host)
}

// Count is the number of accounts that use plugin.
func (a *Accounts) Count(plugin string) int { return len(a.ByPlugin[plugin]) }

// Plugins returns the plugins in use, most accounts first.
func (a *Accounts) Plugins() []string {
	out := make([]string, 0, len(a.ByPlugin))
	for p := range a.ByPlugin {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if ci, cj := a.Count(out[i]), a.Count(out[j]); ci != cj {
			return ci > cj
		}
		return out[i] < out[j]
	})
	return out
}

// Summary is "caching_sha2_password 3, mysql_native_password 1", with the
// names after each count when ShowNames is set.
func (a *Accounts) Summary() string {
	var parts []string
	for _, p := range a.Plugins() {
		part := fmt.Sprintf("%s %d", p, a.Count(p))
		if a.ShowNames {
			part += " (" + strings.Join(a.ByPlugin[p], ", ") + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "none that can log in"
	}
	return strings.Join(parts, ", ")
}
