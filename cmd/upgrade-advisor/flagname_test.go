package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// otherPrograms are the options of the programs the tool runs or tells
// the user to run, which its code passes or names: none is a flag of the
// tool's, and advisor/flagname does not hold them.
var otherPrograms = []struct {
	why   string
	names []string
}{
	{"mysqld/mariadbd: the sandboxes' command lines (sandbox/serverargs.go, init.go, quick.go, validate.go, version.go)", []string{
		"basedir", "datadir", "no-defaults", "socket", "port", "bind-address", "skip-networking", "pid-file", "log-error",
		"tmpdir", "general-log-file", "slow-query-log-file", "plugin-dir", "lc-messages-dir", "character-sets-dir",
		"secure-file-priv", "event-scheduler", "init-file", "skip-slave-start", "loose-mysqlx", "ssl-cert", "ssl-key",
		"initialize-insecure", "validate-config", "help", "verbose", "version", "loose-innodb-flush-method",
		"innodb-flush-log-at-trx-commit", "sync-binlog", "innodb-doublewrite", "performance-schema", "innodb-rollback-segments"}},
	{"mariadb-install-db/mysql_install_db: a sandbox's datadir made", []string{"auth-root-authentication-method", "skip-test-db"}},
	{"the mysql/mariadb client, mariadb-upgrade and mysqldump/mariadb-dump: run on the sandboxes (sandbox.RootClient, the replication seed), or the dump options a user made a file with", []string{
		"defaults-file", "user", "password", "force", "batch", "sandbox", "show-warnings", "raw", "single-transaction",
		"master-data", "source-data", "gtid", "set-gtid-purged", "hex-blob", "routines", "events", "triggers",
		"skip-triggers", "databases", "no-data", "no-create-info", "no-create-db"}},
	{"the dynamic loader (ld.so): a tarball's binaries run with their own libraries", []string{"library-path", "argv0"}},
	{"mariadb-backup/xtrabackup: preparing a physical backup before it is a datadir", []string{"prepare", "target-dir"}},
	{"cp: copying a datadir without its symbolic links", []string{"dereference"}},
	{"useradd: the unprivileged account sandboxes run as", []string{"system", "user-group", "no-create-home", "home-dir", "shell", "comment"}},
	{"gh-ost: --pace's help compares itself with it", []string{"nice-ratio"}},
	{"sysbench: scripts/loadtest's traffic", []string{"db-driver", "mysql-socket", "mysql-user", "mysql-db", "tables", "table-size", "threads", "time", "rate", "report-interval", "percentile"}},
}

// otherProse are messages that name, in prose, another program's option
// that is also a flag of the tool's: the rule for argv elements (below)
// cannot tell them from the tool's own.
var otherProse = []struct{ file, name, why string }{
	{"sandbox/validate.go", "no-defaults", "the report shows the target binary's command line (mysqld --no-defaults --validate-config)"},
	{"sandbox/validate.go", "help", "the report shows the target binary's command line (mysqld --no-defaults --help --verbose)"},
	{"sandbox/validate.go", "verbose", "the report shows the target binary's command line (mysqld --no-defaults --help --verbose)"},
	{"sandbox/options.go", "no-defaults", "why a sandbox refuses the server option: it passes mysqld --no-defaults itself"},
	{"sandbox/detect.go", "version", "the server binary's own --version, run to read its version"},
	{"sandbox/version.go", "version", "the server binary's own --version, run to read its version"},
}

// flagLiteral finds --name in a string: two dashes after a non-word
// character, a lowercase letter, and the name's letters, digits and dashes.
var flagLiteral = regexp.MustCompile(`(?:^|[^A-Za-z0-9_-])--([a-z][a-z0-9-]*[a-z0-9])`)

// argvElement is a string that is a whole command-line argument: --name
// or --name=value.
var argvElement = regexp.MustCompile(`^--[a-z][a-z0-9-]*(=\S*)?$`)

// definedFlags walks the application's commands and returns the long name
// of every flag they define, with cli's --help and --version.
func definedFlags(t *testing.T) map[string]bool {
	t.Helper()
	app := newApp()
	out := map[string]bool{}
	add := func(flags []cli.Flag) {
		for _, f := range flags {
			for _, n := range f.Names() {
				if len(n) > 1 {
					out[n] = true
				}
			}
		}
	}
	var walk func([]*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			add(c.Flags)
			walk(c.Subcommands)
		}
	}
	add(app.Flags)
	add([]cli.Flag{cli.HelpFlag, cli.VersionFlag})
	walk(app.Commands)
	if len(out) < 80 || !out["sample-rows"] {
		t.Fatalf("the walk found %d flags: it did not read the commands right", len(out))
	}
	return out
}

