// Command filecycles prints how tangled the files of a package are: the
// graph of its non-test .go files (those `go build` compiles on this
// platform), where file A -> file B when A uses a name B declares (a
// package-level type, func, var or const, a method or a struct field; a
// method declared in A on B's type counts as a use of the type), read from
// the type checker's resolution of every identifier. Its strongly connected
// components are the cycles: a file in one is on a cycle, and so is a
// dependency between two files of the same one.
//
//	go run ./scripts/filecycles ./sqlfile              counts and the largest components
//	go run ./scripts/filecycles -names ./advisor/rehearse
//	                                                   and the names that tie each component
//	go run ./scripts/filecycles -deps ./sandbox        and every file dependency with its names
//	go run ./scripts/filecycles -summary ./...         one line a package, most files on a cycle first
//	go run ./scripts/filecycles -summary -max 8 ./sqlfile ./sandbox
//	                                                   and exit 1 when one has more than 8 dependencies on a cycle
//
// Run it from the module's root (it calls `go list -export -deps`, which
// builds the imports' export data into the build cache). Generated files
// count like the others and are marked so. docs/architecture.md
// ("Measuring the rooms") holds today's figures.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	top := flag.Int("top", 3, "components listed per package")
	names := flag.Bool("names", false, "list each listed component's dependencies with the names that tie them")
	summary := flag.Bool("summary", false, "one line a package, sorted by files on a cycle")
	all := flag.Bool("deps", false, "list every file dependency of the package with the names that tie it")
	limit := flag.Int("max", -1, "exit 1 when a package has more file dependencies on a cycle than this")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	results, err := measure(patterns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "filecycles:", err)
		os.Exit(1)
	}
	if *summary {
		printSummary(os.Stdout, results)
	} else {
		for i, r := range results {
			if i > 0 {
				fmt.Println()
			}
			printPackage(os.Stdout, r, *top, *names)
			if *all {
				fmt.Println("file dependencies:")
				printTies(os.Stdout, r.graph, nil)
			}
		}
	}
	if over := overLimit(results, *limit); len(over) > 0 {
		fmt.Fprintf(os.Stderr, "filecycles: more than %d file dependencies on a cycle: %s\n", *limit, strings.Join(over, ", "))
		os.Exit(1)
	}
}

// overLimit names the packages with more file dependencies on a cycle
// than limit (none when limit is negative).
func overLimit(results []result, limit int) []string {
	var over []string
	for _, r := range results {
		if limit >= 0 && r.counts.depsOnCycle > limit {
			over = append(over, fmt.Sprintf("%s (%d)", r.name, r.counts.depsOnCycle))
		}
	}
	return over
}

// result is one package's graph and what was counted on it.
type result struct {
	name   string // import path less the module's path
	graph  *graph
	sccs   [][]int
	counts counts
}

// measure loads and counts every package the patterns name, in go list's
// order; a package that does not build is an error.
func measure(patterns []string) ([]result, error) {
	pkgs, err := goList(patterns)
	if err != nil {
		return nil, err
	}
	exports := map[string]string{}
	for _, p := range pkgs {
		exports[p.ImportPath] = p.Export
	}
	var results []result
	for _, p := range pkgs {
		if p.DepOnly {
			continue
		}
		if p.Error != nil {
			return nil, fmt.Errorf("%s: %s", p.ImportPath, p.Error.Err)
		}
		s, err := load(p, exports)
		if err != nil {
			return nil, err
		}
		g := buildGraph(s)
		sccs := g.components()
		results = append(results, result{name: shortName(p), graph: g, sccs: sccs, counts: g.count(sccs)})
	}
	return results, nil
}

func shortName(p listed) string {
	if p.Module == nil || p.ImportPath == p.Module.Path {
		return p.ImportPath
	}
	return strings.TrimPrefix(p.ImportPath, p.Module.Path+"/")
}

func printPackage(w io.Writer, r result, top int, names bool) {
	c := r.counts
	fmt.Fprintf(w, "%s\nfiles on a cycle: %d of %d\nfile dependencies on a cycle: %d of %d\n",
		r.name, c.filesOnCycle, c.files, c.depsOnCycle, c.deps)
	for i, scc := range r.sccs {
		if i == top {
			fmt.Fprintf(w, "(%d more components)\n", len(r.sccs)-top)
			break
		}
		fmt.Fprintf(w, "component %d, %d files:", i+1, len(scc))
		for _, v := range scc {
			fmt.Fprintf(w, " %s", r.graph.label(v))
		}
		fmt.Fprintln(w)
		if names {
			printTies(w, r.graph, scc)
		}
	}
}

// printTies lists the dependencies inside one component (every
// dependency when scc is nil), each with the names the first file uses of
// the second.
func printTies(w io.Writer, g *graph, scc []int) {
	for from := range g.files {
		if scc != nil && !slices.Contains(scc, from) {
			continue
		}
		for _, to := range g.targets(from) {
			if scc != nil && !slices.Contains(scc, to) {
				continue
			}
			var used []string
			for name := range g.edges[from][to] {
				used = append(used, name)
			}
			slices.Sort(used)
			fmt.Fprintf(w, "    %s -> %s: %s\n", g.files[from], g.files[to], strings.Join(used, ", "))
		}
	}
}

func (g *graph) label(v int) string {
	if g.generated[v] {
		return g.files[v] + " (generated)"
	}
	return g.files[v]
}

func printSummary(w io.Writer, results []result) {
	slices.SortStableFunc(results, func(a, b result) int {
		if d := b.counts.filesOnCycle - a.counts.filesOnCycle; d != 0 {
			return d
		}
		return b.counts.depsOnCycle - a.counts.depsOnCycle
	})
	fmt.Fprintf(w, "%-40s %18s %28s %s\n", "package", "files on a cycle", "file dependencies on a cycle", "largest component")
	for _, r := range results {
		c := r.counts
		largest := 0
		if len(r.sccs) > 0 {
			largest = len(r.sccs[0])
		}
		fmt.Fprintf(w, "%-40s %18s %28s %d\n", r.name, fmt.Sprintf("%d of %d", c.filesOnCycle, c.files),
			fmt.Sprintf("%d of %d", c.depsOnCycle, c.deps), largest)
	}
}
