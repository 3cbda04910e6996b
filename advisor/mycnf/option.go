package mycnf

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Option is one option line of an option file.
type Option struct {
	// Name is the normalised option name (see flavor.OptionName), without a
	// "loose-" prefix.
	Name string
	// Value is the value after quote removal and escape decoding; it is
	// empty when HasValue is false.
	Value string
	// Section is the group the option belongs to, lower-cased
	// ("mysqld", "client", "mariadb-10.11").
	Section string
	// File is the path of the file that holds the option, as it was opened.
	File string
	// Line is the 1-based line number of the option in File.
	Line int
	// Loose reports a "loose-" or "loose_" prefix: the program ignores the
	// option, with a warning, when it does not know it.
	Loose bool
	// HasValue reports whether the option was written with "=", as in
	// "key = value" or "key=", rather than as a bare "skip-name-resolve".
	HasValue bool
}

// Options is a list of options in the order the programs read them: file
// order, with included files in place of their !include directive.
type Options []Option

// ForSections returns the options of the named groups, in file order. Group
// names compare case-insensitively.
func (o Options) ForSections(names ...string) Options {
	wanted := make(map[string]bool, len(names))
	for _, n := range names {
		wanted[strings.ToLower(n)] = true
	}
	var out Options
	for _, opt := range o {
		if wanted[opt.Section] {
			out = append(out, opt)
		}
	}
	return out
}

// Last returns the last occurrence of the option name, which is the one that
// takes effect when a program reads all of o. The name is normalised with
// flavor.OptionName first; a "loose-" prefix must not be included.
func (o Options) Last(name string) (Option, bool) {
	name = flavor.OptionName(name)
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Name == name {
			return o[i], true
		}
	}
	return Option{}, false
}
