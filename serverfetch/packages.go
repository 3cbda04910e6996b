package serverfetch

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// pkg is one package of a Packages index, with what the fetch uses.
type pkg struct {
	name, version, filename, sha256 string
	size                            int64
	depends                         [][]string // groups of alternatives, names only
	provides                        []string
}

// index is a suite's Packages: the newest version of each package, and
// which packages provide each virtual name.
type index struct {
	pkgs     map[string]pkg
	provides map[string][]string
}

// readPackages parses a Packages index (deb822 stanzas).
func readPackages(r io.Reader) (*index, error) {
	ix := &index{pkgs: map[string]pkg{}, provides: map[string][]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	fields := map[string]string{}
	last := ""
	flush := func() {
		if fields["Package"] != "" {
			ix.add(stanza(fields))
		}
		clear(fields)
		last = ""
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			flush()
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				fields[last] += "\n" + line
			}
		default:
			k, v, ok := strings.Cut(line, ":")
			if ok {
				last = k
				fields[k] = strings.TrimSpace(v)
			}
		}
	}
	flush()
	return ix, sc.Err()
}

func stanza(f map[string]string) pkg {
	size, _ := strconv.ParseInt(f["Size"], 10, 64)
	p := pkg{name: f["Package"], version: f["Version"], filename: f["Filename"], sha256: f["SHA256"], size: size}
	p.depends = append(relations(f["Pre-Depends"]), relations(f["Depends"])...)
	for _, group := range relations(f["Provides"]) {
		p.provides = append(p.provides, group...)
	}
	return p
}

// add keeps the newest version of each package.
func (ix *index) add(p pkg) {
	if old, ok := ix.pkgs[p.name]; ok && compareVersions(old.version, p.version) >= 0 {
		return
	}
	ix.pkgs[p.name] = p
	for _, v := range p.provides {
		ix.provides[v] = append(ix.provides[v], p.name)
	}
}

// relations parses a Depends-like field to groups of alternative package
// names: "libc6 (>= 2.34), libssl3t64 | libssl3, awk:any" gives
// [[libc6] [libssl3t64 libssl3] [awk]]. Versions, architectures and
// profiles are dropped.
func relations(field string) [][]string {
	var groups [][]string
	for _, part := range strings.Split(field, ",") {
		var group []string
		for _, alt := range strings.Split(part, "|") {
			name := strings.TrimSpace(alt)
			if i := strings.IndexAny(name, " (["); i >= 0 {
				name = name[:i]
			}
			name, _, _ = strings.Cut(name, ":")
			if name != "" {
				group = append(group, name)
			}
		}
		if len(group) > 0 {
			groups = append(groups, group)
		}
	}
	return groups
}
