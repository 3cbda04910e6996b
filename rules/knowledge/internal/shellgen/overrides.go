package main

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// override is a hand-made departure from sysvars.json for generated
// entries, with its reason. The generator applies it and writes the reason
// above the entry; docs/knowledge-base.md lists them. An override naming a
// variable that is not generated fails the generation, so none goes stale
// unnoticed.
type override struct {
	names []string
	why   string
	apply func(*fact)
}

var overrides = []override{
	{
		names: []string{"innodb_api_bk_commit_interval", "innodb_api_disable_rowlock", "innodb_api_enable_binlog",
			"innodb_api_enable_mdl", "innodb_api_trx_level"},
		why:   "sysvars.json removes it in 8.3.0 with the memcached plugin, but MySQL 9.7.4 still has it (SHOW VARIABLES, --validate-config): no removal here.",
		apply: func(f *fact) { f.removed = flavor.Version{} },
	},
	{
		names: []string{"character_set_client", "character_set_connection", "character_set_database",
			"character_set_results", "character_set_system", "collation_database"},
		why:   "MySQL 9.7.4 refuses it in my.cnf: set it with SET, or character_set_server.",
		apply: func(f *fact) { f.notOption = true },
	},
	{
		names: []string{"optimizer_switch"},
		why:   "sysvars.json gives '' as its default; the server's is a flag list that changes in most releases: no default here.",
		apply: func(f *fact) { f.defaults = nil },
	},
}

// applyOverrides applies every override to the facts it names.
func applyOverrides(facts map[string]*fact) error {
	for _, o := range overrides {
		for _, name := range o.names {
			f, ok := facts[name]
			if !ok {
				return fmt.Errorf("override for %s, which is not generated (hand-written now, or gone from sysvars.json): remove it", name)
			}
			o.apply(f)
			f.why = append(f.why, o.why)
		}
	}
	return nil
}
