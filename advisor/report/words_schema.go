package report

import (
	"sort"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// schemaGroup is the objects of one checker level (Errors, Warnings,
// Notices), by kind.
type schemaGroup struct {
	Title   string
	Objects []SchemaObject
}

// schemaGroups sorts the objects into Errors, Warnings and Notices, each by
// kind and name; loaded objects are left out.
func schemaGroups(s *Schema) []schemaGroup {
	groups := []schemaGroup{{Title: "Errors"}, {Title: "Warnings"}, {Title: "Notices"}}
	for _, o := range s.Objects {
		sev, ok := StatusSeverity(o.Status)
		if !ok || o.SameAs != "" { // a copy is shown on the loaded schema's row
			continue
		}
		i := map[rules.Severity]int{rules.Critical: 0, rules.Warning: 1, rules.Info: 2}[sev]
		groups[i].Objects = append(groups[i].Objects, o)
	}
	for _, g := range groups {
		sort.SliceStable(g.Objects, func(a, b int) bool {
			if da, db := s.drifted(g.Objects[a]), s.drifted(g.Objects[b]); da != db {
				return da
			}
			if g.Objects[a].Kind != g.Objects[b].Kind {
				return kindRank(g.Objects[a].Kind) < kindRank(g.Objects[b].Kind)
			}
			return g.Objects[a].Name < g.Objects[b].Name
		})
	}
	return groups
}
