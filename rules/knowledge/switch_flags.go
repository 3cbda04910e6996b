package knowledge

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// optimizer_switch is one variable holding many flags; a flag whose default
// changes between versions changes query plans under a server left at its
// defaults, as any other default. The knowledge base holds those flags as
// facts of their own (Name is the flag), apart from the variables: the
// drift rule reads them from optimizer_switch's value. A version that lacks
// a flag behaves as with it off (the optimisation does not exist there).

// OptimizerSwitch is the variable the flags live in.
const OptimizerSwitch = "optimizer_switch"

var optimizerSwitchFlags = []Fact{
	{
		Name: "hash_join_cardinality", Kind: KindEnum, Dynamic: true,
		Effect: "on: the optimizer estimates a hash join's output rows from column histograms instead of as a cross join, " +
			"so join orders and plans with join_cache_level 3 or more can change (MDEV-30812)",
		MySQL: kbNever,
		// Added off in 10.6.13, 10.8.8, 10.9.6, 10.10.4, 10.11.3; on from 11.0.2
		// ("in MariaDB versions before 11.0, it is off by default"). Real
		// binaries: 10.5.23 lacks it, 10.11.19 off, 11.8.9 on.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "off", srcMS), kbDef(flavor.V(11, 0, 2), "on", srcMS)}},
	},
	{
		Name: "cset_narrowing", Kind: KindEnum, Dynamic: true,
		Effect: "on: a utf8mb3 key column compared with a utf8mb4 value is looked up in its index instead of scanned, " +
			"so plans of such joins and lookups change (MDEV-32113)",
		MySQL: kbNever,
		// Added off in 10.6.16, 10.10.7, 10.11.6, 11.0.4, 11.1.3, 11.2.2; on from
		// 11.7 per the Charset Narrowing page. Real binaries: 10.5.23 lacks it,
		// 10.11.19 off, 11.8.9 on.
		MariaDB: &Line{Defaults: []Default{kbDef(mariaBase, "off", srcMS), kbDef(flavor.V(11, 7, 0), "on", srcMS)}},
	},
}

// OptimizerSwitchFlags lists the optimizer_switch flags whose default
// changes between the versions the knowledge base covers.
func OptimizerSwitchFlags() []Fact { return optimizerSwitchFlags }

// SwitchFlag reads one flag from an optimizer_switch value
// ("index_merge=on,hash_join_cardinality=off,..."): its value, lower-case,
// and whether the value names it.
func SwitchFlag(value, flag string) (string, bool) {
	for _, kv := range strings.Split(Unquote(value), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), flag) {
			return strings.ToLower(strings.TrimSpace(v)), true
		}
	}
	return "", false
}
