package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// ServerVariant is a setting that needs a server restart, measured with
// --server-variants on a separate sandbox started with Option.
type ServerVariant struct {
	Name   string
	Option string // name=value as a server option
	// DurabilityCost says what the setting risks; StagingOnly marks those
	// that lose committed data or pages on a crash (test/CI/staging only).
	DurabilityCost string
	StagingOnly    bool
}

// Variable is the server variable the option sets.
func (v ServerVariant) Variable() string {
	name, _, _ := strings.Cut(v.Option, "=")
	return name
}

// serverVariants are the settings --server-variants measures.
var serverVariants = []ServerVariant{
	{"doublewrite_off", "innodb_doublewrite=0",
		"a crash or power loss in the middle of a page write can leave a torn page that InnoDB cannot repair", true},
	{"flush_log_at_trx_commit_2", "innodb_flush_log_at_trx_commit=2",
		"an operating-system crash or power loss loses up to about a second of committed transactions", true},
	{"flush_method_fsync", "innodb_flush_method=fsync",
		"none for durability (data still reaches the disk); pages are cached twice, by InnoDB and by the OS", false},
	{"log_file_size_1g", "innodb_log_file_size=1G",
		"none for durability; crash recovery may take longer and the redo log uses 1G of disk per log file", false},
	// MySQL 8.0.30+ sizes the redo log with innodb_redo_log_capacity (9.3
	// removed innodb_log_file_size); ServerVariantsFor picks the one the
	// server has.
	{"redo_log_capacity_1g", "innodb_redo_log_capacity=1G",
		"none for durability; crash recovery may take longer and the redo log uses 1G of disk", false},
}

// ServerVariantsFor returns the server variants to measure on a server fl.
// It leaves out a variant whose variable the knowledge base says fl does not
// have (removed: a sandbox started with it would refuse to start, or it
// would be ignored; never added there: silently), and a deprecated one whose
// replacement is measured instead, with a note for each one it leaves out
// of a server that has or had the variable.
func ServerVariantsFor(fl flavor.Flavor) (measure []ServerVariant, notes []string) {
	for _, v := range serverVariants {
		fact, known := knowledge.Lookup(v.Variable())
		if !known {
			measure = append(measure, v)
			continue
		}
		switch l := fact.StatusIn(fl); {
		case l.State == knowledge.StateRemoved || l.State == knowledge.StateIgnored:
			notes = append(notes, fmt.Sprintf("server variant %s not measured: %s was removed in %s %s%s",
				v.Name, v.Variable(), fl.Name(), l.Since, replacedBy(l)))
		case l.State == knowledge.StateAbsent:
		case l.State == knowledge.StateDeprecated && variantSets(l.Replacement, fl):
			notes = append(notes, fmt.Sprintf("server variant %s not measured: %s is deprecated in %s %s%s, which is measured instead",
				v.Name, v.Variable(), fl.Name(), l.Since, replacedBy(l)))
		default:
			measure = append(measure, v)
		}
	}
	return measure, notes
}

func replacedBy(l knowledge.Lifecycle) string {
	if l.Replacement == "" {
		return ""
	}
	return " (replaced by " + l.Replacement + ")"
}

// variantSets reports whether a server variant that fl has sets variable.
func variantSets(variable string, fl flavor.Flavor) bool {
	for _, v := range serverVariants {
		if v.Variable() != variable {
			continue
		}
		fact, known := knowledge.Lookup(variable)
		return !known || fact.StatusIn(fl).Exists()
	}
	return false
}
