package main

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"
)

// graph is a package's files and their dependencies: from -> to -> the
// names of to's that from uses.
type graph struct {
	files     []string
	generated map[int]bool
	edges     map[int]map[int]map[string]bool
}

// buildGraph draws an edge from file A to file B of the package for every
// identifier in A that the type checker resolved to something B declares:
// a package-level type, func, var or const, a method or a struct field.
// A method declared in A on a type of B's is a use of B's type (the
// receiver), so it draws A -> B too. Uses of a file's own names draw
// nothing.
func buildGraph(s *source) *graph {
	g := &graph{files: s.names, generated: map[int]bool{}, edges: map[int]map[int]map[string]bool{}}
	fileOf := map[string]int{}
	for i, f := range s.files {
		fileOf[s.fset.File(f.Pos()).Name()] = i
		if ast.IsGenerated(f) {
			g.generated[i] = true
		}
	}
	owners := fieldOwners(s.pkg)
	for i, f := range s.files {
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := s.info.Uses[id]
			if obj == nil || obj.Pkg() != s.pkg || !obj.Pos().IsValid() {
				return true
			}
			j, ok := fileOf[s.fset.Position(obj.Pos()).Filename]
			if !ok || j == i {
				return true
			}
			g.add(i, j, nameOf(obj, owners))
			return true
		})
	}
	return g
}

// nameOf names obj as the output lists it: T.M for a method or for a
// field of the package's struct type T.
func nameOf(obj types.Object, owners map[*types.Var]string) string {
	switch o := obj.(type) {
	case *types.Func:
		if recv := o.Signature().Recv(); recv != nil {
			return typeName(recv.Type()) + "." + o.Name()
		}
	case *types.Var:
		if o.IsField() {
			return owners[o] + "." + o.Name()
		}
	}
	return obj.Name()
}

// fieldOwners maps the fields of the package's named struct types to the
// type's name.
func fieldOwners(pkg *types.Package) map[*types.Var]string {
	owners := map[*types.Var]string{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				owners[f] = name
			}
		}
	}
	return owners
}

func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return t.String()
}

func (g *graph) add(from, to int, name string) {
	if g.edges[from] == nil {
		g.edges[from] = map[int]map[string]bool{}
	}
	if g.edges[from][to] == nil {
		g.edges[from][to] = map[string]bool{}
	}
	g.edges[from][to][name] = true
}

// targets lists the files from depends on, in file order.
func (g *graph) targets(from int) []int {
	var to []int
	for j := range g.edges[from] {
		to = append(to, j)
	}
	slices.Sort(to)
	return to
}

// components are the graph's strongly connected components of more than
// one file (Tarjan's algorithm), largest first; a file in one is on a
// cycle.
func (g *graph) components() [][]int {
	t := tarjan{g: g, index: map[int]int{}, low: map[int]int{}, onStack: map[int]bool{}}
	for v := range g.files {
		if _, seen := t.index[v]; !seen {
			t.visit(v)
		}
	}
	sort.SliceStable(t.sccs, func(a, b int) bool { return len(t.sccs[a]) > len(t.sccs[b]) })
	return t.sccs
}

type tarjan struct {
	g       *graph
	next    int
	index   map[int]int
	low     map[int]int
	stack   []int
	onStack map[int]bool
	sccs    [][]int
}

func (t *tarjan) visit(v int) {
	t.index[v], t.low[v] = t.next, t.next
	t.next++
	t.stack = append(t.stack, v)
	t.onStack[v] = true
	for _, w := range t.g.targets(v) {
		if _, seen := t.index[w]; !seen {
			t.visit(w)
			t.low[v] = min(t.low[v], t.low[w])
		} else if t.onStack[w] {
			t.low[v] = min(t.low[v], t.index[w])
		}
	}
	if t.low[v] != t.index[v] {
		return
	}
	var scc []int
	for {
		w := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[w] = false
		scc = append(scc, w)
		if w == v {
			break
		}
	}
	if len(scc) > 1 {
		slices.Sort(scc)
		t.sccs = append(t.sccs, scc)
	}
}

// counts are the figures printed for a package.
type counts struct {
	files, filesOnCycle int
	deps, depsOnCycle   int
}

// count says how many files and how many file dependencies (edges) lie on
// a cycle: an edge does when both its ends are in the same component.
func (g *graph) count(sccs [][]int) counts {
	comp := map[int]int{}
	for c, scc := range sccs {
		for _, v := range scc {
			comp[v] = c + 1
		}
	}
	c := counts{files: len(g.files), filesOnCycle: len(comp)}
	for from, tos := range g.edges {
		for to := range tos {
			c.deps++
			if comp[from] != 0 && comp[from] == comp[to] {
				c.depsOnCycle++
			}
		}
	}
	return c
}
