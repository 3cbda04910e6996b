package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// handwrittenNames returns the variables the hand-written tables of the
// knowledge package describe: the Name of every element of a []Fact literal
// in its non-test Go files, other than the generated one. An element given
// by a call (queryCacheFact("query_cache_type", ...)) is named by the call's
// first argument. An element whose name cannot be read is an error, so a new
// way of writing facts cannot silently duplicate a generated entry.
func handwrittenNames(dir, generated string) (map[string]bool, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	names := map[string]bool{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") || filepath.Base(file) == generated {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			return nil, fmt.Errorf("reading the hand-written facts: %w", err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isFactSlice(lit.Type) {
				return true
			}
			for _, el := range lit.Elts {
				name, ok := elementName(el)
				if !ok {
					err = fmt.Errorf("%s: cannot tell which variable this fact describes", fset.Position(el.Pos()))
					return false
				}
				names[name] = true
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no hand-written facts found in %s: run from rules/knowledge or give -dir", dir)
	}
	return names, nil
}

// isFactSlice reports whether a literal's type is []Fact.
func isFactSlice(t ast.Expr) bool {
	arr, ok := t.(*ast.ArrayType)
	if !ok || arr.Len != nil {
		return false
	}
	id, ok := arr.Elt.(*ast.Ident)
	return ok && id.Name == "Fact"
}

// elementName reads the variable an element of a []Fact literal describes.
func elementName(el ast.Expr) (string, bool) {
	switch el := el.(type) {
	case *ast.CompositeLit:
		for _, kv := range el.Elts {
			if kv, ok := kv.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Name" {
					return stringLit(kv.Value)
				}
			}
		}
	case *ast.CallExpr:
		if len(el.Args) > 0 {
			return stringLit(el.Args[0])
		}
	}
	return "", false
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
