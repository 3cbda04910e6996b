package rehearse

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// What the command line names of the query and replication rehearsals'
// options (check runs the query rehearsal too): their types and their
// defaults, as --help shows them.

type (
	// Materiality says when a slower (or faster) class matters.
	Materiality = queries.Materiality
	// QueryProgress is how far the comparison of the statements is.
	QueryProgress = queries.Progress
)

// QueryPhaseCompare is the phase of QueryProgress that compares the
// classes (the other times them).
const QueryPhaseCompare = queries.PhaseCompare

// The defaults of the rehearsals' flags.
const (
	DefaultSlowerThan      = effect.GainThreshold
	DefaultReplicationWait = replication.DefaultWait
)

// DefaultMateriality is --material-percent's and --material-ms' default.
var DefaultMateriality = queries.DefaultMateriality
