package sqlfile

import (
	"fmt"
	"regexp"
	"strings"
)

// useLine finds a USE statement at the start of a line.
var useLine = regexp.MustCompile(`(?im)^[ \t]*USE[ \t]`)

// Tenant is a file of tenant schemas cut down to one of them: Source is
// the file with only the largest group's first schema left (the other
// schemas' lines blanked, DELIMITER lines kept, so that lines keep their
// numbers); Schemas is how many schemas share its definition (the group's
// size), Tables how many tables it creates, and Note says so for the
// calibration's report.
type Tenant struct {
	Source  string
	Note    string
	Schemas int
	Tables  int
}

// OneTenant is, for a file of several schemas of which two or more share
// their definition (GroupSchemas), the file cut down to one of them; ok
// is false for a file of one schema or of schemas that all differ.
func OneTenant(name, src string) (_ Tenant, ok bool) {
	if len(useLine.FindAllStringIndex(src, 2)) < 2 {
		return Tenant{}, false
	}
	rd, err := readDump(name, src, ReadOptions{})
	if err != nil {
		return Tenant{}, false
	}
	d, err := rd.finish()
	if err != nil {
		return Tenant{}, false
	}
	groups := GroupSchemas(d)
	if len(groups) == 0 { // a file with no object but a statement left for the server to answer
		return Tenant{}, false
	}
	largest := 0
	for i, g := range groups {
		if len(g.Schemas) > len(groups[largest].Schemas) {
			largest = i
		}
	}
	g := groups[largest]
	if len(g.Schemas) < 2 {
		return Tenant{}, false
	}
	keep := strings.ToLower(g.Schemas[0])
	out := blankOthers(src, lineOwners(d), keep)
	tables := 0
	for _, o := range d.Objects {
		if o.Kind == KindTable && strings.EqualFold(o.Schema, keep) {
			tables++
		}
	}
	var others []string
	for i, og := range groups {
		if i != largest {
			others = append(others, og.Schemas...)
		}
	}
	note := fmt.Sprintf("the file holds %d schemas; %d of them (%s and the others of its definition) have the same tables: "+
		"the calibration runs %s's %d tables, and creating them in every one of those schemas takes about %d times its time",
		len(d.SchemaNames()), len(g.Schemas), g.Schemas[0], g.Schemas[0], tables, len(g.Schemas))
	if len(others) > 0 {
		note += fmt.Sprintf("; %d schemas differ and are not calibrated: %s", len(others), strings.Join(firstN(others, 10), ", "))
	}
	return Tenant{Source: out, Note: note, Schemas: len(g.Schemas), Tables: tables}, true
}

// lineOwners is, per line of the file (from 1), the lower-cased schema
// whose part of the file it is in ("" before the first schema): a line
// belongs to the schema of the statement that starts on it or before it.
func lineOwners(d *Dump) map[int]string {
	owners := map[int]string{}
	owner := ""
	for i, schema := range d.stepSections() {
		if schema != "" {
			owner = strings.ToLower(schema)
		}
		owners[d.Steps[i].Line] = owner
	}
	return owners
}

// blankOthers blanks the lines of src that belong to another schema than
// keep (DELIMITER lines kept).
func blankOthers(src string, owners map[int]string, keep string) string {
	lines := strings.SplitAfter(src, "\n")
	owner := ""
	var b strings.Builder
	b.Grow(len(src))
	for i, line := range lines {
		if o, ok := owners[i+1]; ok {
			owner = o
		}
		trimmed := strings.TrimSpace(line)
		if owner == "" || owner == keep || strings.HasPrefix(strings.ToUpper(trimmed), "DELIMITER") {
			b.WriteString(line)
			continue
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func firstN(names []string, n int) []string {
	if len(names) <= n {
		return names
	}
	return append(names[:n:n], fmt.Sprintf("and %d more", len(names)-n))
}
