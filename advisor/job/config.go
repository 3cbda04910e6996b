package job

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/mycnf"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// LoadConfig reads a my.cnf tree (following !include and !includedir) and
// returns the options of every section a MySQL or MariaDB server may read;
// the rules decide which sections the current and the target server read.
// Parser warnings are returned for the report's notes.
func LoadConfig(path string) ([]rules.ConfigOption, []string, error) {
	f, err := mycnf.Parse(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: reading "+flagname.Config+": %w", exitcode.ErrUsage, err)
	}
	var out []rules.ConfigOption
	for _, o := range f.Options {
		if !flavor.IsServerOptionGroup(o.Section) {
			continue
		}
		out = append(out, rules.ConfigOption{Name: o.Name, Value: o.Value, Section: o.Section, File: o.File, Line: o.Line, Loose: o.Loose})
	}
	var notes []string
	for _, w := range f.Warnings {
		notes = append(notes, "config: "+w.Error())
	}
	notes = append(notes, fmt.Sprintf("config: read %d file(s) from %s, %d server option(s)", len(f.Files), path, len(out)))
	return out, notes, nil
}
