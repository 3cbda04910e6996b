package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestEveryDeclaredFlagIsRead walks every command of the app and fails when
// a flag it accepts is read by no code its action can reach: such a flag is
// offered and silently ignored. "Read" means the flag's name appears as a
// string in a function reachable from the command's Action (through calls and
// function values of this package) or in a package-level variable one of
// them uses (connFlags).
func TestEveryDeclaredFlagIsRead(t *testing.T) {
	files := parsePackageSources(t, ".")
	for _, cmd := range allCommands(newApp().Commands) {
		t.Run(cmd.Name, func(t *testing.T) {
			var declared []string
			for _, f := range cmd.Flags {
				if isRefused(cmd, f) {
					continue // parsed only to be refused with the reason (carried.go)
				}
				declared = append(declared, f.Names()[0])
			}
			unread, err := unreadFlags(files, actionKey(cmd), declared)
			if err != nil {
				t.Fatal(err)
			}
			if len(unread) > 0 {
				t.Errorf("%s accepts flags its action never reads: --%s (read them or do not offer them)", cmd.Name, strings.Join(unread, ", --"))
			}
		})
	}
}

// TestUnreadFlagsFindsAnIgnoredFlag checks the analysis itself on a small
// source where one flag is read by a helper and one is never read.
func TestUnreadFlagsFindsAnIgnoredFlag(t *testing.T) {
	src := `package main
import "github.com/urfave/cli/v2"
var names = []string{"via-var"}
func cmd() *cli.Command {
	return &cli.Command{Name: "demo", Action: run}
}
func other() *cli.Command {
	return &cli.Command{Name: "other", Action: func(c *cli.Context) error { return c.String("read-elsewhere") }}
}
func run(c *cli.Context) error { helper(c); return nil }
func helper(c *cli.Context) { _ = c.String("read-by-helper"); _ = names }
`
	f, err := parser.ParseFile(token.NewFileSet(), "demo.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := unreadFlags([]*ast.File{f}, "demo", []string{"read-by-helper", "via-var", "read-elsewhere", "never-read"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"never-read", "read-elsewhere"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("unreadFlags = %v, want %v", got, want)
	}
}

func allCommands(cmds []*cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, c := range cmds {
		out = append(out, c)
		out = append(out, allCommands(c.Subcommands)...)
	}
	return out
}

func parsePackageSources(t *testing.T, dir string) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// actionKey names where the analysis finds a command's Action: the
// function itself when the Action is a named function of this package
// ("func:serversList": two subcommands may share a name, sandbox list and
// servers list), else the command's name, looked up among the command
// literals.
func actionKey(cmd *cli.Command) string {
	if cmd.Action == nil {
		return cmd.Name
	}
	// the package's path, a dot, the function: ".../cmd/upgrade-advisor.serversList"
	name := runtime.FuncForPC(reflect.ValueOf(cmd.Action).Pointer()).Name()
	if _, fn, ok := strings.Cut(name[strings.LastIndex(name, "/")+1:], "."); ok && !strings.Contains(fn, ".") {
		return "func:" + fn
	}
	return cmd.Name
}

// unreadFlags returns the declared flags whose names no code reachable from
// the Action of the command named command (or the function "func:NAME")
// mentions.
func unreadFlags(files []*ast.File, command string, declared []string) ([]string, error) {
	g := buildRefGraph(files)
	var action ast.Node
	if fn, ok := strings.CutPrefix(command, "func:"); ok {
		if def, ok := g.defs[fn]; ok {
			action = def
		}
	} else if expr := g.actions[command]; expr != nil {
		action = expr
	}
	if action == nil {
		return nil, &missingActionError{command}
	}
	seen := map[string]bool{}
	strs := map[string]bool{}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
					strs[s] = true
				}
			case *ast.Ident:
				if def, ok := g.defs[n.Name]; ok && !seen[n.Name] {
					seen[n.Name] = true
					visit(def)
				}
			case *ast.SelectorExpr:
				if def, ok := g.defs[n.Sel.Name]; ok && !seen[n.Sel.Name] {
					seen[n.Sel.Name] = true
					visit(def)
				}
			}
			return true
		})
	}
	visit(action)
	var unread []string
	for _, name := range declared {
		if !strs[name] {
			unread = append(unread, name)
		}
	}
	sort.Strings(unread)
	return unread, nil
}

type missingActionError struct{ command string }

func (e *missingActionError) Error() string {
	return "no cli.Command literal with Name " + strconv.Quote(e.command) + " and an Action in the sources"
}

// refGraph holds the package's functions, methods and package-level
// variables by name, and each command literal's Action expression.
type refGraph struct {
	defs    map[string]ast.Node
	actions map[string]ast.Expr
}

func buildRefGraph(files []*ast.File) refGraph {
	g := refGraph{defs: map[string]ast.Node{}, actions: map[string]ast.Expr{}}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				g.defs[d.Name.Name] = d
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok {
						for _, n := range vs.Names {
							g.defs[n.Name] = vs
						}
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if cl, ok := n.(*ast.CompositeLit); ok {
				if name, action := commandLiteral(cl); name != "" && action != nil {
					g.actions[name] = action
				}
			}
			return true
		})
	}
	return g
}

// commandLiteral reads Name and Action of a cli.Command literal (flags have
// a Name but no Action).
func commandLiteral(cl *ast.CompositeLit) (name string, action ast.Expr) {
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		switch {
		case key == nil:
		case key.Name == "Name":
			if lit, ok := kv.Value.(*ast.BasicLit); ok {
				name, _ = strconv.Unquote(lit.Value)
			}
		case key.Name == "Action":
			action = kv.Value
		}
	}
	return name, action
}

// isRefused reports whether f is a carried flag the command refuses with
// the reason (notApplicable in carried.go), whatever its path.
func isRefused(cmd *cli.Command, f cli.Flag) bool {
	for path := range notApplicable[f.Names()[0]] {
		if strings.HasSuffix(" "+path, " "+cmd.Name) && !f.(cli.VisibleFlag).IsVisible() {
			return true
		}
	}
	return false
}
