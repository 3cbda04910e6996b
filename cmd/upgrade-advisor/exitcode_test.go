package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

func TestEachErrorMapsToItsExitCode(t *testing.T) {
	tests := []struct {
		name        string
		err         error
		interrupted bool
		want        int
	}{
		{"success", nil, false, 0},
		{"findings", findingsError{worst: "critical"}, false, 1},
		{"usage", fmt.Errorf("%w: --tables 0", exitcode.ErrUsage), false, 2},
		{"connect", fmt.Errorf("db1: %w: refused", exitcode.ErrConnect), false, 2},
		{"pre-flight", fmt.Errorf("%w: read-only server", exitcode.ErrPreflight), false, 2},
		{"fleet failures", errFleetFailures{failed: 1, total: 3}, false, 2},
		{"anything else", errors.New("boom"), false, 2},
		{"interrupted", fmt.Errorf("calibration: %w", &bench.CleanupError{}), true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exitCode(tt.err, tt.interrupted); got != tt.want {
				t.Errorf("exit code %d, want %d", got, tt.want)
			}
		})
	}
}

// TestDocumentedExitCodesMatch checks that --help and the README list
// exactly the exit codes main uses.
func TestDocumentedExitCodesMatch(t *testing.T) {
	want := map[int]bool{exitcode.OK: true, exitcode.Findings: true, exitcode.Error: true}
	help := codesListed(regexp.MustCompile(`(?m)^\s+(\d)\s`), exitCodesHelp)
	if fmt.Sprint(help) != fmt.Sprint(want) {
		t.Errorf("--help lists exit codes %v, main uses %v", help, want)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	loc := regexp.MustCompile(`(?m)^##+ Exit codes\n`).FindStringIndex(string(readme))
	if loc == nil {
		t.Fatal("README.md has no \"Exit codes\" section")
	}
	section, _, _ := strings.Cut(string(readme)[loc[1]:], "\n#")
	if got := codesListed(regexp.MustCompile("(?m)^\\| `?(\\d)`? \\|"), section); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("README's exit codes table lists %v, main uses %v", got, want)
	}
}

func codesListed(re *regexp.Regexp, text string) map[int]bool {
	out := map[int]bool{}
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		out[n] = true
	}
	return out
}
