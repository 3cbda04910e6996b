package carryover

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// joinFlagOptions puts the flags that several of today's options carry
// into one set-valued variable on one line: wsrep_replicate_myisam=ON and
// wsrep_strict_ddl=ON both become flags of wsrep_mode on MariaDB 10.7+, and
// in an option file a second wsrep_mode line would replace the first, not
// add to it. The first option's line holds every flag; the others keep
// their own decision in the report, say where their flag went, and write
// no line of their own (JoinedInto).
func joinFlagOptions(opts []CarriedOption) {
	first := map[string]int{}
	for i := range opts {
		o := &opts[i]
		if o.Action == Dropped || o.Action == Machine || o.TargetName == "" || !isSetVariable(o.TargetName) {
			continue
		}
		name := flavor.OptionName(o.TargetName)
		j, seen := first[name]
		if !seen {
			first[name] = i
			continue
		}
		head := &opts[j]
		head.TargetValue = joinFlags(head.TargetValue, o.TargetValue)
		head.Why += "; joined with " + o.Name + "'s " + o.TargetValue
		o.JoinedInto = head.Name
		o.Why += "; joined into the one " + head.TargetName + " line with " + head.Name + "'s flags"
	}
}

// isSetVariable reports whether the knowledge base knows name as a
// variable holding a set of flags.
func isSetVariable(name string) bool {
	f, ok := knowledge.Lookup(name)
	return ok && f.Kind == knowledge.KindSet
}

// joinFlags appends the flags of b that a does not hold yet.
func joinFlags(a, b string) string {
	have := map[string]bool{}
	var out []string
	for _, w := range strings.Split(knowledge.Unquote(a)+","+knowledge.Unquote(b), ",") {
		w = strings.TrimSpace(w)
		if w != "" && !have[strings.ToUpper(w)] {
			have[strings.ToUpper(w)] = true
			out = append(out, w)
		}
	}
	return strings.Join(out, ",")
}
