package corpus

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// The differential tier: files generated from a small grammar
// (generate_test.go), each cut by the tool as the target's client family
// reads it and given to that client (MySQL 9.7's, MariaDB 11.8's) with
// --force; the statements the server received (its general log) must be
// the statements of the tool's cut. A fixed set of seeds runs in CI;
// scripts/differential.sh runs more by hand.

var (
	differentialFiles = flag.Int("differential.files", 150, "generated files per client in TestToolCutsAsTheClient")
	differentialSeed  = flag.Int64("differential.seed", 1, "first seed of TestToolCutsAsTheClient's files")
)

// TestToolCutsAsTheClient: for every generated file and both clients, the
// tool's client cut sends the server what the real client sends, and the
// check reports loaded the objects the client's load created, and refused
// none of them (objects_test.go). It logs its count of files and
// disagreements, and fails with the first disagreeing file and its first
// differing statement or object.
func TestToolCutsAsTheClient(t *testing.T) {
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			l := startLogged(t, srv)
			c := newChecker(t, l)
			statements, objects, unread, first := 0, 0, 0, ""
			for seed := *differentialSeed; seed < *differentialSeed+int64(*differentialFiles); seed++ {
				src := generate(seed)
				d, unreadable := c.read(t, src, l.family())
				db, schemas := sentDatabase, []string(nil)
				if d != nil {
					db, schemas = clientDatabase(d), namedSchemas(d)
				}
				sent, errorLines := l.load(t, src, db, schemas)
				real := sameStatements(sent, l.family())
				tool := sameStatements(toolSent(src, l.family()), l.family())
				if i := firstDifference(tool, real); i >= 0 {
					statements++
					if testing.Verbose() {
						t.Logf("seed %d: statement %d: the tool %q, the client %q; the client sent %q", seed, i+1, at(tool, i), at(real, i), sent)
					}
					if first == "" {
						first = fmt.Sprintf("seed %d: statement %d: the tool's cut as %s sends\n  %q\nthe client sends\n  %q\nthe file:\n%s",
							seed, i+1, l.family(), at(tool, i), at(real, i), indent(src))
					}
					continue
				}
				created := l.created(t)
				if d == nil {
					unread++ // refused whole: a file of no object, or a client command the cut refuses (compared above)
					if len(created) > 0 {
						objects++
						if first == "" {
							first = fmt.Sprintf("seed %d: the check refuses the file (%v); the client's load created %v\nthe file:\n%s", seed, unreadable, created, indent(src))
						}
					}
					continue
				}
				var loaded []string
				var refused map[string][]int
				if len(d.Objects) > 0 { // a file of no object creates none: nothing to run
					loaded, refused = c.checked(t, d, db, src)
				}
				if why := objectDifference(loaded, refused, created, errorLines); why != "" {
					objects++
					if testing.Verbose() {
						t.Logf("seed %d: %s", seed, why)
					}
					if first == "" {
						first = fmt.Sprintf("seed %d: %s\nthe file:\n%s", seed, why, indent(src))
					}
				}
			}
			t.Logf("%s: %d generated files, %d disagreements (%d in the statements sent, %d in the objects loaded; %d files refused whole)",
				key, *differentialFiles, statements+objects, statements, objects, unread)
			if statements+objects > 0 {
				t.Errorf("%d of %d generated files are read otherwise than %s's client reads them; the first, %s", statements+objects, *differentialFiles, key, first)
			}
		})
	}
}

// objectDifference says how the check's objects differ from the client's
// load, "" when they do not: loaded are the check's objects reported
// loaded, refused those reported refused or blocked (with the lines of
// their refusals), created what the client's load left in the catalog,
// errorLines the lines of the client's errors. An object the client
// created may be reported refused only where the client too reported an
// error (a second definition of it refused).
func objectDifference(loaded []string, refused map[string][]int, created []string, errorLines map[int]bool) string {
	for _, k := range created {
		lines, isRefused := refused[k]
		switch {
		case isRefused && !slices.ContainsFunc(lines, func(l int) bool { return errorLines[l] }):
			return fmt.Sprintf("the client's load created %s without an error at %v; the check reports it refused (loaded %v, created %v)", k, lines, loaded, created)
		case !isRefused && !slices.Contains(loaded, k):
			return fmt.Sprintf("the client's load created %s; the check does not report it loaded (loaded %v, created %v)", k, loaded, created)
		}
	}
	for _, k := range loaded {
		if !slices.Contains(created, k) {
			return fmt.Sprintf("the check reports %s loaded; the client's load did not create it (loaded %v, created %v)", k, loaded, created)
		}
	}
	return ""
}

// indent sets a file's lines off in a message.
func indent(src string) string {
	return "    | " + strings.ReplaceAll(src, "\n", "\n    | ")
}
