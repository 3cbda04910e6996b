package serverfetch

import (
	"fmt"
	"path"
	"slices"
	"sort"
)

// resolve returns the packages to unpack for v: its packages and their
// dependencies (Depends and Pre-Depends, recursively, the first
// alternative the suite has), less the skipped ones, plus v's extras.
func resolve(ix *index, v Version) ([]pkg, error) {
	chosen := map[string]pkg{}
	var missing []string
	var visit func(name string)
	visit = func(name string) {
		if _, ok := chosen[name]; ok || isSkipped(name) {
			return
		}
		p, ok := ix.pkgs[name]
		if !ok {
			missing = append(missing, name)
			return
		}
		chosen[name] = p
		for _, group := range p.depends {
			if alt := ix.pick(group); alt != "" {
				visit(alt)
			}
		}
	}
	for _, name := range v.Packages {
		visit(name)
	}
	for _, name := range v.Extra {
		p, ok := ix.pkgs[name]
		if !ok {
			missing = append(missing, name)
			continue
		}
		chosen[name] = p
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: suite %s of the mirror has no package %v that %s needs: is the mirror complete for this suite?",
			ErrNetwork, v.Suite, missing, v.Name)
	}
	list := make([]pkg, 0, len(chosen))
	for _, p := range chosen {
		list = append(list, p)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	return list, nil
}

// pick chooses the alternative of a dependency group to follow: the first
// real package, else the first package providing the name; "" when every
// alternative is skipped or absent (a skipped alternative satisfies the
// group: the server runs without it).
func (ix *index) pick(group []string) string {
	if slices.ContainsFunc(group, isSkipped) {
		return ""
	}
	for _, name := range group {
		if _, ok := ix.pkgs[name]; ok {
			return name
		}
	}
	for _, name := range group {
		if by := ix.provides[name]; len(by) > 0 {
			return by[0]
		}
	}
	return ""
}

func isSkipped(name string) bool {
	for _, pattern := range skipped {
		if ok, _ := path.Match(pattern, name); ok {
			return true
		}
	}
	return false
}
