package sysvars

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// EnvPath names the environment variable that gives the path of a copy of
// sysvars.json.
const EnvPath = "UPGRADE_ADVISOR_SHELL_SYSVARS"

// besideRepository is where scripts/test.sh expects the reference copy,
// relative to the repository root: beside the clone, not in it.
const besideRepository = "../shared/reference/mysql-shell-sysvars.json"

// Locate returns the copy of sysvars.json to read: path when given, else
// $UPGRADE_ADVISOR_SHELL_SYSVARS, else ../shared/reference/mysql-shell-sysvars.json
// relative to the root of the module that contains the working directory
// (or one directory further up).
func Locate(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	if env := os.Getenv(EnvPath); env != "" {
		return env, nil
	}
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	// a checkout one directory deeper sees it one more level up
	for _, rel := range []string{besideRepository, "../" + besideRepository} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no copy of MySQL Shell's sysvars.json: give its path (-sysvars or $%s), or put it at %s beside the repository",
		EnvPath, besideRepository)
}

// moduleRoot walks up from the working directory to the go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("finding the module root: no go.mod above the working directory")
		}
		dir = parent
	}
}
