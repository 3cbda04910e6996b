package archtest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type restriction struct {
	pkg     string
	imports []string // patterns; nil: nothing of the project
	why     string
}

type ban struct {
	from, to string // patterns
	why      string
}

// imported is one import of the project's own packages by a non-test file.
type imported struct {
	from, to, file string
}

// matches says whether pkg is pattern, or under it for "x/..." ("..." is
// every package).
func matches(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// tierOf is the index of pkg's tier, -1 when the table has no place for it.
func tierOf(pkg string) int {
	for i, tier := range tiers {
		for _, pattern := range tier {
			if matches(pattern, pkg) {
				return i
			}
		}
	}
	return -1
}

// violation says why imp goes against the order, "" when it does not.
func violation(imp imported) string {
	for _, e := range exceptions {
		if matches(e.from, imp.from) && matches(e.to, imp.to) {
			return ""
		}
	}
	from, to := tierOf(imp.from), tierOf(imp.to)
	switch {
	case from < 0:
		return imp.from + " has no place in internal/archtest's tiers: give it one, and in docs/architecture.md"
	case to < 0:
		return imp.to + " has no place in internal/archtest's tiers: give it one, and in docs/architecture.md"
	case from == to:
		return fmt.Sprintf("packages of one tier (%s) do not build on each other", strings.Join(tiers[from], ", "))
	case from > to:
		return fmt.Sprintf("%s (tier %d) is above %s (tier %d) in docs/architecture.md's data flow", imp.to, to, imp.from, from)
	}
	for _, r := range only {
		if matches(r.pkg, imp.from) && !slices.ContainsFunc(r.imports, func(p string) bool { return matches(p, imp.to) }) {
			return r.why
		}
	}
	for _, b := range never {
		if matches(b.from, imp.from) && matches(b.to, imp.to) {
			return b.why
		}
	}
	return ""
}

// moduleRoot walks up from the test's directory to the go.mod and reads
// the module's path from it.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if path, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.TrimSpace(path)
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// projectImports reads the imports of every non-test .go file of the
// module, whatever its build constraints (process_windows.go counts on
// Linux too), skipping testdata, hidden directories and nested modules
// (scripts/release). It keeps the imports of the module's own packages,
// by their path relative to the module.
func projectImports(t *testing.T) ([]imported, []string) {
	t.Helper()
	root, module := moduleRoot(t)
	var imports []imported
	var pkgs []string
	fset := token.NewFileSet()
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
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range f.Imports {
			to, _ := strconv.Unquote(spec.Path.Value)
			if to, ok := strings.CutPrefix(to, module+"/"); ok {
				imports = append(imports, imported{from: pkg, to: to, file: filepath.Base(path)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading the module's imports: %v", err)
	}
	return imports, pkgs
}

func skipDir(root, path string, d fs.DirEntry) error {
	if path == root {
		return nil
	}
	name := d.Name()
	if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return filepath.SkipDir
	}
	if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
		return filepath.SkipDir
	}
	return nil
}

func TestImportsFollowTheArchitecture(t *testing.T) {
	imports, pkgs := projectImports(t)
	if len(imports) < 50 {
		t.Fatalf("read only %d imports of the project's packages: the walk missed the tree", len(imports))
	}
	tied := map[string]bool{}
	for _, imp := range imports {
		tied[imp.from], tied[imp.to] = true, true
	}
	for _, pkg := range pkgs {
		// A package that imports none of the project's and that none
		// imports (a test-only package such as this one) needs no place.
		if tied[pkg] && tierOf(pkg) < 0 {
			t.Errorf("%s has no place in the tiers of internal/archtest/order_test.go: give it one, and in docs/architecture.md", pkg)
		}
	}
	for _, imp := range imports {
		if tierOf(imp.from) < 0 || tierOf(imp.to) < 0 {
			continue // said once above
		}
		if why := violation(imp); why != "" {
			t.Errorf("%s (%s) imports %s: %s", imp.from, imp.file, imp.to, why)
		}
	}
	for _, tier := range tiers {
		for _, pattern := range tier {
			if !slices.ContainsFunc(pkgs, func(p string) bool { return matches(pattern, p) }) {
				t.Errorf("the tiers name %s, which no package of the module is: take it out here and in docs/architecture.md", pattern)
			}
		}
	}
}

func TestViolationNamesWhatGoesAgainstTheOrder(t *testing.T) {
	cases := []struct {
		from, to string
		want     string // a part of the reason; "" for an allowed import
	}{
		{"cmd/upgrade-advisor", "advisor", ""},
		{"advisor/rehearse", "advisor/schemacheck", ""},
		{"bench", "rules/effect", ""},
		{"rules", "rules/knowledge", ""},
		{"scripts/anything", "sandbox", ""},
		{"sqlfile", "advisor/report", "is above sqlfile"},
		{"advisor", "advisor/rehearse", "do not build on each other"},
		{"bench", "sandbox", "do not build on each other"},
		{"bench", "rules", "bench does not import rules"},
		{"bench/paired", "rules/knowledge", "bench does not import rules"},
		{"rules", "stmt", "rules imports nothing of the others"},
		{"rules/knowledge", "rules/effect", "imports only rules/flavor"},
		{"stmt", "decimal", "do not build on each other"},
		{"rules/knowledge", "rules/knowledge/internal/sysvars", "imports only rules/flavor"},
		{"advisor/server", "sandbox/sandboxtest", "only test files"},
		{"advisor/schemacheck", "advisor/report", "the report converts it"},
		{"advisor/report", "advisor/schemacheck", "is above advisor/report"},
		{"newpkg", "stmt", "newpkg has no place"},
		{"advisor", "newpkg", "newpkg has no place"},
	}
	for _, tc := range cases {
		got := violation(imported{from: tc.from, to: tc.to})
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s -> %s: %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}
