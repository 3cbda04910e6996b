package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// escapeGlobals are the settings an object tries to point outside the
// sandbox: where the server writes its logs, where it loads plugins from.
var escapeGlobals = []string{"general_log_file", "slow_query_log_file", "plugin_dir"}

// escapeSchema is an install script whose every object tries a way out of
// the sandbox when it runs: SET GLOBAL of each of escapeGlobals from a
// procedure (one with a DEFINER of root), a function read through a view,
// a trigger fired by the file's rows and an event; files written with
// SELECT ... INTO OUTFILE/DUMPFILE and read with LOAD_FILE(), plugins
// loaded with INSTALL PLUGIN and CREATE FUNCTION ... SONAME, all through
// PREPARE so that no reader can see them. out is a directory anyone may
// write to, secret a file anyone may read: only the server can stop them.
func escapeSchema(out, secret string) string {
	var b strings.Builder
	b.WriteString("CREATE DATABASE esc;\nUSE esc;\nDELIMITER ;;\n")
	for _, g := range escapeGlobals {
		set := fmt.Sprintf("SET GLOBAL %s = '%s/%s';", g, out, g)
		definer := ""
		if g == "general_log_file" {
			definer = "DEFINER=`root`@`localhost` "
		}
		fmt.Fprintf(&b, "CREATE %sPROCEDURE p_%s()\nBEGIN\n  %s\nEND;;\n", definer, g, set)
		fmt.Fprintf(&b, "CREATE FUNCTION f_%s() RETURNS INT DETERMINISTIC\nBEGIN\n  %s\n  RETURN 1;\nEND;;\n", g, set)
		fmt.Fprintf(&b, "CREATE VIEW v_%s AS SELECT f_%s() AS x;;\n", g, g)
		fmt.Fprintf(&b, "CREATE TABLE t_%s (id INT PRIMARY KEY);;\n", g)
		fmt.Fprintf(&b, "CREATE TRIGGER tr_%s BEFORE INSERT ON t_%s FOR EACH ROW\nBEGIN\n  %s\nEND;;\n", g, g, set)
		fmt.Fprintf(&b, "CREATE EVENT e_%s ON SCHEDULE EVERY 1 SECOND DO\nBEGIN\n  %s\nEND;;\n", g, set)
	}
	prepared := func(name, query string) {
		fmt.Fprintf(&b, "CREATE PROCEDURE %s()\nBEGIN\n  SET @q = %s;\n  PREPARE s FROM @q;\n  EXECUTE s;\n  DEALLOCATE PREPARE s;\nEND;;\n", name, query)
	}
	prepared("p_outfile", fmt.Sprintf("CONCAT('SELECT ''escaped'' INTO OUT', 'FILE ''%s/outfile.txt''')", out))
	prepared("p_dumpfile", fmt.Sprintf("CONCAT('SELECT ''escaped'' INTO DUMP', 'FILE ''%s/lib.so''')", out))
	prepared("p_install_plugin", "CONCAT('INSTALL PLU', 'GIN example SONA', 'ME ''ha_example.so''')")
	prepared("p_soname", fmt.Sprintf("CONCAT('CREATE FUNCTION udf_escape RETURNS INTEGER SONA', 'ME ''%s/lib.so''')", out))
	fmt.Fprintf(&b, "CREATE PROCEDURE p_load_file()\nBEGIN\n  SET @q = CONCAT('SELECT LOAD', '_FILE(''%s'') INTO @secret');\n"+
		"  PREPARE s FROM @q;\n  EXECUTE s;\n  DEALLOCATE PREPARE s;\n"+
		"  IF @secret IS NULL THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'the secret file could not be read'; END IF;\nEND;;\n", secret)
	b.WriteString("DELIMITER ;\n")
	for _, g := range escapeGlobals {
		fmt.Fprintf(&b, "INSERT INTO t_%s VALUES (1);\n", g)
	}
	return b.String()
}

