// Command shellgen writes the knowledge base's facts derived from MySQL
// Shell's upgrade-checker data (res/upgrade_checker/sysvars.json of the
// mysql/mysql-shell repository) into a Go file of package knowledge. It is
// run by go generate in rules/knowledge (shell.go):
//
//	go generate ./rules/knowledge
//
// The copy of sysvars.json is not part of the repository: -sysvars or
// $UPGRADE_ADVISOR_SHELL_SYSVARS gives its path, and without either it is
// read from ../shared/reference/mysql-shell-sysvars.json beside the clone.
// Selection and derivation are described in derive.go and in
// docs/knowledge-base.md; the hand-made departures from the data are the
// overrides of overrides.go.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge/internal/sysvars"
)

func main() {
	path := flag.String("sysvars", "", "a copy of MySQL Shell's res/upgrade_checker/sysvars.json (default $"+sysvars.EnvPath+
		", else ../shared/reference/mysql-shell-sysvars.json beside the repository)")
	source := flag.String("source", "", "which copy it is, for the generated file's header (e.g. the mysql-shell commit and its date)")
	dir := flag.String("dir", ".", "the knowledge package's directory, whose hand-written tables take precedence")
	out := flag.String("o", "shell_generated.go", "the file to write, inside -dir")
	flag.Parse()
	if err := run(*path, *source, *dir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "shellgen:", err)
		os.Exit(1)
	}
}

func run(path, source, dir, out string) error {
	src, err := generateFromFiles(path, source, dir, out)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, out), src, 0o644); err != nil {
		return fmt.Errorf("writing the generated facts: %w", err)
	}
	return nil
}

// generateFromFiles reads the data and the hand-written tables and returns
// the generated file.
func generateFromFiles(path, source, dir, out string) ([]byte, error) {
	p, err := sysvars.Locate(path)
	if err != nil {
		return nil, err
	}
	entries, err := sysvars.Load(p)
	if err != nil {
		return nil, err
	}
	handwritten, err := handwrittenNames(dir, out)
	if err != nil {
		return nil, err
	}
	facts, err := derive(entries, handwritten)
	if err != nil {
		return nil, err
	}
	if err := applyOverrides(facts); err != nil {
		return nil, err
	}
	return render(facts, source)
}
