package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// TestGeneratedTableDDLCreatesOnlyWhatWasJudged sends generated table DDL
// (comments of both families and nesting, executable comments the server
// runs or skips, quotes, escapes, multibyte characters, strings holding
// comment delimiters, and three sql_modes of the session) through the live
// guard of a real MariaDB 11.8 and MySQL 9.7 opened as live servers. Each
// statement the guard accepts is sent as its canonical text and must
// create exactly the scratch table it names, whose comment, in the default
// sql_mode, is the value the tool read; the crafted forms must be refused;
// and nothing outside the scratch schema may change, nor any directory
// appear where a DATA DIRECTORY pointed.
func TestGeneratedTableDDLCreatesOnlyWhatWasJudged(t *testing.T) {
	for _, key := range []string{"mariadb-11.8", "mysql-9.7"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t)
			root := sandboxtest.Open(t, sb.DSN())
			outside := sandboxtest.WritableByAll(t)
			ctx := context.Background()
			s, err := Open(ctx, ConnOptions{DSN: "root@unix(" + sb.Socket() + ")/"})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			scratch := bench.NewSchemaName()
			before, err := objectsOutside(ctx, s.DB(), scratch)
			if err != nil {
				t.Fatal(err)
			}
			conn, err := s.DB().Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			mustExec := func(q string) {
				if _, err := conn.ExecContext(ctx, stmt.Tag+q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			mustExec("CREATE DATABASE " + stmt.QuoteIdent(scratch))
			defer root.Exec("DROP DATABASE IF EXISTS " + stmt.QuoteIdent(scratch))
			mustExec("USE " + stmt.QuoteIdent(scratch))
			accepted, refused := 0, 0
			rng := rand.New(rand.NewPCG(45, 0))
			for i := range 300 {
				g := generateTableDDL(rng, i, outside)
				mustExec("SET SESSION sql_mode = " + stmt.QuoteString(g.mode))
				_, err := conn.ExecContext(ctx, stmt.Tag+g.sql)
				switch {
				case errors.Is(err, errNotForALiveServer):
					refused++
					continue
				case g.crafted:
					t.Errorf("a crafted statement passed the guard: %s (server: %v)", g.sql, err)
					continue
				case err != nil:
					t.Errorf("accepted but failed on the server: %s: %v", g.sql, err)
					continue
				}
				accepted++
				checkCreated(t, root, scratch, g)
				mustExec("DROP TABLE " + stmt.QuoteIdent(g.table))
			}
			after, err := objectsOutside(ctx, s.DB(), scratch)
			if err != nil {
				t.Fatal(err)
			}
			if changed := changedOutside(before, after); len(changed) > 0 {
				t.Errorf("changed outside the scratch schema: %v", changed)
			}
			if left, _ := os.ReadDir(outside); len(left) > 0 {
				t.Errorf("the server wrote outside its datadir: %v", left)
			}
			if accepted < 100 || refused < 20 {
				t.Errorf("%d accepted, %d refused: the generator no longer covers both", accepted, refused)
			}
			t.Logf("%s: 300 generated statements, %d accepted and created only their table, %d refused", key, accepted, refused)
		})
	}
}

// checkCreated checks that the scratch schema holds exactly the generated
// table, with the comment the tool read: in NO_BACKSLASH_ESCAPES the
// canonical text's doubled backslashes read as two.
func checkCreated(t *testing.T, root *sql.DB, scratch string, g generatedDDL) {
	t.Helper()
	got := sandboxtest.Rows(t, root, "SELECT TABLE_NAME, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", scratch)
	want := g.comment
	if g.mode == "NO_BACKSLASH_ESCAPES" {
		want = strings.ReplaceAll(want, `\`, `\\`)
	}
	if len(got) != 1 || got[0][0] != g.table || got[0][1] != want {
		t.Errorf("%s (sql_mode %q) created %q; want only %s with comment %q", g.sql, g.mode, got, g.table, want)
	}
}

// generatedDDL is one generated statement and what the guard must make of it.
type generatedDDL struct {
	sql     string
	mode    string // the session's sql_mode
	table   string // the table it creates
	comment string // the comment's value as the tool reads it
	crafted bool   // built to smuggle code past a reader: must be refused
}

// stringPieces are pieces of a string's text and their value in the
// default sql_mode, in a single-quoted string.
var stringPieces = []struct{ text, value string }{
	{"abc", "abc"}, {`\'`, "'"}, {"''", "'"}, {`\\`, `\`}, {"中", "中"}, {"ü", "ü"},
	{"*/", "*/"}, {"/*", "/*"}, {"-- ", "-- "}, {"#", "#"}, {`\n`, "\n"}, {`\%`, `\%`},
	{`"`, `"`}, {"`", "`"}, {";", ";"}, {"/*!50000 x */", "/*!50000 x */"},
}

// decorations go between the tokens of a statement.
var decorations = []string{" ", " /* c */ ", " -- c\n ", " # c\n ", "/**/", " /*!50000 */ ", "\n\t"}

// engineClauses are executable comments around the table option; the
// guard expands or drops them as the server reads them.
var engineClauses = []string{"ENGINE=InnoDB", "/*!50000 ENGINE=InnoDB */", "/*!99999 ENGINE=MyISAM */", "/*M!100100 ENGINE=InnoDB */", ""}

// craftedTails smuggle a statement or a clause past a reader that ends a
// comment or a string elsewhere than the server: each must be refused.
var craftedTails = []string{
	`/*M!999999 /* */ COMMENT ' */ DATA DIRECTORY "OUT/dd" /* ' /* */`,
	`/*!50000 ; DROP DATABASE mysql */`,
	`/*!50000 DATA DIRECTORY = 'OUT/dd2' */`,
	`DATA DIRECTORY = 'OUT/dd3'`,
	`; CREATE TABLE mysql.x (a int)`,
	`SELECT 1 AS a`,
}

func generateTableDDL(rng *rand.Rand, i int, outside string) generatedDDL {
	g := generatedDDL{table: fmt.Sprintf("t%03d", i), mode: []string{"", "NO_BACKSLASH_ESCAPES", "ANSI_QUOTES"}[rng.IntN(3)]}
	name := g.table
	if rng.IntN(2) == 0 {
		name = "`" + g.table + "`"
	}
	quote := []string{"'", `"`}[rng.IntN(2)] // "..." is a string for the tool, an identifier under ANSI_QUOTES
	var text, value strings.Builder
	for range 1 + rng.IntN(5) {
		p := stringPieces[rng.IntN(len(stringPieces))]
		switch {
		case quote == `"` && p.text == `"`:
			p.text = `""`
		case quote == `"` && p.text == "''":
			p.value = "''"
		}
		text.WriteString(p.text)
		value.WriteString(p.value)
	}
	g.comment = value.String()
	deco := func() string { return decorations[rng.IntN(len(decorations))] }
	parts := []string{"CREATE", deco(), "TABLE", deco(), name, deco(), "(a int)", deco(),
		"COMMENT", deco(), quote + text.String() + quote, deco(), engineClauses[rng.IntN(len(engineClauses))]}
	if rng.IntN(5) == 0 {
		g.crafted = true
		parts = append(parts, deco(), strings.ReplaceAll(craftedTails[rng.IntN(len(craftedTails))], "OUT", outside))
	}
	g.sql = strings.Join(parts, "")
	return g
}