// escapeCodes are the server codes an object may be refused with:
// 1227 no SUPER/SYSTEM_VARIABLES_ADMIN, 1238 plugin_dir is read-only,
// 1045 or 1227 no FILE (INTO OUTFILE/DUMPFILE), 1044/1142 no rights on the mysql
// schema (INSTALL PLUGIN, CREATE FUNCTION ... SONAME), 1295 not allowed in
// a prepared statement, 1644 the SIGNAL of an unread file.
var escapeCodes = map[string][]int{
	"p_":          {1227, 1238},
	"f_":          {1227, 1238},
	"v_":          {1227, 1238},
	"tr_":         {1227, 1238},
	"e_":          {1227, 1238},
	"p_outfile":   {1045, 1227},
	"p_dumpfile":  {1045, 1227},
	"p_install_":  {1044, 1142, 1227, 1295},
	"p_soname":    {1044, 1142, 1227, 1295},
	"p_load_file": {1644},
}

// TestSchemaCheckCannotEscapeTheSandbox: check --schema-file --with-data
// of escapeSchema on each server. Every object runs (rows loaded, each
// procedure called, each view read, each event's body run) and is refused
// with the server's code, which the report names; nothing is written to
// the directory outside the sandbox, the secret is not read, and no
// sandbox server is left.
func TestSchemaCheckCannotEscapeTheSandbox(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		srv.Require(t)
		out := shortTemp(t)
		if err := os.Chmod(out, 0o777); err != nil {
			t.Fatal(err)
		}
		secret := filepath.Join(shortTemp(t), "secret")
		if err := os.WriteFile(secret, []byte("the secret"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Dir(secret), 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(shortTemp(t), "escape.sql")
		if err := os.WriteFile(file, []byte(escapeSchema(out, secret)), 0o644); err != nil {
			t.Fatal(err)
		}
		basedir := srv.Basedir
		if basedir == "" {
			basedir = "/"
		}
		tmp := shortTemp(t)
		if err := os.Chmod(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, []string{"TMPDIR=" + tmp}, "check", "--schema-file", file, "--with-data",
			"--target-basedir", basedir, "--format", "json")
		if code > 1 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var doc struct {
			Schema *struct {
				Objects []struct {
					Kind, Name, Status string
					Problems           []struct {
						Code    int
						Message string
					}
				}
				Notes []string
			}
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil || doc.Schema == nil {
			t.Fatalf("no schema section (%v):\n%.3000s", err, stdout)
		}
		named := 0
		for _, o := range doc.Schema.Objects {
			short := strings.TrimPrefix(o.Name, "esc.")
			want := expectedCodes(short)
			if want == nil {
				continue // tables
			}
			var codes []int
			for _, p := range o.Problems {
				codes = append(codes, p.Code)
			}
			if !slices.ContainsFunc(codes, func(c int) bool { return slices.Contains(want, c) }) {
				t.Errorf("%s %s: problems %+v; want one with a code in %v", o.Kind, o.Name, o.Problems, want)
				continue
			}
			named++
			t.Logf("%s %s: %s %v", o.Kind, o.Name, o.Status, codes)
		}
		if want := 5*len(escapeGlobals) + 5; named != want {
			t.Errorf("%d objects named with the server's code, want %d; notes: %q", named, want, doc.Schema.Notes)
		}
		if left, _ := os.ReadDir(out); len(left) > 0 {
			t.Errorf("the schema wrote outside the sandbox: %s holds %v", out, left)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("the sandbox directory was left behind in %s: %v", tmp, left)
		}
		if dir := processRunsIn(tmp); dir != "" {
			t.Errorf("a sandbox server still runs: %s", dir)
		}
	})
}

// expectedCodes are the codes an object of the escape schema may be
// refused with (nil for the tables).
func expectedCodes(name string) []int {
	if codes, ok := escapeCodes[name]; ok {
		return codes
	}
	for _, prefix := range []string{"p_install_", "tr_", "p_", "f_", "v_", "e_"} {
		if strings.HasPrefix(name, prefix) {
			return escapeCodes[prefix]
		}
	}
	return nil
}
