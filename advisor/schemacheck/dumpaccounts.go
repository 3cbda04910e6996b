package schemacheck

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// KindAccount is the kind of an account of the dump's mysql.user or
// mysql.global_priv rows, or of its CREATE USER statements, that the
// target cannot let log in.
const KindAccount sqlfile.Kind = "account"

// dumpAccounts puts the accounts of the dump's mysql rows and CREATE USER
// statements (never run: the sandbox's accounts are not the application's)
// through the accounts
// check of a live server, the account-plugins rule, against the target:
// each account whose authentication plugin the target cannot load is an
// object of the report, named, with the rule's reason and its ALTER USER.
// The note counts the dump's accounts by plugin. Nothing of a password is
// read.
func dumpAccounts(d *sqlfile.Dump, target flavor.Flavor) ([]outcome.Object, []string) {
	if len(d.Accounts) == 0 {
		return nil, nil
	}
	a := &rules.Accounts{ByPlugin: map[string][]string{}, ShowNames: true}
	where := map[string]string{}
	for _, acc := range d.Accounts {
		name := rules.AccountName(acc.User, acc.Host)
		if _, seen := where[name]; seen {
			continue // a dump's row and its CREATE USER
		}
		a.Add(acc.User, acc.Host, acc.Plugin, acc.CannotLogIn)
		where[name] = sqlfile.Object{File: d.File, Line: acc.Line}.Source()
	}
	note := "the file's accounts (its mysql.user / mysql.global_priv rows and CREATE USER statements that name a plugin, set aside; " +
		"their plugins checked against the target, no password read): " + a.Summary()
	if a.Locked > 0 {
		note += fmt.Sprintf("; %d locked account(s) or role(s) not counted", a.Locked)
	}
	var out []outcome.Object
	for _, f := range rules.UnloadablePlugins(rules.Snapshot{Flavor: d.Writer, Target: &target, Accounts: a}) {
		kind := outcome.StatusWarned
		if f.Severity == rules.Critical {
			kind = outcome.StatusRefused
		}
		for _, name := range a.ByPlugin[f.Evidence["plugin"]] {
			p := outcome.Problem{Kind: kind, Message: f.Detail, Fix: alterFor(f, name)}
			out = append(out, outcome.Object{Kind: string(KindAccount), Name: name, Source: where[name],
				Status: outcome.Worst([]outcome.Problem{p}), Problems: []outcome.Problem{p}})
		}
	}
	return out, []string{note}
}

// alterFor is the finding's ALTER USER statement for the account (the
// finding lists a bounded number of them; past those, its query and
// template).
func alterFor(f rules.Finding, account string) string {
	for _, line := range f.Recommendation.SQL {
		if strings.Contains(line, account) {
			return line
		}
	}
	return strings.Join(f.Recommendation.SQL, " ")
}
