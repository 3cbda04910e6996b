package advisor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestWhatIfReportHasTheLoadSectionAuditHas(t *testing.T) {
	dsn := sandboxtest.SharedDSN(t)
	o := quickAudit(dsn, "ddl-heavy", false)
	r, err := RunWhatIf(context.Background(), o, sandbox.Options{Log: sandboxtest.LogWriter(t)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Load == nil || r.Load.Pace == "" {
		t.Fatalf("what-if report without the load section audit fills: %+v", r.Load)
	}
}

func TestCheckReportKeepsEveryNote(t *testing.T) {
	dir := t.TempDir()
	vars := filepath.Join(dir, "vars.txt")
	cnf := filepath.Join(dir, "my.cnf")
	os.WriteFile(vars, []byte("version\t10.11.6-MariaDB-0+deb12u1\nversion_comment\tDebian 12\ninnodb_file_per_table\tON\n"), 0o600)
	os.WriteFile(cnf, []byte("[mysqld]\ninnodb_file_per_table = 1\n"), 0o600)
	r, err := RunCheck(CheckOptions{ToolVersion: "test", VariablesFile: vars, ConfigFile: cnf, Notes: []string{"a note of the caller"}})
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(r.Notes, "\n")
	for _, want := range []string{"a note of the caller", "config: read 1 file(s)", "offline check of saved files: nothing was measured"} {
		if strings.Count(joined, want) != 1 {
			t.Errorf("want the note %q once in:\n%s", want, joined)
		}
	}
	if strings.Count(joined, "nothing was measured") != 1 {
		t.Errorf("two notes say nothing was measured:\n%s", joined)
	}
}
