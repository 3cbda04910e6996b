package replication

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// SchemaOnly is d without its rows: its data statements and an install
// script's own INSERT/UPDATE/DELETE/REPLACE left out, for the replica a
// SeedSchema run builds from the application's schema before the
// primary's rows are loaded into it.
func SchemaOnly(d *sqlfile.Dump) *sqlfile.Dump {
	out := *d
	out.Data = nil
	if d.Steps != nil {
		out.Steps = nil
		for _, s := range d.Steps {
			if s.Kind == sqlfile.StepData || (s.Kind == sqlfile.StepScript && queries.Classify(s.SQL) == queries.KindDML) {
				continue
			}
			out.Steps = append(out.Steps, s)
		}
	}
	return &out
}
