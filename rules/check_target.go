package rules

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Rule target-scope: the upgrade checks can only be as good as what the
// knowledge base knows about the --target version. A target outside it, or
// older than the server, would otherwise end in a silent "nothing to do".

// ruleTargetScope is the id of the target-scope rule and its findings;
// findingTargetUnknown, a target the knowledge base does not cover, is a
// kind of its own: a notice, not a change of the target.
const (
	ruleTargetScope      = "target-scope"
	findingTargetUnknown = ruleTargetScope + "-unknown"
)

func checkTargetScope(s Snapshot) []Finding {
	if s.Target == nil {
		return nil
	}
	target := *s.Target
	if sameLine(s.Flavor, target) && target.Version.Series() != s.Flavor.Version.Series() &&
		target.Version.Compare(s.Flavor.Version) < 0 {
		return []Finding{targetOlderFinding(s.Flavor, target)}
	}
	var out []Finding
	if IsMigration(s.Flavor, target) {
		out = append(out, migrationFinding(s.Flavor, target))
	}
	if !knowledge.Covers(target) {
		out = append(out, targetNotCoveredFinding(target))
	}
	return out
}

func init() {
	register(rule{ID: ruleTargetScope, Severity: Warning, Side: SideBySeverity, Check: checkTargetScope,
		Description: "says what the knowledge base cannot tell about the " + flagname.Target + ": older than the server, another vendor",
		Also: []Kind{{ID: findingTargetUnknown, Severity: Warning, Side: SideNone,
			Description: "a " + flagname.Target + " outside the knowledge base's versions: nothing of it was checked"}}})
}

// IsMigration reports whether current and target are of different vendor
// lines (MySQL or Percona to MariaDB, or back).
func IsMigration(current, target flavor.Flavor) bool {
	known := func(f flavor.Flavor) bool { return f.IsMySQLFamily() || f.IsMariaDB() }
	return known(current) && known(target) && !sameLine(current, target)
}

// migrationFinding says that a cross-vendor target is a migration and what
// the knowledge base can and cannot tell about it.
func migrationFinding(current, target flavor.Flavor) Finding {
	from, to := current.String(), VersionLabel(target)
	return Finding{
		ID: ruleTargetScope + "-migration", Severity: Warning,
		Title: fmt.Sprintf("%s -> %s is a migration between vendors, not an upgrade", from, to),
		Detail: fmt.Sprintf("The knowledge base can tell which options set today %s refuses at start-up, accepts and ignores, "+
			"or deprecates, and where the defaults it knows for both vendors differ (reported as default drift). "+
			"It cannot tell whether %s can use the data directory (MySQL 8.0 and later and MariaDB have incompatible data "+
			"dictionaries: plan a logical dump and reload), SQL and data-type differences, authentication plugins and "+
			"password hashes, replication between the two, or default changes of variables it knows for only one vendor. "+
			"Test the application on %s before moving.", to, to, to),
		Evidence: map[string]string{"current": from, "target": to, "kind": "migration"},
	}
}

// sameLine reports whether a and b are versions of one vendor line (Percona
// Server follows MySQL's numbering).
func sameLine(a, b flavor.Flavor) bool {
	return (a.IsMySQLFamily() && b.IsMySQLFamily()) || (a.IsMariaDB() && b.IsMariaDB())
}

func targetOlderFinding(current, target flavor.Flavor) Finding {
	return Finding{
		ID: ruleTargetScope + "-older", Severity: Warning,
		Title: fmt.Sprintf(flagname.Target+" %s is older than the server (%s): the upgrade checks do not cover a downgrade", VersionLabel(target), current),
		Detail: fmt.Sprintf("The checks look for what changes when %s is replaced by a newer version. Going back to %s is a different "+
			"procedure (usually a logical dump and reload), whose pitfalls are not checked here. Give the version you upgrade to with "+flagname.Target+".",
			current, VersionLabel(target)),
		Evidence: map[string]string{"current": current.Version.String(), "target": target.Version.Series()},
	}
}

func targetNotCoveredFinding(target flavor.Flavor) Finding {
	return Finding{
		ID: findingTargetUnknown, Severity: Warning,
		Title: fmt.Sprintf("No upgrade facts for %s: default drift and removed variables were not checked", VersionLabel(target)),
		Detail: fmt.Sprintf("The knowledge base covers %s. For %s it knows no defaults, deprecations or removals, so the absence of "+
			"upgrade findings says nothing about that version. Check its release notes, or give a covered "+flagname.Target+" (the nearest series) "+
			"to see what changes up to there.", knowledge.Coverage, VersionLabel(target)),
		Evidence: map[string]string{"target": target.Version.Series(), "covered": knowledge.Coverage},
	}
}
