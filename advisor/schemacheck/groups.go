package schemacheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Grouping is a dump's schemas checked once per definition: the first
// schema of each group is loaded, and the others get its objects' outcome.
type Grouping struct {
	file   string
	live   bool // places are schema.name, not lines
	groups []sqlfile.SchemaGroup
	// at is where each place of a group's first schema is: its group and
	// its position among that schema's places.
	at map[string]groupPlace
	// tables is how many tables all the schemas have.
	tables int
}

type groupPlace struct{ group, pos int }

// GroupDump groups d's schemas by definition (sqlfile.GroupSchemas) and
// returns the dump to load, one schema of each group, with the grouping;
// d itself and a nil grouping when no two schemas share a definition.
func GroupDump(d *sqlfile.Dump) (*sqlfile.Dump, *Grouping) {
	groups := sqlfile.GroupSchemas(d)
	g := groupingOf(d.File, d.Steps == nil, groups, d.Count(sqlfile.KindTable))
	if g == nil {
		return d, nil
	}
	return d.Without(sqlfile.Unloaded(groups)), g
}

// groupingOf is the grouping of file's groups (a live server's: live),
// whose schemas have tables tables; nil when no two schemas share a
// definition.
func groupingOf(file string, live bool, groups []sqlfile.SchemaGroup, tables int) *Grouping {
	if len(sqlfile.Unloaded(groups)) == 0 {
		return nil
	}
	g := &Grouping{file: file, live: live, groups: groups, at: map[string]groupPlace{}, tables: tables}
	for gi, grp := range groups {
		for pos, p := range grp.Places[0] {
			g.at[p] = groupPlace{gi, pos}
		}
	}
	return g
}

// Apply gives the check's section of the loaded schemas every other
// schema's objects (expand), the groups and a note; nothing on a nil
// grouping.
func (g *Grouping) Apply(s *outcome.Schema) {
	if g == nil {
		return
	}
	s.Objects, s.Groups = g.expand(s.Objects), g.summary()
	s.Notes = append(s.Notes, g.note())
}

// Sizes are how many schemas the file has and in how many groups.
func (g *Grouping) Sizes() (schemas, groups int) {
	for _, grp := range g.groups {
		schemas += len(grp.Schemas)
	}
	return schemas, len(g.groups)
}

// Tables is how many tables all the schemas have, the ones not loaded
// too.
func (g *Grouping) Tables() int { return g.tables }

// placeOf is the place an object's source names: its line in the file, or
// schema.name on a live server.
func (g *Grouping) placeOf(source string) (string, bool) {
	sep := ":"
	if g.live {
		sep = " "
	}
	return strings.CutPrefix(source, g.file+sep)
}

// sourceAt is the source of a place, as placeOf reads it.
func (g *Grouping) sourceAt(place string) string {
	if g.live {
		return g.file + " " + place
	}
	return g.file + ":" + place
}

// expand adds, for every other schema of a group, a copy of each object
// of the group's loaded schema, named and placed as that schema's own: the
// same objects, statuses and problems a check of every schema finds.
func (g *Grouping) expand(objects []outcome.Object) []outcome.Object {
	own := make([][]int, len(g.groups)) // per group, the loaded schema's objects
	for i, o := range objects {
		p, ok := g.placeOf(o.Source)
		if at, found := g.at[p]; ok && found {
			own[at.group] = append(own[at.group], i)
		}
	}
	for gi, idx := range own {
		for _, i := range idx {
			objects[i].Group = gi + 1
		}
	}
	out := objects
	for gi, grp := range g.groups {
		for m := 1; m < len(grp.Schemas); m++ {
			for _, i := range own[gi] {
				out = append(out, g.copyFor(objects[i], gi, m))
			}
		}
	}
	return out
}

// copyFor is o, an object of group gi's loaded schema, as the m-th schema
// of the group has it.
func (g *Grouping) copyFor(o outcome.Object, gi, m int) outcome.Object {
	grp := g.groups[gi]
	from, to := grp.Schemas[0], grp.Schemas[m]
	o.Name, o.SameAs = renameSchema(o.Name, from, to), o.Source
	o.Source = g.moved(o.Source, gi, m)
	o.Problems = slices.Clone(o.Problems)
	for j := range o.Problems {
		p := &o.Problems[j]
		p.Message, p.Fix = renameSchema(p.Message, from, to), renameSchema(p.Fix, from, to)
		p.Source, p.CausedBy = g.moved(p.Source, gi, m), g.moved(p.CausedBy, gi, m)
	}
	return o
}

// moved is source, when it is a place of group gi's loaded schema, as the
// same statement of the group's m-th schema; source otherwise.
func (g *Grouping) moved(source string, gi, m int) string {
	p, ok := g.placeOf(source)
	if at, found := g.at[p]; ok && found && at.group == gi {
		return g.sourceAt(g.groups[gi].Places[m][at.pos])
	}
	return source
}

// renameSchema replaces the schema name from, where it stands as a whole
// name in s, with to.
func renameSchema(s, from, to string) string {
	if from == "" || !strings.Contains(s, from) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, from)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(from)
		whole := (i == 0 || !isNameByte(s[i-1])) && (end == len(s) || !isNameByte(s[end]))
		b.WriteString(s[:i])
		if whole {
			b.WriteString(to)
		} else {
			b.WriteString(from)
		}
		s = s[end:]
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// summary is the groups as the report shows them: a group is drifted when
// it differs from the largest group of two or more schemas.
func (g *Grouping) summary() []outcome.Group {
	largest := 0
	for i, grp := range g.groups {
		if len(grp.Schemas) > len(g.groups[largest].Schemas) {
			largest = i
		}
	}
	out := make([]outcome.Group, len(g.groups))
	for i, grp := range g.groups {
		out[i] = outcome.Group{Schemas: grp.Schemas, Drifted: i != largest && len(g.groups[largest].Schemas) > 1}
	}
	return out
}

// note says what the grouping did.
func (g *Grouping) note() string {
	n, groups := g.Sizes()
	return fmt.Sprintf("%d schemas in %d groups of the same definition (objects, statements and session settings, "+
		"the schema's own name set aside; a schema that names another is a group of its own): one schema of each group "+
		"was loaded and its objects' statuses are the other schemas' ("+flagname.NoGroup+" loads every schema)", n, groups)
}
