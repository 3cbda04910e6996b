package report

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
)

// GroupObjects gives the in-place rehearsal the schema check's grouping:
// one schema of each group was loaded, upgraded and checked, and each of
// its objects stands for the same object of every schema of its group.
// Nothing happens without groups (--no-group, or no two schemas alike).
func (p *InPlace) GroupObjects(groups []outcome.Group) {
	if len(groups) == 0 {
		return
	}
	p.Groups = schemaSetsOf(groups)
	loaded := map[string]int{}
	for i, g := range groups {
		loaded[strings.ToLower(g.Schemas[0])] = i + 1
	}
	for i := range p.Objects {
		p.Objects[i].Group = loaded[strings.ToLower(p.Objects[i].Schema)]
	}
}

// GroupsText is the in-place section's sentence on the groups, "" when
// every schema was loaded.
func (p *InPlace) GroupsText() string {
	if len(p.Groups) == 0 {
		return ""
	}
	return setsText(p.Groups, "loaded, upgraded and checked ("+flagname.NoGroup+" loads every schema)")
}

// SharedText is what a loaded object's line says of the other schemas of
// its group, "" for a group of one.
func (p *InPlace) SharedText(o InPlaceObject) string {
	s := Schema{Groups: p.Groups}
	return s.sharedText(SchemaObject{Group: o.Group})
}
