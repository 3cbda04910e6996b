package knowledge

import (
	"sort"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// index maps normalised names to knowledge-base entries.
var index = indexFacts(knowledgeBase)

func indexFacts(facts []Fact) map[string]*Fact {
	idx := make(map[string]*Fact, len(facts))
	for i := range facts {
		idx[flavor.OptionName(facts[i].Name)] = &facts[i]
	}
	return idx
}

// Lookup returns the knowledge-base entry for a variable; the name may use
// '-' or '_' and any case. The returned value shares its slices with the
// knowledge base: do not modify them.
func Lookup(name string) (Fact, bool) {
	f, ok := index[flavor.OptionName(name)]
	if !ok {
		return Fact{}, false
	}
	return *f, true
}

// Names returns the names of all variables in the knowledge base,
// sorted.
func Names() []string {
	names := make([]string, 0, len(index))
	for n := range index {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
