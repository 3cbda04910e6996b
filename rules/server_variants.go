package rules

import (
	"fmt"
	"strings"
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
		"none for durability; crash recovery may take longer and the redo log uses 1G of disk", false},
}

// ServerVariantsFor returns the server variants to measure on a server fl,
// leaving out those whose variable the knowledge base says fl no longer
// has (a sandbox started with it would refuse to start), with a note for
// each one left out.
func ServerVariantsFor(fl Flavor) (measure []ServerVariant, notes []string) {
	for _, v := range serverVariants {
		fact, known := LookupVar(v.Variable())
		if known {
			if l := fact.StatusIn(fl); l.State == StateRemoved {
				note := fmt.Sprintf("server variant %s not measured: %s was removed in %s %s", v.Name, v.Variable(), fl.Name(), l.Since)
				if l.Replacement != "" {
					note += " (replaced by " + l.Replacement + ")"
				}
				notes = append(notes, note)
				continue
			}
		}
		measure = append(measure, v)
	}
	return measure, notes
}
