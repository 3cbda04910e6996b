package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

var binary string

// TestMain builds the real binary once; the tests run it as a user would.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "upgrade-advisor-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "upgrade-advisor")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(2)
	}
	os.Setenv("UPGRADE_ADVISOR_STATE_DIR", filepath.Join(dir, "state"))
	code := m.Run()
	if err := sandboxtest.StopShared(); err != nil && code == 0 {
		code = 1
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// run executes the binary and returns stdout, stderr and the exit code.
func run(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

func socketOf(t *testing.T) string {
	sb := sandboxtest.Shared(t)
	return sb.Socket()
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // what stderr must name
	}{
		{[]string{"audit", "--no-such-flag"}, "no-such-flag"},
		{[]string{"audit", "--format", "yaml", "-S", "/nonexistent.sock"}, "yaml"},
		{[]string{"inspect", "--workload", "analytics", "-S", "/nonexistent.sock"}, "analytics"},
		{[]string{"inspect", "--fail-on", "fatal"}, "fatal"},
		{[]string{"inspect", "--target", "latest", "-S", "/nonexistent.sock"}, "--target"},
		{[]string{"inspect", "-S", "/nonexistent/mysqld.sock", "--connect-timeout", "2s"}, "/nonexistent/mysqld.sock"},
		{[]string{"audit", "--expect-tables", "-1", "-S", "/nonexistent.sock"}, "--expect-tables -1"},
		{[]string{"inspect", "--expect-tables", "10"}, "flag provided but not defined: -expect-tables"},
		{[]string{"audit", "--tables", "0", "-S", "/nonexistent.sock"}, "--tables 0"},
		{[]string{"bench", "--precision", "5", "-S", "/nonexistent.sock"}, "--precision 5"},
		{[]string{"compare", "--source", "sandbox:", "--target", "sandbox:", "--budget", "0s"}, "--budget 0s"},
		{[]string{"inspect", "--hosts", "/dev/null", "--concurrency", "0"}, "--concurrency 0"},
		{[]string{"frob"}, "frob"},
		{[]string{"sandbox", "frob"}, "frob"},
		{[]string{"help", "frob"}, "frob"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, stderr, code := run(t, nil, tc.args...)
			if code != exitcode.Error || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 naming %q", code, stderr, tc.want)
			}
		})
	}
}

func TestUnknownCommandNamesTheChoices(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frob"}, `unknown command "frob": use check, rehearse, audit,`},
		{[]string{"sandbox", "frob"}, `unknown command "sandbox frob": use sandbox start, list, stop or cache`},
	} {
		stdout, stderr, code := run(t, nil, tc.args...)
		if code != exitcode.Error || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	for _, args := range [][]string{{}, {"sandbox"}} {
		if stdout, _, code := run(t, nil, args...); code != exitcode.OK || !strings.Contains(stdout, "USAGE:") {
			t.Errorf("%v: exit %d, want help on stdout and exit 0:\n%s", args, code, stdout)
		}
	}
}

func TestHelpTeachesExamplesAndExitCodes(t *testing.T) {
	for _, cmd := range []string{"audit", "inspect", "bench"} {
		stdout, _, code := run(t, nil, cmd, "--help")
		if code != 0 || !strings.Contains(stdout, "EXAMPLES") || !strings.Contains(stdout, "EXIT CODES") || !strings.Contains(stdout, "--allow-set-global") == (cmd != "inspect") {
			t.Errorf("%s --help (exit %d):\n%s", cmd, code, stdout)
		}
	}
}

func TestAuditJSONAgainstARealServer(t *testing.T) {
	sandboxtest.EachServer(t, auditJSONAgainstARealServer)
}

