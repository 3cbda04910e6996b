package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// manEntry is one command of the man page and the flags it lists.
type manEntry struct {
	path  []string // e.g. ["sandbox", "start"]
	flags []manFlag
}

type manFlag struct {
	name  string // the long name, e.g. "--host"
	value bool   // takes a value
}

var manFlagLine = regexp.MustCompile(`^\\fB(--[a-z0-9-]+)[^\\]*\\fP(=?)`)

// manEntries reads the commands and their flags from the man page the
// binary prints: .SH per command, .SS per subcommand, a \fB--flag\fP line
// per flag. The help commands are left out.
func manEntries(t *testing.T) []manEntry {
	t.Helper()
	page, stderr, code := run(t, nil, "man")
	if code != 0 {
		t.Fatalf("man: exit %d: %s", code, stderr)
	}
	var out []manEntry
	var top string
	inCommands := false
	for _, line := range strings.Split(page, "\n") {
		switch {
		case line == ".SH COMMANDS":
			inCommands = true
		case !inCommands:
		case strings.HasPrefix(line, ".SH "):
			top = strings.TrimPrefix(line, ".SH ")
			out = append(out, manEntry{path: []string{top}})
		case strings.HasPrefix(line, ".SS "):
			sub := strings.TrimPrefix(line, ".SS ")
			if len(out) > 0 && len(out[len(out)-1].path) == 1 && out[len(out)-1].path[0] == top && len(out[len(out)-1].flags) == 0 {
				out = out[:len(out)-1] // a command with subcommands runs none itself
			}
			out = append(out, manEntry{path: []string{top, sub}})
		default:
			if m := manFlagLine.FindStringSubmatch(line); m != nil && len(out) > 0 {
				out[len(out)-1].flags = append(out[len(out)-1].flags, manFlag{name: m[1], value: m[2] == "="})
			}
		}
	}
	return slices.DeleteFunc(out, func(c manEntry) bool {
		return strings.HasPrefix(c.path[len(c.path)-1], "help")
	})
}

// flagValues are values the flags accept, so that a walk reaches the
// command's own checks; other value flags get "x".
var flagValues = map[string]string{
	"--format": "json", "--color": "never", "--fail-on": "none", "--workload": "oltp", "--budget": "8s",
	"--connect-timeout": "5s", "--lock-wait-timeout": "5s", "--load-wait": "60s", "--tables": "10", "--rounds": "3",
	"--precision": "0.05", "--concurrency": "2", "--port": "3307", "--pace": "off", "--expect-tables": "100",
	"--max-threads-running": "5", "--max-history-length": "1000", "--max-pending-fsyncs": "4", "--password": "secret",
	"--target": "mariadb-11.8", "--server-version": "mariadb-10.11.19",
	"--query-budget": "5s", "--query-timeout": "5s", "--slower-than": "1.1", "--query-classes": "10", "--queries-format": "slow", "--sample-rows": "100",
}

// invocation is the command line that tries flag on c without running
// anything: the required flags, the flag, and a stray argument that every
// command refuses (exit 2) after its flags are parsed; completion gets its
// shell, sandbox stop a directory that is no sandbox.
func invocation(c manEntry, flag []string) []string {
	args := append(slices.Clone(c.path), flag...)
	switch strings.Join(c.path, " ") {
	case "compare":
		args = append(args, "--source=sandbox:", "--target=sandbox:")
	case "rehearse":
		args = append(args, "--target-basedir=/nonexistent")
	case "completion":
		return append(args, "bash")
	case "sandbox stop":
		return append(args, "/nonexistent/upgrade-advisor-sandbox")
	}
	return append(args, "stray-argument")
}

// TestEveryManPageFlagIsAccepted walks every command's flags as the man
// page lists them: the parser takes each one (never "flag provided but not
// defined"), and the command then stops on the stray argument, a plain
// refusal or its own check of the value, without running.
func TestEveryManPageFlagIsAccepted(t *testing.T) {
	cmds := manEntries(t)
	if len(cmds) < 12 {
		t.Fatalf("the man page lists %d commands: %v", len(cmds), cmds)
	}
	walked := 0
	for _, c := range cmds {
		walked += len(c.flags)
		t.Run(strings.Join(c.path, "_"), func(t *testing.T) {
			for _, f := range c.flags {
				if f.name == "--help" {
					continue
				}
				flag := []string{f.name}
				if f.value {
					v, ok := flagValues[f.name]
					if !ok {
						v = "x"
					}
					flag = []string{f.name + "=" + v}
				}
				_, stderr, code := run(t, []string{"NO_COLOR=1"}, invocation(c, flag)...)
				if strings.Contains(stderr, "not defined") || strings.Contains(stderr, "Incorrect Usage") {
					t.Errorf("%v: the parser refuses a flag the man page lists:\n%s", invocation(c, flag), firstLine(stderr))
				}
				if c.path[0] != "completion" && code != 2 {
					t.Errorf("%v: exit %d, want 2 (stopped before running)", invocation(c, flag), code)
				}
			}
		})
	}
	if walked < 200 {
		t.Errorf("the man page lists %d flags in all: it was not read right", walked)
	}
}

// TestCarriedFlagsAcceptedOrPlainlyRefused: -q, --format and --color, the
// flags users carry from one command to another, are taken by every
// command that has what they act on (and then on its man page entry), and
// refused by the others saying why (exit 2), never by the parser.
func TestCarriedFlagsAcceptedOrPlainlyRefused(t *testing.T) {
	for _, c := range manEntries(t) {
		t.Run(strings.Join(c.path, "_"), func(t *testing.T) {
			for _, flag := range [][]string{{"-q"}, {"--quiet"}, {"--format", "json"}, {"-o", "markdown"}, {"--color", "never"}} {
				_, stderr, code := run(t, []string{"NO_COLOR=1"}, invocation(c, flag)...)
				refused := strings.Contains(stderr, "does not apply to `"+strings.Join(c.path, " ")+"`")
				long := map[string]string{"-q": "--quiet", "-o": "--format"}[flag[0]]
				if long == "" {
					long = flag[0]
				}
				listed := slices.ContainsFunc(c.flags, func(f manFlag) bool { return f.name == long })
				switch {
				case strings.Contains(stderr, "not defined") || strings.Contains(stderr, "Incorrect Usage"):
					t.Errorf("%v: the parser's refusal instead of a plain one:\n%s", flag, firstLine(stderr))
				case refused && (code != 2 || listed):
					t.Errorf("%v refused (exit %d) although the man page lists it: %v", flag, code, listed)
				case !refused && !listed:
					t.Errorf("%v taken although the man page does not list it: exit %d: %s", flag, code, firstLine(stderr))
				case !refused && strings.Contains(stderr, long):
					t.Errorf("%v: an error about the flag that does not say why it does not apply: %s", flag, firstLine(stderr))
				}
			}
		})
	}
}

// TestCheckTakesQuiet: the command the first user tried -q on takes it.
func TestCheckTakesQuiet(t *testing.T) {
	_, stderr, code := run(t, nil, "check", "-q", "--server-version", "mariadb-10.11.19", "--target", "mariadb-11.8", "--fail-on", "none")
	if code != 0 {
		t.Errorf("check -q: exit %d: %s", code, stderr)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
