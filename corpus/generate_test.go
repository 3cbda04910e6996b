package corpus

import (
	"fmt"
	"math/rand"
	"strings"
)

// The generator writes SQL files from a small grammar of what makes a file
// hard to read: delimiters and DELIMITER lines, use with and without a
// semicolon, comments of every form (nested in executable ones too),
// strings with escapes and multibyte characters, routine bodies with
// BEGIN/END/IF/CASE/LOOP and block words used as names, "--" followed by a
// space or not, the backslash commands that only print or send, tables
// named by schema across several schemas with and without USE, and a
// statement left open at the end. It never writes a command that acts
// outside the server (\!, source, tee, pager, edit, connect, \C).

// generator writes one file from its random source.
type generator struct {
	r         *rand.Rand
	b         strings.Builder
	delimiter string
}

// generate is the file of seed.
func generate(seed int64) string {
	g := &generator{r: rand.New(rand.NewSource(seed)), delimiter: ";"}
	for n := 3 + g.r.Intn(10); n > 0; n-- {
		g.item()
	}
	if g.r.Intn(3) == 0 {
		g.b.WriteString(g.statement()) // left open: no delimiter at the end
		if g.r.Intn(2) == 0 {
			g.b.WriteString("\n")
		}
	}
	return g.b.String()
}

// pick is one of choices.
func (g *generator) pick(choices ...string) string { return choices[g.r.Intn(len(choices))] }

// item writes one line's worth: a statement and its delimiter, a
// DELIMITER line, a use, a comment, a backslash command.
func (g *generator) item() {
	switch g.r.Intn(12) {
	case 0:
		d := g.pick(";", "//", "$$", ";;", "|")
		g.b.WriteString(g.pick("DELIMITER ", "delimiter ") + d + "\n")
		g.delimiter = d
	case 1:
		g.b.WriteString(g.pick("use ", "USE ", "  use ") + g.schema() + g.pick("", ";", " ;", g.delimiter) + "\n")
	case 2:
		g.b.WriteString(g.comment() + "\n")
	case 3:
		g.b.WriteString(g.routine() + g.delimiter + "\n")
	case 4:
		s := g.schema()
		g.b.WriteString("CREATE DATABASE IF NOT EXISTS " + s + g.delimiter + "\nCREATE TABLE " + s + ".t" + fmt.Sprint(g.r.Intn(3)) +
			" (id INT PRIMARY KEY, " + g.pick("`end` INT", "end INT", "begin INT", "v VARCHAR(10) DEFAULT 'a;b'") + ")" + g.delimiter + "\n")
	case 5:
		g.b.WriteString(g.statement() + g.pick(" \\g", "\\G", " \\c") + "\n")
	default:
		g.b.WriteString(g.statement() + g.pick("", " ") + g.delimiter + g.pick("\n", " ", " "+g.comment()+"\n", "\n\n"))
	}
}

// schema is one of a few schema names.
func (g *generator) schema() string { return g.pick("s1", "s2", "`s3`", "sent") }

// statement is a statement without its delimiter.
func (g *generator) statement() string {
	switch g.r.Intn(5) {
	case 0:
		return "INSERT INTO " + g.pick("", "s1.", "s2.") + "t0 VALUES (" + g.value() + ", " + g.value() + ")"
	case 1:
		return "ALTER TABLE " + g.pick("s1.", "s2.", "") + "t1 ADD COLUMN c" + fmt.Sprint(g.r.Intn(9)) + " INT"
	case 2:
		return "TRUNCATE TABLE " + g.pick("s1.", "s2.", "") + "t0"
	}
	parts := []string{"SELECT " + g.value()}
	for n := g.r.Intn(4); n > 0; n-- {
		parts = append(parts, g.pick(", ", " + ", "\n, ", " --", " - -", "/**/", " ")+g.value())
	}
	return strings.Join(parts, "")
}

// value is an expression: a number, a string with escapes, a name, a
// comment around a value.
func (g *generator) value() string {
	switch g.r.Intn(9) {
	case 0:
		return g.pick(`'a\'b'`, `'it''s'`, `"q\"d"`, `'x;y'`, `'a\\'`, `"//"`, `'$$'`, `'日本;語'`, `'ü\nß'`, "'--'", `'/*'`)
	case 1:
		return g.pick("`a;b`", "`x``y`", "`end`", "`//`")
	case 2:
		return "/* " + g.pick(";", "//", "'", "x") + " */ " + fmt.Sprint(g.r.Intn(9))
	case 3:
		return "/*!50000 " + fmt.Sprint(g.r.Intn(9)) + g.pick("", " /* nested */") + " */"
	case 4:
		return "/*M!100000 " + fmt.Sprint(g.r.Intn(9)) + g.pick("", " ; ", " /* nested */ ") + "*/"
	case 5:
		return g.pick("end", "begin", "`loop`", "@v", "NULL")
	case 6:
		return "CASE WHEN 1 THEN " + g.value() + " ELSE 0 END"
	}
	return fmt.Sprint(g.r.Intn(100))
}

// comment is a comment of one form.
func (g *generator) comment() string {
	return g.pick("# a ; comment", "-- a ; comment", "--", "-- ", "/* ; */", "/* multi\nline ; */", "#", "/* '\" */")
}

// routine is a stored program's CREATE with a body of blocks, block words
// used as names.
func (g *generator) routine() string {
	name := fmt.Sprintf("p%d", g.r.Intn(1000))
	var body []string
	for n := 1 + g.r.Intn(4); n > 0; n-- {
		body = append(body, g.pick(
			"IF end > 0 THEN SELECT "+g.value()+"; END IF;",
			"CASE WHEN begin THEN SELECT 1; ELSE SELECT "+g.value()+"; END CASE;",
			"l: LOOP LEAVE l; END LOOP;",
			"SET @e = end;",
			"SELECT CASE end WHEN 1 THEN 'x;' ELSE 'y' END;",
			"BEGIN SELECT "+g.value()+"; END;",
			"-- ; inside\n SELECT 2;",
		))
	}
	return "CREATE PROCEDURE " + name + "(IN end INT, IN begin INT) BEGIN " + strings.Join(body, " ") + " END"
}