// flagMention is one --name in a string literal of a non-test Go file.
type flagMention struct {
	file    string // relative to the module, with slashes
	line    int
	name    string // without the dashes
	literal string // the whole string
}

// flagMentions reads every non-test Go file of the module (no testdata,
// hidden directories or nested modules such as scripts/release) and
// returns each --name in its string literals.
func flagMentions(t *testing.T) []flagMention {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module root above the test: %v", err)
	}
	var out []flagMention
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == root {
				return nil
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				return true
			}
			for _, m := range flagLiteral.FindAllStringSubmatch(s, -1) {
				out = append(out, flagMention{filepath.ToSlash(rel), fset.Position(lit.Pos()).Line, m[1], s})
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found %d flag names in the module's strings: the walk did not read it", len(out))
	}
	return out
}

func otherProgramsOption(name string) bool {
	for _, p := range otherPrograms {
		if slices.Contains(p.names, name) {
			return true
		}
	}
	return false
}

// TestEveryFlagLiteralIsADefinedFlag: every --name written in a string of
// the module's code, help texts included, is a flag the application
// defines or another program's option listed in otherPrograms.
func TestEveryFlagLiteralIsADefinedFlag(t *testing.T) {
	defined := definedFlags(t)
	for _, m := range flagMentions(t) {
		if !defined[m.name] && !otherProgramsOption(m.name) {
			t.Errorf("%s:%d: --%s is no flag of upgrade-advisor (a renamed one?) nor listed in otherPrograms", m.file, m.line, m.name)
		}
	}
}

// TestFlagNamesOutsideCmdComeFromTheTable: outside cmd and advisor/flagname
// no string names a flag of the tool's: messages take it from the table.
// What remains are other programs' options: a name only they have, an
// argument of their command lines (--datadir=DIR), or prose otherProse lists.
func TestFlagNamesOutsideCmdComeFromTheTable(t *testing.T) {
	defined := definedFlags(t)
	outside := 0
	for _, m := range flagMentions(t) {
		if strings.HasPrefix(m.file, "cmd/") || strings.HasPrefix(m.file, "advisor/flagname/") {
			continue
		}
		outside++
		prose := slices.ContainsFunc(otherProse, func(p struct{ file, name, why string }) bool {
			return p.file == m.file && p.name == m.name
		})
		switch {
		case prose:
		case !otherProgramsOption(m.name):
			t.Errorf("%s:%d: --%s written out: take it from advisor/flagname", m.file, m.line, m.name)
		case defined[m.name] && !argvElement.MatchString(m.literal):
			t.Errorf("%s:%d: --%s, a flag of the tool's too, in %q: take it from advisor/flagname, or list the message in otherProse if it names the other program's option", m.file, m.line, m.name, m.literal)
		}
	}
	t.Logf("%d other programs' options named outside cmd", outside)
}

// TestFlagTableIsTheDefinitions: advisor/flagname holds exactly the flags
// the application defines, and every definition takes its name from it.
func TestFlagTableIsTheDefinitions(t *testing.T) {
	defined := definedFlags(t)
	fset := token.NewFileSet()
	table, err := parser.ParseFile(fset, "../../advisor/flagname/flagname.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	inTable := map[string]bool{}
	ast.Inspect(table, func(n ast.Node) bool {
		if spec, ok := n.(*ast.ValueSpec); ok && len(spec.Values) == 1 {
			if lit, ok := spec.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				name, ok := strings.CutPrefix(s, "--")
				if !ok {
					t.Errorf("flagname.%s = %q: the table writes flags as on the command line, --name", spec.Names[0], s)
				}
				inTable[name] = true
			}
		}
		return true
	})
	for name := range defined {
		if !inTable[name] {
			t.Errorf("--%s is defined but not in advisor/flagname", name)
		}
	}
	for name := range inTable {
		if !defined[name] {
			t.Errorf("advisor/flagname has --%s, which no command defines", name)
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			sel, ok := lit.Type.(*ast.SelectorExpr)
			if !ok || !strings.HasSuffix(sel.Sel.Name, "Flag") {
				return true
			}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "Name") {
					if _, literal := kv.Value.(*ast.BasicLit); literal {
						t.Errorf("%s: a flag defined with a literal name: take it from advisor/flagname", fset.Position(kv.Pos()))
					}
				}
			}
			return true
		})
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
