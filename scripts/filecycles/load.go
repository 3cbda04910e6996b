package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// listed is the part of `go list -json` this command reads.
type listed struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Export     string
	ImportMap  map[string]string
	DepOnly    bool
	Module     *struct{ Path string }
	Error      *struct{ Err string }
}

// goList runs `go list -export -deps -json` on the patterns: the packages
// asked for (DepOnly false) and, for every package they import, the export
// data the compiler wrote, which the type checker reads instead of their
// source.
func goList(patterns []string) ([]listed, error) {
	args := append([]string{"list", "-e", "-export", "-deps",
		"-json=ImportPath,Name,Dir,GoFiles,CgoFiles,Export,ImportMap,DepOnly,Module,Error"}, patterns...)
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %v: %w: %s", patterns, err, stderr.String())
	}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
}

// source is one package parsed and type-checked from its own non-test
// files.
type source struct {
	path  string
	fset  *token.FileSet
	files []*ast.File
	names []string // base name of each file, same order as files
	pkg   *types.Package
	info  *types.Info
}

// load parses the package's non-test files (GoFiles and CgoFiles: the
// files `go build` compiles for this platform) and type-checks them, its
// imports read from the export data in exports.
func load(p listed, exports map[string]string) (*source, error) {
	fset := token.NewFileSet()
	s := &source{path: p.ImportPath, fset: fset}
	for _, name := range append(append([]string{}, p.GoFiles...), p.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", name, err)
		}
		s.files = append(s.files, f)
		s.names = append(s.names, name)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if mapped, ok := p.ImportMap[path]; ok {
			path = mapped
		}
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %s (does it build?)", path)
		}
		return os.Open(file)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup), FakeImportC: true}
	s.info = &types.Info{Uses: map[*ast.Ident]types.Object{}}
	pkg, err := conf.Check(p.ImportPath, fset, s.files, s.info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %w", p.ImportPath, err)
	}
	s.pkg = pkg
	return s, nil
}
