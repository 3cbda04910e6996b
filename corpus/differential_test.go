package corpus

import (
	"flag"
	"fmt"
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
// tool's client cut sends the server what the real client sends. It logs
// its count of files and disagreements, and fails with the first
// disagreeing file and its first differing statement.
func TestToolCutsAsTheClient(t *testing.T) {
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			l := startLogged(t, srv)
			disagreements, first := 0, ""
			for seed := *differentialSeed; seed < *differentialSeed+int64(*differentialFiles); seed++ {
				src := generate(seed)
				sent := l.sent(t, src)
				real := sameStatements(sent, l.family())
				tool := sameStatements(toolSent(src, l.family()), l.family())
				i := firstDifference(tool, real)
				if i < 0 {
					continue
				}
				disagreements++
				if testing.Verbose() {
					t.Logf("seed %d: statement %d: the tool %q, the client %q; the client sent %q", seed, i+1, at(tool, i), at(real, i), sent)
				}
				if first == "" {
					first = fmt.Sprintf("seed %d: statement %d: the tool's cut as %s sends\n  %q\nthe client sends\n  %q\nthe file:\n%s",
						seed, i+1, l.family(), at(tool, i), at(real, i), indent(src))
				}
			}
			t.Logf("%s: %d generated files, %d disagreements", key, *differentialFiles, disagreements)
			if disagreements > 0 {
				t.Errorf("%d of %d generated files are cut otherwise than %s's client cuts them; the first, %s", disagreements, *differentialFiles, key, first)
			}
		})
	}
}

// indent sets a file's lines off in a message.
func indent(src string) string {
	return "    | " + strings.ReplaceAll(src, "\n", "\n    | ")
}
