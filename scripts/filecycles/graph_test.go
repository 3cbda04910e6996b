package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"testing"
)

// checkSource type-checks files (name -> text) as one package, as load does
// with a package's files on disk.
func checkSource(t *testing.T, files [][2]string) *source {
	t.Helper()
	fset := token.NewFileSet()
	s := &source{path: "p", fset: fset}
	for _, f := range files {
		parsed, err := parser.ParseFile(fset, f[0], f[1], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		s.files = append(s.files, parsed)
		s.names = append(s.names, f[0])
	}
	s.info = &types.Info{Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{}).Check("p", fset, s.files, s.info)
	if err != nil {
		t.Fatal(err)
	}
	s.pkg = pkg
	return s
}

func TestGraphCountsFilesAndDependenciesOnACycle(t *testing.T) {
	cases := []struct {
		name       string
		files      [][2]string
		components [][]string
		counts     counts
		ties       map[[2]string][]string
	}{{
		name: "a method on another file's type ties the two files",
		files: [][2]string{
			{"a.go", "package p\ntype T struct{ n int }\nfunc New() T { return T{}.grow() }\n"},
			{"b.go", "package p\nfunc (t T) grow() T { t.n++; return t }\n"},
			{"c.go", "package p\nvar made = New()\n"},
			{"d.go", "package p\nconst alone = 1\n"},
		},
		components: [][]string{{"a.go", "b.go"}},
		counts:     counts{files: 4, filesOnCycle: 2, deps: 3, depsOnCycle: 2},
		ties: map[[2]string][]string{
			{"a.go", "b.go"}: {"T.grow"},
			{"b.go", "a.go"}: {"T", "T.n"},
			{"c.go", "a.go"}: {"New"},
		},
	}, {
		name: "a chain one way has no cycle, and a file's own names draw nothing",
		files: [][2]string{
			{"a.go", "package p\nfunc f() int { return g() + f2() }\nfunc f2() int { return 0 }\n"},
			{"b.go", "package p\nfunc g() int { return h }\n"},
			{"c.go", "package p\nvar h = 1\n"},
		},
		counts: counts{files: 3, deps: 2},
		ties: map[[2]string][]string{
			{"a.go", "b.go"}: {"g"},
			{"b.go", "c.go"}: {"h"},
		},
	}, {
		name: "two cycles are two components, largest first",
		files: [][2]string{
			{"a.go", "package p\nfunc fa() int { return fb() }\n"},
			{"b.go", "package p\nfunc fb() int { return fc() }\nvar b2 = 1\n"},
			{"c.go", "package p\nfunc fc() int { return fa() }\n"},
			{"d.go", "package p\nfunc fd() int { return fe() + b2 }\n"},
			{"e.go", "package p\nfunc fe() int { return fd() }\n"},
		},
		components: [][]string{{"a.go", "b.go", "c.go"}, {"d.go", "e.go"}},
		counts:     counts{files: 5, filesOnCycle: 5, deps: 6, depsOnCycle: 5},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := buildGraph(checkSource(t, tc.files))
			sccs := g.components()
			var got [][]string
			for _, scc := range sccs {
				var names []string
				for _, v := range scc {
					names = append(names, g.files[v])
				}
				got = append(got, names)
			}
			if !reflect.DeepEqual(got, tc.components) {
				t.Errorf("components = %v, want %v", got, tc.components)
			}
			if c := g.count(sccs); c != tc.counts {
				t.Errorf("counts = %+v, want %+v", c, tc.counts)
			}
			for pair, want := range tc.ties {
				if got := tiesOf(g, pair[0], pair[1]); !reflect.DeepEqual(got, want) {
					t.Errorf("%s -> %s ties = %v, want %v", pair[0], pair[1], got, want)
				}
			}
		})
	}
}

func tiesOf(g *graph, from, to string) []string {
	index := map[string]int{}
	for i, f := range g.files {
		index[f] = i
	}
	var names []string
	for name := range g.edges[index[from]][index[to]] {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func TestOverLimitNamesThePackagesAboveIt(t *testing.T) {
	results := []result{{name: "a", counts: counts{depsOnCycle: 9}}, {name: "b", counts: counts{depsOnCycle: 8}}}
	for _, tc := range []struct {
		limit int
		want  []string
	}{{8, []string{"a (9)"}}, {9, nil}, {-1, nil}, {0, []string{"a (9)", "b (8)"}}} {
		if got := overLimit(results, tc.limit); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("overLimit(%d) = %v, want %v", tc.limit, got, tc.want)
		}
	}
}
