package rules

import "fmt"

// Rule target-scope: the upgrade checks can only be as good as what the
// knowledge base knows about the --target version. A target outside it, or
// older than the server, would otherwise end in a silent "nothing to do".

// RuleTargetScope is the id of the target-scope rule and its findings.
const RuleTargetScope = "target-scope"

func init() { Register(Rule{ID: RuleTargetScope, Check: checkTargetScope}) }

func checkTargetScope(s Snapshot) []Finding {
	if s.Target == nil {
		return nil
	}
	target := *s.Target
	if sameLine(s.Flavor, target) && target.Version.Series() != s.Flavor.Version.Series() &&
		target.Version.Compare(s.Flavor.Version) < 0 {
		return []Finding{targetOlderFinding(s.Flavor, target)}
	}
	if !Covers(target) {
		return []Finding{targetNotCoveredFinding(target)}
	}
	return nil
}

// sameLine reports whether a and b are versions of one vendor line (Percona
// Server follows MySQL's numbering).
func sameLine(a, b Flavor) bool {
	return (a.IsMySQLFamily() && b.IsMySQLFamily()) || (a.IsMariaDB() && b.IsMariaDB())
}

func targetOlderFinding(current, target Flavor) Finding {
	return Finding{
		ID: RuleTargetScope + "-older", Severity: Warning,
		Title: fmt.Sprintf("--target %s is older than the server (%s): the upgrade checks do not cover a downgrade", versionLabel(target), current),
		Detail: fmt.Sprintf("The checks look for what changes when %s is replaced by a newer version. Going back to %s is a different "+
			"procedure (usually a logical dump and reload), whose pitfalls are not checked here. Give the version you upgrade to with --target.",
			current, versionLabel(target)),
		Evidence: map[string]string{"current": current.Version.String(), "target": target.Version.Series()},
	}
}

func targetNotCoveredFinding(target Flavor) Finding {
	return Finding{
		ID: RuleTargetScope + "-unknown", Severity: Warning,
		Title: fmt.Sprintf("No upgrade facts for %s: default drift and removed variables were not checked", versionLabel(target)),
		Detail: fmt.Sprintf("The knowledge base covers %s. For %s it knows no defaults, deprecations or removals, so the absence of "+
			"upgrade findings says nothing about that version. Check its release notes, or give a covered --target (the nearest series) "+
			"to see what changes up to there.", KnowledgeCoverage, versionLabel(target)),
		Evidence: map[string]string{"target": target.Version.Series(), "covered": KnowledgeCoverage},
	}
}
