package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
)

func schemaSetsOf(groups []outcome.Group) []SchemaSet {
	if len(groups) == 0 {
		return nil
	}
	out := make([]SchemaSet, len(groups))
	for i, g := range groups {
		out[i] = SchemaSet{Checked: g.Schemas[0], Schemas: compactNames(g.Schemas), Count: len(g.Schemas), Drifted: g.Drifted}
	}
	return out
}

// drifted reports an object of a drifted group's schema.
func (s *Schema) drifted(o SchemaObject) bool {
	return o.Group > 0 && o.Group <= len(s.Groups) && s.Groups[o.Group-1].Drifted
}

// maxRangesShown bounds the names and ranges a row lists.
const maxRangesShown = 6

// sharedText is what a loaded schema's row says of the other schemas of
// its group: " and 199 schemas with the same definition (the group:
// tenant_0001..tenant_0200)", or "" for a group of one.
func (s *Schema) sharedText(o SchemaObject) string {
	if o.Group <= 0 || o.Group > len(s.Groups) || s.Groups[o.Group-1].Count < 2 {
		return ""
	}
	g := s.Groups[o.Group-1]
	others := g.Count - 1
	word := "schemas"
	if others == 1 {
		word = "schema"
	}
	return fmt.Sprintf(" and %d %s with the same definition (the group: %s)", others, word, namesText(g.Schemas))
}

// namesText lists compact names, the first maxRangesShown of them.
func namesText(names []string) string {
	if len(names) <= maxRangesShown {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:maxRangesShown], ", ") + fmt.Sprintf(", and %d more", len(names)-maxRangesShown)
}

// groupsText is the section's sentence on the groups: "200 schemas in 4
// groups of the same definition; drifted: tenant_0007, tenant_0100,
// tenant_0198", or "" when every schema was loaded.
func (s *Schema) groupsText() string {
	return setsText(s.Groups, "loaded")
}

// setsText is the sentence on groups of schemas of which one each was
// done (loaded; loaded, upgraded and checked), "" without groups.
func setsText(groups []SchemaSet, done string) string {
	if len(groups) == 0 {
		return ""
	}
	n := 0
	var drifted []string
	for _, g := range groups {
		n += g.Count
		if g.Drifted {
			drifted = append(drifted, g.Schemas...)
		}
	}
	out := fmt.Sprintf("schemas: %d in %d groups of the same definition, one schema of each %s", n, len(groups), done)
	if len(drifted) > 0 {
		out += "; drifted from the largest group: " + namesText(drifted)
	}
	return out
}

// compactNames writes names in their order, a run of numbered names with
// the same prefix and width and consecutive numbers as "first..last".
func compactNames(names []string) []string {
	var out []string
	for i := 0; i < len(names); {
		j := i
		for j+1 < len(names) && follows(names[j], names[j+1]) {
			j++
		}
		switch {
		case j == i:
			out = append(out, names[i])
		case j == i+1:
			out = append(out, names[i], names[j])
		default:
			out = append(out, names[i]+".."+names[j])
		}
		i = j + 1
	}
	return out
}

// follows reports whether b is a's successor: the same prefix, digits of
// the same width, one more.
func follows(a, b string) bool {
	pa, na, ok := splitNumber(a)
	pb, nb, okb := splitNumber(b)
	if !ok || !okb || pa != pb || len(na) != len(nb) {
		return false
	}
	x, err := strconv.Atoi(na)
	y, err2 := strconv.Atoi(nb)
	return err == nil && err2 == nil && y == x+1
}

// splitNumber splits a name into its prefix and its trailing digits.
func splitNumber(s string) (prefix, digits string, ok bool) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return "", "", false
	}
	return s[:i], s[i:], true
}
