package rules

// Side is what a kind of finding means to the readiness verdict of a
// report that judges a target.
type Side uint8

// The sides. The zero value is no side: every registered kind states one.
const (
	// SideBlocks: it fails on the target; the verdict is blocked.
	SideBlocks Side = iota + 1
	// SideChanges: it runs on the target but behaves differently.
	SideChanges
	// SideNone: performance, advice or a note; it never decides the verdict.
	SideNone
	// SideBySeverity: as the finding's severity says (At): critical
	// blocks, warning changes, information never decides.
	SideBySeverity
)

// Kind is one kind of finding: the id its findings carry (the id itself,
// or the id with a qualifier appended: "ddl-file-per-table-keep",
// "replication-forward-row-dump"), the severity they have, what they mean
// to the verdict, and a one-line description. A finding carries another
// severity than its kind's only for the reason given in Varies.
type Kind struct {
	ID          string
	Severity    Severity
	Side        Side
	Description string
	// Varies says when a finding is raised or lowered from Severity; empty
	// when none ever is.
	Varies string
}

// At is the side a finding of the kind at severity sev counts on: the
// kind's side, or, for SideBySeverity, the one its severity gives.
func (k Kind) At(sev Severity) Side {
	if k.Side != SideBySeverity {
		return k.Side
	}
	switch {
	case sev >= Critical:
		return SideBlocks
	case sev == Warning:
		return SideChanges
	}
	return SideNone
}
