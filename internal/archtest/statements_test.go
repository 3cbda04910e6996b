package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every statement goes through stmt (docs/architecture.md): its helpers
// put the tag on, read rows and read SHOW WARNINGS, each in one place.
// Outside stmt, only the live guard of advisor/server (the driver-level
// gate every statement to a live server passes) calls database/sql's
// statement methods, and the entries below.

// rawCallAllowed lists the functions outside stmt and the live guard that
// may call database/sql's statement methods themselves, each with why.
// Keep it short: a new entry is reviewed like a change of stmt.
var rawCallAllowed = []allowedCall{
	{"sandbox/sandboxtest/state.go", "Exec", "the tests' own connection stands for the application and the DBA: its statements must not carry the tool's tag, so querylog and the general-log test tell them from the tool's"},
	{"sandbox/sandboxtest/state.go", "Rows", "the tests' own reads, untagged for the same reason as Exec"},
	{"sandbox/sandboxtest/state.go", "User", "the test's cleanup of its account, untagged for the same reason as Exec"},
}

// statementGate are the files and packages outside the check: stmt, and the
// live guard (it forwards what database/sql hands the driver).
var statementGate = []string{"stmt/", "advisor/server/guardconn.go", "advisor/server/liveguard.go"}

type allowedCall struct {
	file, function, why string
}

// contextMethods are database/sql's statement methods; plainMethods their
// forms without a context, which the project's own types do not name
// (a Prepare of the project takes a context and a job: only a one-argument
// Prepare is database/sql's).
var (
	contextMethods = map[string]bool{"QueryContext": true, "ExecContext": true, "QueryRowContext": true, "PrepareContext": true}
	plainMethods   = map[string]bool{"Query": true, "Exec": true, "QueryRow": true, "Prepare": true}
)

// sourceFile is one parsed non-test file of the module.
type sourceFile struct {
	rel  string // slash path relative to the module
	file *ast.File
}

// projectSources parses every non-test .go file of the module (testdata,
// hidden directories and nested modules skipped, as projectImports does).
func projectSources(t *testing.T, fset *token.FileSet) []sourceFile {
	t.Helper()
	root, _ := moduleRoot(t)
	var out []sourceFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return skipDir(root, path, d)
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		out = append(out, sourceFile{rel: filepath.ToSlash(rel), file: f})
		return nil
	})
	if err != nil {
		t.Fatalf("parsing the module: %v", err)
	}
	return out
}

func inGate(rel string) bool {
	for _, g := range statementGate {
		if rel == g || (strings.HasSuffix(g, "/") && strings.HasPrefix(rel, g)) {
			return true
		}
	}
	return false
}

// importNames are the names a file's imports are known by.
func importNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		out[name] = true
	}
	return out
}

// rawCall says whether call is one of database/sql's statement methods:
// a method (not a package's function, as stmt.Exec is) of that name.
func rawCall(call *ast.CallExpr, packages map[string]bool) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if id, ok := sel.X.(*ast.Ident); ok && packages[id.Name] {
		return "", false
	}
	name := sel.Sel.Name
	switch {
	case contextMethods[name]:
		return name, true
	case plainMethods[name]:
		return name, name != "Prepare" || len(call.Args) == 1
	}
	return "", false
}

// eachFunc calls visit with every top-level function (or method) of f and
// its name.
func eachFunc(f *ast.File, visit func(name string, body ast.Node)) {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			visit(d.Name.Name, d)
		case *ast.GenDecl:
			visit("", d) // package-level vars: a statement sent at init is still one
		}
	}
}

func allowedRaw(rel, function string) bool {
	for _, a := range rawCallAllowed {
		if a.file == rel && a.function == function {
			return true
		}
	}
	return false
}

// TestStatementsGoThroughStmt fails on a call of QueryContext, ExecContext,
// QueryRowContext, PrepareContext (or their forms without a context)
// outside stmt and the live guard, unless rawCallAllowed lists it.
func TestStatementsGoThroughStmt(t *testing.T) {
	fset := token.NewFileSet()
	files := projectSources(t, fset)
	if len(files) < 100 {
		t.Fatalf("parsed only %d files: the walk missed the tree", len(files))
	}
	used := map[allowedCall]bool{}
	for _, sf := range files {
		if inGate(sf.rel) {
			continue
		}
		packages := importNames(sf.file)
		eachFunc(sf.file, func(function string, body ast.Node) {
			ast.Inspect(body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				method, ok := rawCall(call, packages)
				if !ok {
					return true
				}
				if allowedRaw(sf.rel, function) {
					used[allowedCall{file: sf.rel, function: function}] = true
					return true
				}
				t.Errorf("%s (%s): %s sends a statement around stmt: use stmt.Exec, stmt.QueryRow, stmt.Rows, stmt.ReadWarnings or stmt.Prepare (they put the tag on), or give it a reviewed entry in rawCallAllowed",
					fset.Position(call.Pos()), function, method)
				return true
			})
		})
	}
	if len(rawCallAllowed) >= 10 {
		t.Errorf("rawCallAllowed has %d entries: it is a short, reviewed list (fewer than 10); send the statements through stmt instead", len(rawCallAllowed))
	}
	for _, a := range rawCallAllowed {
		if !used[allowedCall{file: a.file, function: a.function}] {
			t.Errorf("rawCallAllowed lists %s (%s), which calls no statement method any more: take the entry out", a.file, a.function)
		}
	}
}

// TestTagIsPutOnOnlyByStmt fails where a statement is tagged by hand
// outside stmt and the live guard: stmt.Tag joined to a text with + or
// given to fmt, or stmt.Tagged called. stmt's helpers tag what they send,
// once; reading the tag (strings.CutPrefix, len) is fine.
func TestTagIsPutOnOnlyByStmt(t *testing.T) {
	fset := token.NewFileSet()
	for _, sf := range projectSources(t, fset) {
		if inGate(sf.rel) {
			continue
		}
		ast.Inspect(sf.file, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.BinaryExpr:
				if e.Op == token.ADD && (isStmt(e.X, "Tag") || isStmt(e.Y, "Tag")) {
					t.Errorf("%s: stmt.Tag joined to a statement by hand: pass the untagged text to stmt's helpers, which put the tag on", fset.Position(e.Pos()))
				}
			case *ast.CallExpr:
				if isStmt(e.Fun, "Tagged") {
					t.Errorf("%s: stmt.Tagged called outside stmt: pass the untagged text to stmt's helpers, which put the tag on", fset.Position(e.Pos()))
				}
				if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" {
						for _, a := range e.Args {
							if isStmt(a, "Tag") {
								t.Errorf("%s: stmt.Tag formatted into a statement by hand: pass the untagged text to stmt's helpers", fset.Position(a.Pos()))
							}
						}
					}
				}
			}
			return true
		})
	}
}

// isStmt says whether e is stmt.<name>.
func isStmt(e ast.Expr, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "stmt" && sel.Sel.Name == name
}
