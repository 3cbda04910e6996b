package ddlfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// A client statement under DELIMITER that holds several server statements:
// only the file's table DDL runs; every other statement in it is set aside
// and listed with its line.
func TestParseSetsAsideStatementsHiddenInAClientStatement(t *testing.T) {
	hidden := []struct{ sql, what string }{
		{"DROP DATABASE victim", "CREATE/ALTER/DROP DATABASE"},
		{"DROP TABLE mysql.user", "DROP TABLE"},
		{"SET GLOBAL max_connections = 1", "SET"},
		{"GRANT ALL ON *.* TO 'x'@'%'", "GRANT"},
		{"CREATE DATABASE other", "CREATE/ALTER/DROP DATABASE"},
		{"CREATE USER 'x'@'%'", "CREATE USER"},
	}
	for _, h := range hidden {
		t.Run(h.sql, func(t *testing.T) {
			src := "DELIMITER //\nCREATE TABLE t (a int); " + h.sql + "//\nDELIMITER ;\n"
			tables, notes, err := Parse("app.sql", strings.NewReader(src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(tables.Statements) != 1 || tables.Statements[0].SQL != "CREATE TABLE t (a int)" {
				t.Fatalf("statements that run: %+v; want only CREATE TABLE t (a int)", tables.Statements)
			}
			joined := strings.Join(notes, "\n")
			if !strings.Contains(joined, "line 2: "+h.sql) || !strings.Contains(joined, h.what) {
				t.Errorf("notes do not list %q at line 2 as %s:\n%s", h.sql, h.what, joined)
			}
		})
	}
}

func TestParseRunsEveryTableStatementOfAClientStatement(t *testing.T) {
	src := "DELIMITER $$\nCREATE TABLE t (a int);\nCREATE TABLE u (b int);\nALTER TABLE t ADD COLUMN c int$$\n"
	tables, _, err := Parse("app.sql", strings.NewReader(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	var got []string
	for _, s := range tables.Statements {
		got = append(got, s.SQL)
	}
	want := []string{"CREATE TABLE t (a int)", "CREATE TABLE u (b int)", "ALTER TABLE t ADD COLUMN c int"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseRefusesASemicolonInsideAnExecutableComment(t *testing.T) {
	src := "DELIMITER //\nCREATE TABLE t (a int) /*!50000 ; DROP DATABASE victim */ //\n"
	_, _, err := Parse("app.sql", strings.NewReader(src))
	var re *sqlfile.RejectError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "conditional comment") {
		t.Fatalf("err = %v; want a refusal naming the conditional comment", err)
	}
}