func auditJSONAgainstARealServer(t *testing.T, srv sandboxtest.Server) {
	sock := srv.Shared(t).Socket()
	stdout, stderr, code := run(t, nil, "audit", "-S", sock, "-u", "root", "--workload", "ddl-heavy", "--allow-set-global",
		"--format", "json", "--tables", "20", "--rounds", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		SchemaVersion int `json:"schema_version"`
		Benchmark     struct {
			Variants []struct {
				Name     string
				Measured bool
				Speedup  *struct{ Ratio, CILow, CIHigh float64 }
			}
		}
		Findings []struct{ ID string }
		MyCnf    string `json:"mycnf"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if doc.SchemaVersion != 1 || len(doc.Benchmark.Variants) != 4 || !strings.HasPrefix(doc.MyCnf, "[mysqld]\n") {
		t.Errorf("unexpected report: %+v", doc)
	}
	for _, v := range doc.Benchmark.Variants {
		if !v.Measured || v.Speedup == nil {
			t.Errorf("variant %s not measured", v.Name)
		}
	}
}

func TestFailOnInfoExitsOne(t *testing.T) {
	sock := socketOf(t)
	_, stderr, code := run(t, nil, "audit", "-S", sock, "--workload", "oltp", "--tables", "10", "--rounds", "2", "--fail-on", "info", "-q")
	if code != exitcode.Findings {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
}

func TestPasswordOnCommandLineWarnsAndNeverPrints(t *testing.T) {
	sock := socketOf(t)
	const secret = "N0t-The-Passw0rd"
	stdout, stderr, code := run(t, nil, "inspect", "-S", sock, "-u", "nobody_here", "-p"+secret, "--format", "json")
	if code != exitcode.Error {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(stdout+stderr, secret) {
		t.Fatalf("password printed:\n%s\n%s", stdout, stderr)
	}
	if !strings.Contains(stderr, "Using a password on the command line") || !strings.Contains(stderr, "access denied") {
		t.Errorf("stderr: %s", stderr)
	}
}

func TestMyCnfOutWritesTheSnippet(t *testing.T) {
	sandboxtest.EachServer(t, myCnfOutWritesTheSnippet)
}

func myCnfOutWritesTheSnippet(t *testing.T, srv sandboxtest.Server) {
	sock := srv.Shared(t).Socket()
	path := filepath.Join(t.TempDir(), "advice.cnf")
	_, stderr, code := run(t, nil, "audit", "-S", sock, "--workload", "ddl-heavy", "--tables", "10", "--rounds", "2", "--mycnf-out", path, "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasPrefix(string(b), "[mysqld]\n") {
		t.Fatalf("snippet file: %v %q", err, b)
	}
}

// TestCheckReportsDriftFromA55Dump: without a measurement, a DDL-heavy
// workload pins the old DDL settings (the cautious default); an unknown
// workload gets the pins commented out.
func TestCheckReportsDriftFromA55Dump(t *testing.T) {
	for _, tt := range []struct{ workload, pinPrefix string }{{"ddl-heavy", ""}, {"unknown", "# "}} {
		t.Run(tt.workload, func(t *testing.T) {
			stdout, stderr, code := run(t, nil, "check", "--variables", "../../rules/testdata/snapshots/mysql-5.5.42.vars", "--target", "5.6",
				"--workload", tt.workload, "--format", "json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var doc struct {
				Findings []struct {
					ID       string
					Detail   string
					Evidence map[string]string
				}
				MyCnf string `json:"mycnf"`
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			drift := map[string]string{}
			for _, f := range doc.Findings {
				if f.ID == "default-drift" {
					drift[f.Evidence["variable"]] = f.Detail
				}
			}
			for _, v := range []string{"innodb_file_per_table", "innodb_stats_persistent"} {
				if !strings.Contains(drift[v], "CREATE TABLE") {
					t.Errorf("%s: drift missing or without the CREATE TABLE cost: %q", v, drift[v])
				}
				if !strings.Contains(doc.MyCnf, "\n"+tt.pinPrefix+v+" = OFF") || (tt.pinPrefix != "" && strings.Contains(doc.MyCnf, "\n"+v+" = OFF")) {
					t.Errorf("snippet does not pin %s as %q:\n%s", v, tt.pinPrefix+v+" = OFF", doc.MyCnf)
				}
			}
		})
	}
}

func TestCheckConfigWithRemovedVariablesFailsOnCritical(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my.cnf")
	os.WriteFile(path, []byte("[mysqld]\nquery_cache_size = 16M\ninnodb_file_format = Barracuda\n"), 0o644)
	stdout, stderr, code := run(t, nil, "check", "--config", path, "--target", "8.0", "--fail-on", "critical")
	if code != exitcode.Findings {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	for _, want := range []string{"critical: query_cache_size was removed", "critical: innodb_file_format was removed", path + ":2"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestCheckParsesTheDebianConfigTree(t *testing.T) {
	stdout, stderr, code := run(t, nil, "check", "--config", "../../advisor/mycnf/testdata/debian12/my.cnf",
		"--server-version", "10.11.19-MariaDB", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Config []struct {
			Name, File string
			Line       int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, o := range doc.Config {
		files[o.Name] = filepath.Base(o.File)
	}
	if files["bind_address"] != "50-server.cnf" || files["character_set_server"] != "50-server.cnf" {
		t.Errorf("options not attributed to their files: %v", files)
	}
}

func TestDDLFileOfAMysqldumpSchemaWithForeignKeys(t *testing.T) {
	sock := socketOf(t)
	dump, err := os.ReadFile("../../sqlfile/testdata/vetclinic-dump.sql")
	if err != nil {
		t.Fatal(err)
	}
	// MariaDB 10.11 lacks MySQL 8's default collation.
	path := filepath.Join(t.TempDir(), "schema.sql")
	os.WriteFile(path, []byte(strings.ReplaceAll(string(dump), "utf8mb4_0900_ai_ci", "utf8mb4_general_ci")), 0o644)
	stdout, stderr, code := run(t, nil, "bench", "--no-defaults", "-S", sock, "--ddl-file", path, "--rounds", "3", "--format", "json", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Benchmark struct {
			Workload       string
			TablesPerRound int `json:"tables_per_round"`
			Variants       []struct {
				Name     string
				Measured bool
			}
		}
		Notes []string
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Benchmark.TablesPerRound != 11 || !strings.Contains(doc.Benchmark.Workload, "schema.sql") {
		t.Errorf("workload %q with %d statements", doc.Benchmark.Workload, doc.Benchmark.TablesPerRound)
	}
	if !strings.Contains(strings.Join(doc.Notes, "\n"), "foreign keys") {
		t.Errorf("notes: %v", doc.Notes)
	}
	measured := 0
	for _, v := range doc.Benchmark.Variants {
		if v.Measured {
			measured++
		}
	}
	if measured < 2 {
		t.Errorf("variants: %+v", doc.Benchmark.Variants)
	}
}

func TestDDLFileWithDropDatabaseIsRefusedBeforeAnythingRuns(t *testing.T) {
	sock := socketOf(t)
	path := filepath.Join(t.TempDir(), "evil.sql")
	os.WriteFile(path, []byte("CREATE TABLE a (i INT);\n-- looks harmless\nDROP DATABASE mysql;\n"), 0o644)
	_, stderr, code := run(t, nil, "audit", "--no-defaults", "-S", sock, "--ddl-file", path, "--allow-set-global")
	if code != exitcode.Error || !strings.Contains(stderr, "evil.sql:3") || !strings.Contains(stderr, "nothing was run") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Nothing ran: not even the connection was opened, so no scratch schema.
	out, _, _ := run(t, nil, "cleanup", "--no-defaults", "-S", sock)
	if strings.Contains(out, "upgrade_advisor_") {
		t.Errorf("a scratch schema exists: %s", out)
	}
}

func TestManPageAndCompletionComeFromTheDefinitions(t *testing.T) {
	man, _, code := run(t, nil, "man")
	if code != 0 || !strings.Contains(man, ".TH") || !strings.Contains(man, "allow-set-global") || !strings.Contains(man, "compare") {
		t.Fatalf("man page (exit %d):\n%.400s", code, man)
	}
	bash, _, code := run(t, nil, "completion", "bash")
	if code != 0 || !strings.Contains(bash, "complete -o default -F _upgrade_advisor upgrade-advisor") ||
		!strings.Contains(bash, "--what-if-sandbox") || !strings.Contains(bash, "audit) COMPREPLY") {
		t.Fatalf("completion (exit %d):\n%s", code, bash)
	}
	check := exec.Command("bash", "-n")
	check.Stdin = strings.NewReader(bash)
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("the bash script does not parse: %v\n%s", err, out)
	}
	if _, _, code := run(t, nil, "completion", "fish"); code != exitcode.Error {
		t.Errorf("unknown shell: exit %d", code)
	}
}

// TestHelpLeadsWithTheReadinessQuestion: --help, the man page's
// DESCRIPTION and the README's first example after the quick start start
// with the question the tool answers: check and rehearse against the
// target's own server, before the DDL measurement.
func TestHelpLeadsWithTheReadinessQuestion(t *testing.T) {
	help, _, code := run(t, nil, "--help")
	man, _, mcode := run(t, nil, "man")
	if code != 0 || mcode != 0 {
		t.Fatalf("--help exit %d, man exit %d", code, mcode)
	}
	for name, text := range map[string]string{"--help": help, "man": man} {
		desc := text[strings.Index(text, "DESCRIPTION"):]
		if !strings.Contains(desc[:600], "can I upgrade?") {
			t.Errorf("%s: the description does not open with the readiness question:\n%.600s", name, desc)
		}
		c, r, a := strings.Index(desc, "upgrade-advisor check "), strings.Index(desc, "upgrade-advisor rehearse "), strings.Index(desc, "upgrade-advisor audit ")
		if c < 0 || r < c || a < r || !strings.Contains(desc[c:r], "--target") {
			t.Errorf("%s: the examples do not lead with check, then rehearse, against the target's binaries (check at %d, rehearse at %d, audit at %d)", name, c, r, a)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, examples, _ := strings.Cut(string(readme), "\n## Examples\n")
	_, block, _ := strings.Cut(examples, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	if !strings.Contains(block, "upgrade-advisor check") && !strings.Contains(block, "upgrade-advisor rehearse") || !strings.Contains(block, "--target") {
		t.Errorf("the README's first example after the quick start is not the readiness question:\n%s", block)
	}
}
