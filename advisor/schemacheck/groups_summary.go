package schemacheck

import "github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"

// Summary is the grouping's groups, each with its schemas in file order
// (the first is the one loaded) and whether it drifted from the largest;
// nil on a nil grouping. The in-place rehearsal, which loads the grouped
// dump itself, gives it to its report.
func (g *Grouping) Summary() []outcome.Group {
	if g == nil {
		return nil
	}
	return g.summary()
}
