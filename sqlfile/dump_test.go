package sqlfile

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func readString(t *testing.T, src string) *Dump {
	t.Helper()
	d, err := ReadDump("f.sql", strings.NewReader(src), ReadOptions{})
	if err != nil {
		t.Fatalf("ReadDump: %v", err)
	}
	return d
}

func TestReadDumpInstallScript(t *testing.T) {
	d := readString(t, "DROP SCHEMA IF EXISTS s;\nCREATE SCHEMA s;\nUSE s;\n"+
		"CREATE TABLE t (a INT);\nCREATE INDEX i ON t (a);\nALTER TABLE t ADD b INT;\n"+
		"CREATE VIEW v AS SELECT a FROM t;\n"+
		"DELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END$$\n"+
		"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END $$\nDELIMITER ;\n"+
		"INSERT INTO t VALUES (1);\n")
	want := []struct {
		kind       Kind
		name, tbl  string
		line, alts int
	}{{KindTable, "t", "", 4, 2}, {KindView, "v", "", 7, 0}, {KindProcedure, "p", "", 9, 0}, {KindTrigger, "tr", "t", 10, 0}}
	if len(d.Objects) != len(want) {
		t.Fatalf("objects %+v", d.Objects)
	}
	for i, w := range want {
		o := d.Objects[i]
		if o.Kind != w.kind || o.Name != w.name || o.Schema != "s" || o.Line != w.line || len(o.Alters) != w.alts || o.Table != w.tbl {
			t.Errorf("object %d: %+v, want %+v", i, o, w)
		}
	}
	if !strings.Contains(d.Objects[2].SQL, "SELECT 1; SELECT 2; END") {
		t.Errorf("procedure body cut: %q", d.Objects[2].SQL)
	}
	if len(d.SetAside) != 0 {
		t.Errorf("an install script's statements all run, set aside %v", d.SetAside)
	}
	kinds := ""
	for _, s := range d.Steps {
		kinds += string("CASPDX"[s.Kind])
	}
	if kinds != "PPSCAACCCP" {
		t.Errorf("steps %s (Create, Alter, Session, scriPt...), want PPSCAACCCP: %+v", kinds, d.Steps)
	}
	if len(d.Schemas) != 1 || d.Schemas[0].SQL == "" {
		t.Errorf("schemas %+v", d.Schemas)
	}
}

func TestReadDumpVersionCommentsFollowTheWriter(t *testing.T) {
	src := "-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB\n-- Server version\t10.11.19-MariaDB-0+deb12u1\n" +
		"/*!40101 SET NAMES utf8mb4 */;\n/*!50503 SET sql_mode = 'ANSI' */;\n/*!80000 SET sql_mode = 'TRADITIONAL' */;\n" +
		"CREATE TABLE t (a INT) /*!80016 ENCRYPTION='N' */ /*M!100500 PAGE_CHECKSUM=1 */;\n"
	d := readString(t, src)
	if d.Writer.Vendor != flavor.VendorMariaDB || d.Writer.Version.String() != "10.11.19" {
		t.Fatalf("writer %v", d.Writer)
	}
	o := d.Objects[0]
	if strings.Contains(o.SQL, "ENCRYPTION") || !strings.Contains(o.SQL, "PAGE_CHECKSUM=1") {
		t.Errorf("comments not read as MariaDB 10.11 runs them: %q", o.SQL)
	}
	mode := ""
	for _, s := range o.Session {
		if s.Name == "sql_mode" {
			mode = s.Text()
		}
	}
	if mode != "ANSI" {
		t.Errorf("sql_mode %q, want ANSI (MariaDB skips /*!80000)", mode)
	}
}

func TestReadDumpSessionSaveAndRestore(t *testing.T) {
	d := readString(t, "SET @OLD=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO';\nCREATE TABLE a (x INT);\n"+
		"SET @saved = @@sql_mode;\nSET sql_mode = 'STRICT_ALL_TABLES';\nCREATE VIEW v AS SELECT 1;\nSET sql_mode = @saved;\n"+
		"CREATE TABLE b (x INT);\nSET SQL_MODE=@OLD;\nCREATE TABLE c (x INT);\n")
	modes := map[string]string{}
	for _, o := range d.Objects {
		for _, s := range o.Session {
			if s.Name == "sql_mode" {
				modes[o.Name] = s.Text()
			}
		}
	}
	want := map[string]string{"a": "NO_AUTO_VALUE_ON_ZERO", "v": "STRICT_ALL_TABLES", "b": "NO_AUTO_VALUE_ON_ZERO"}
	for k, v := range want {
		if modes[k] != v {
			t.Errorf("%s: sql_mode %q, want %q", k, modes[k], v)
		}
	}
	if _, ok := modes["c"]; ok {
		t.Errorf("c: the restored default is the server's, got %q", modes["c"])
	}
}

func TestReadDumpStandInReplaced(t *testing.T) {
	d := readString(t, "DROP TABLE IF EXISTS `v`;\n/*!50001 DROP VIEW IF EXISTS `v`*/;\n/*!50001 CREATE VIEW `v` AS SELECT 1 AS `a` */;\n"+
		"CREATE TABLE t (a INT);\n/*!50001 DROP VIEW IF EXISTS `v`*/;\n/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n/*!50001 VIEW `v` AS select `a` from `t` */;\n")
	if d.Count(KindView) != 1 || d.Count(KindTable) != 1 {
		t.Fatalf("objects %+v", d.Objects)
	}
	for _, o := range d.Objects {
		if o.Kind == KindView && (o.Line != 6 || !strings.Contains(o.SQL, "from `t`")) {
			t.Errorf("the view is not the final definition: line %d %q", o.Line, o.SQL)
		}
	}
}

// TestReadDumpNotesSourceCommands: a source command (the client reads
// another file there) is not followed: it is noted with its line and set
// aside, and the rest of the file is read; nothing of it runs.
func TestReadDumpNotesSourceCommands(t *testing.T) {
	for _, src := range []string{"source /etc/passwd\nCREATE TABLE t (a INT);\n", "\\. /etc/passwd\nCREATE TABLE t (a INT);\n"} {
		d, err := ReadDump("h.sql", strings.NewReader(src), ReadOptions{})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if len(d.Objects) != 1 || d.SetAside["source command"] != 1 {
			t.Errorf("%q: objects %d, set aside %v", src, len(d.Objects), d.SetAside)
		}
		if notes := strings.Join(d.Notes, "\n"); !strings.Contains(notes, "h.sql:1:") || !strings.Contains(notes, "not followed") {
			t.Errorf("%q: notes %q", src, notes)
		}
		for _, s := range d.Steps {
			if strings.Contains(s.SQL, "passwd") {
				t.Errorf("%q: a step runs %q", src, s.SQL)
			}
		}
	}
}

// TestReadDumpRefusesClientCommands: only what the client itself would
// run outside the server refuses the file whole, with file:line.
func TestReadDumpRefusesClientCommands(t *testing.T) {
	cases := []struct {
		name, src, reason string
		line              int
	}{
		{"shell escape", "CREATE TABLE t (a INT);\n\\! rm -rf /\n", "client command", 2},
		{"shell escape inside a statement", "CREATE TABLE t (a INT)\n\\! rm -rf /\n;", "(system)", 2},
		{"system", "CREATE TABLE t (a INT);\nsystem rm -rf /\n", "client command", 2},
		{"tee", "CREATE TABLE t (a INT) \\T /tmp/x\n;", "(tee)", 1},
		{"pager", "pager less\nCREATE TABLE t (a INT);\n", "client command", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadDump("h.sql", strings.NewReader(c.src), ReadOptions{})
			var re *RejectError
			if !errors.As(err, &re) || !errors.Is(err, ErrRejected) {
				t.Fatalf("not refused: %v", err)
			}
			if re.Line != c.line || !strings.Contains(re.Reason, c.reason) {
				t.Errorf("refusal %q at line %d, want %q at line %d", re.Reason, re.Line, c.reason, c.line)
			}
		})
	}
}

// TestReadDumpSetsAsideServerStatements: server-side statements the tool
// does not run are set aside with their line and why; the rest of the file
// is read.
func TestReadDumpSetsAsideServerStatements(t *testing.T) {
	cases := []struct {
		name, src, reason string
		line              int
	}{
		{"load data", "CREATE TABLE t (a INT);\nLOAD DATA INFILE '/etc/passwd' INTO TABLE t;\n", "reads a file", 2},
		{"outfile", "CREATE TABLE t (a INT);\nSELECT * FROM t INTO OUTFILE '/tmp/x';\n", "writes a file", 2},
		{"load_file in a view", "CREATE TABLE t (a INT);\nCREATE VIEW v AS SELECT LOAD_FILE('/etc/passwd');\n", "reads a file", 2},
		{"data directory", "CREATE TABLE u (a INT);\nCREATE TABLE t (a INT) DATA DIRECTORY='/tmp';\n", "outside the server's data directory", 2},
		{"system schema", "CREATE TABLE t (a INT);\nCREATE TABLE mysql.user2 (a INT);\n", "server's own schema mysql", 2},
		{"write to mysql", "CREATE TABLE t (a INT);\nUPDATE mysql.user SET plugin = 'x';\n", "server's own schema mysql", 2},
		{"global", "SET GLOBAL read_only = 1;\nCREATE TABLE t (a INT);\n", "server-wide", 1},
		{"udf", "CREATE TABLE t (a INT);\nCREATE FUNCTION f RETURNS STRING SONAME 'lib.so';\n", "shared library", 2},
		{"plugin", "CREATE TABLE t (a INT);\nINSTALL PLUGIN x SONAME 'x.so';\n", "shared library", 2},
		{"component", "CREATE TABLE t (a INT);\nINSTALL COMPONENT 'file://x';\n", "plugin or component", 2},
		{"tablespace with a path", "CREATE TABLESPACE ts ADD DATAFILE '/tmp/ts.ibd';\nCREATE TABLE t (a INT);\n", "is a path", 1},
		{"account", "CREATE TABLE t (a INT);\nCREATE USER app IDENTIFIED BY 'x';\nGRANT ALL ON *.* TO app;\n", "account statement", 2},
		{"shutdown", "CREATE TABLE t (a INT);\nSHUTDOWN;\n", "stops the server", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := readString(t, c.src)
			var aside *Step
			for i := range d.Steps {
				if d.Steps[i].Kind == StepSetAside {
					aside = &d.Steps[i]
					break
				}
			}
			if aside == nil {
				t.Fatalf("nothing set aside: %+v", d.Steps)
			}
			if aside.Line != c.line || !strings.Contains(aside.Reason, c.reason) {
				t.Errorf("set aside %q at line %d, want %q at line %d", aside.Reason, aside.Line, c.reason, c.line)
			}
			if d.Count(KindTable) != 1 {
				t.Errorf("the rest of the file is not read: %+v", d.Objects)
			}
		})
	}
}

// TestReadDumpFollowsGlobalSQLMode: SET GLOBAL sql_mode runs as a session
// setting, with a note; the objects after it carry it.
func TestReadDumpFollowsGlobalSQLMode(t *testing.T) {
	d := readString(t, "SET GLOBAL sql_mode = '';\nCREATE TABLE t (d DATE NOT NULL DEFAULT '0000-00-00');\n")
	if d.Steps[0].Kind != StepSession || d.Steps[0].SQL != "SET SESSION sql_mode = ''" {
		t.Errorf("step %+v", d.Steps[0])
	}
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "f.sql:1: SET GLOBAL sql_mode was followed for the session") {
		t.Errorf("notes %q", d.Notes)
	}
	if s := d.Objects[0].Session; len(s) != 1 || s[0].Name != "sql_mode" || s[0].Text() != "" {
		t.Errorf("session %+v", s)
	}
}

// TestReadDumpNamedSchema: an install script whose routines name a schema
// it never creates was written for `mysql legacy < file`: its unqualified
// objects go there too.
func TestReadDumpNamedSchema(t *testing.T) {
	d := readString(t, "CREATE TABLE item (a INT);\nDROP PROCEDURE IF EXISTS legacy.p;\nCREATE PROCEDURE legacy.p() SELECT * FROM legacy.item;\n")
	if d.DefaultSchema != "legacy" || !d.NeedsDefault {
		t.Errorf("default schema %q (needed %v)", d.DefaultSchema, d.NeedsDefault)
	}
	for _, o := range d.Objects {
		if o.Schema != "legacy" {
			t.Errorf("%s in schema %q", o.Name, o.Schema)
		}
	}
	if len(d.Schemas) != 1 || !d.Schemas[0].Named || d.Schemas[0].SQL != "" {
		t.Errorf("schemas %+v", d.Schemas)
	}
	d = readString(t, "CREATE DATABASE app;\nUSE app;\nCREATE TABLE item (a INT);\nDROP PROCEDURE IF EXISTS other.p;\n")
	if d.DefaultSchema != "" || d.NeedsDefault || len(d.Schemas) != 2 || !d.Schemas[1].Named {
		t.Errorf("a file with a schema of its own: default %q, schemas %+v", d.DefaultSchema, d.Schemas)
	}
}

// TestReadDumpUseBeforeCreate: a USE of a schema the file creates only
// later fails on the server (no such schema yet): what follows the CREATE
// DATABASE is in the schema the file was in before that USE.
func TestReadDumpUseBeforeCreate(t *testing.T) {
	for _, c := range []struct {
		what, src, want string
	}{
		{"created later", "CREATE DATABASE app;\nUSE app;\nUSE later;\nCREATE DATABASE IF NOT EXISTS later;\nCREATE TABLE item (a INT);\n", "app"},
		{"created before", "CREATE DATABASE app;\nCREATE DATABASE later;\nUSE app;\nUSE later;\nCREATE TABLE item (a INT);\n", "later"},
		{"never created", "CREATE DATABASE app;\nUSE app;\nUSE later;\nCREATE TABLE item (a INT);\n", "later"},
		{"another schema created", "CREATE DATABASE app;\nUSE app;\nUSE later;\nCREATE DATABASE other;\nCREATE TABLE item (a INT);\n", "later"},
	} {
		d := readString(t, c.src)
		if len(d.Objects) != 1 || d.Objects[0].Schema != c.want {
			t.Errorf("%s: objects %+v, want item in %s", c.what, d.Objects, c.want)
		}
	}
}

// TestReadDumpBrokenDataString: a backslash that escapes a string's
// closing quote leaves backslashes outside strings; the client keeps the
// ones that name no command and sends one statement, the reader too.
func TestReadDumpBrokenDataString(t *testing.T) {
	src := "CREATE TABLE s (v TEXT);\nINSERT INTO s VALUES ('C:\\dir\\'), ('C:\\logs\\j\\'), ('x');\nINSERT INTO s VALUES ('fine');\n"
	d := readString(t, src)
	if len(d.Steps) != 3 || d.Steps[1].Kind != StepScript || d.Steps[1].Line != 2 || d.Steps[2].Line != 3 {
		t.Fatalf("steps %+v", d.Steps)
	}
	if !strings.HasSuffix(d.Steps[1].SQL, "('x')") {
		t.Errorf("the broken statement is not sent whole: %q", d.Steps[1].SQL)
	}
}

// TestReadDumpSystemSchemas: an --all-databases dump's mysql schema is set
// aside whole, with one note; the application's schema is read.
func TestReadDumpSystemSchemas(t *testing.T) {
	src := "-- MySQL dump 10.13\n-- Server version\t9.7.4\nCREATE DATABASE mysql;\nUSE mysql;\nCREATE TABLE user (Host CHAR(255));\n" +
		"INSERT INTO user VALUES ('localhost');\nCREATE DATABASE shop;\nUSE shop;\nCREATE TABLE t (a INT);\n"
	d := readString(t, src)
	if d.Count(KindTable) != 1 || d.Objects[0].Schema != "shop" {
		t.Fatalf("objects %+v", d.Objects)
	}
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "f.sql:3: the server's own schema mysql set aside (4 statements)") {
		t.Errorf("notes %q", d.Notes)
	}
}

func TestFunctionCallsKeepTheirArguments(t *testing.T) {
	got := FunctionCalls("BEGIN INSERT INTO places VALUES (i, POINT(i, COALESCE(i, 0))); SET x = point(1, 2) + LENGTH('a)'); SET y = f(1; END")
	want := []Call{{"POINT", "POINT(i, COALESCE(i, 0))"}, {"COALESCE", "COALESCE(i, 0)"}, {"LENGTH", "LENGTH('a)')"}, {"f", "f(1; END"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FunctionCalls = %q, want %q", got, want)
	}
}

func TestCalledFunctionsAndColumns(t *testing.T) {
	got := CalledFunctions("BEGIN DECLARE x DECIMAL(5,2); INSERT INTO t(a) VALUES (MD5(s)); CALL p(1); RETURN db.f(x) + Sha1 (x) + md5(x); END")
	if strings.Join(got, ",") != "DECIMAL,MD5" {
		t.Errorf("CalledFunctions = %v", got)
	}
	cols := ColumnNames("CREATE TABLE t (`a b` INT, `rank` INT, c INT, PRIMARY KEY (c), KEY k (a), CONSTRAINT f FOREIGN KEY (c) REFERENCES u (c))")
	if strings.Join(cols, ",") != "a b,rank,c" {
		t.Errorf("ColumnNames = %v", cols)
	}
}

func FuzzReadDump(f *testing.F) {
	for _, s := range []string{
		"CREATE TABLE t (a INT);",
		"DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\n",
		"/*!50003 CREATE*/ /*!50017 DEFINER=`r`@`l`*/ /*!50003 TRIGGER x BEFORE INSERT ON t FOR EACH ROW SET NEW.a=1 */;",
		"SET @a=@@sql_mode, sql_mode='X'; USE s; CREATE VIEW v AS SELECT 1; SET sql_mode=@a;",
		"CREATE TABLE t (a INT) /*!50100 PARTITION BY HASH (a) */; INSERT INTO t VALUES ('x;y');",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := ReadDump("fuzz.sql", strings.NewReader(src), ReadOptions{WithData: true})
		if err != nil {
			if !errors.Is(err, ErrRejected) {
				t.Fatalf("an error that is not a refusal: %v", err)
			}
			return
		}
		for _, o := range d.Objects {
			if o.Name == "" || o.Line < 1 || o.SQL == "" {
				t.Fatalf("object without name, line or SQL: %+v", o)
			}
			if strings.Count(src, "\n")+1 < o.Line {
				t.Fatalf("line %d beyond the file", o.Line)
			}
		}
		for _, s := range d.Steps {
			switch {
			case s.Line < 1 || strings.Count(src, "\n")+1 < s.Line:
				t.Fatalf("step at line %d, outside the file: %+v", s.Line, s)
			case (s.Kind == StepCreate || s.Kind == StepAlter) && (s.Object < 0 || s.Object >= len(d.Objects)):
				t.Fatalf("step on object %d of %d: %+v", s.Object, len(d.Objects), s)
			case s.Kind == StepSetAside && (s.Reason == "" || s.SQL != ""):
				t.Fatalf("a statement set aside without a reason, or with text to run: %+v", s)
			case s.Kind != StepSetAside && s.SQL == "":
				t.Fatalf("a step that runs without text: %+v", s)
			}
		}
	})
}

// TestInstallScriptKeepsItsCommentsForTheTarget: a file that does not name
// its writer is sent as written, so the server it goes to evaluates its
// executable comments (MariaDB skips MySQL 5.7+ ones, as the client's
// server would); a dump's are resolved for the server that wrote it.
func TestInstallScriptKeepsItsCommentsForTheTarget(t *testing.T) {
	src := "CREATE TABLE a (id INT, /*!50705 g GEOMETRY */ /*!80003 SRID 0 */ /*!50705 NOT NULL,*/ b INT);\n"
	d := readString(t, src)
	if got := d.Objects[0].SQL; got != strings.TrimSuffix(strings.TrimSpace(src), ";") {
		t.Errorf("install script statement changed: %q", got)
	}
	d = readString(t, "-- MariaDB dump 10.19\n-- Server version\t10.11.19-MariaDB\n"+src)
	if got := d.Objects[0].SQL; strings.Contains(got, "GEOMETRY") || strings.Contains(got, "/*!") {
		t.Errorf("a MariaDB dump's MySQL 5.7+ comments are not what MariaDB ran: %q", got)
	}
}

func TestStepName(t *testing.T) {
	cases := map[string]string{
		"SET @@GLOBAL.GTID_PURGED = '1'":        "SET @@GLOBAL.GTID_PURGED",
		"INSERT INTO admin_user (a) VALUES (1)": "INSERT INTO admin_user",
		"CALL legacy.restock(1)":                "CALL legacy.restock",
		"SET GLOBAL sql_mode = ''":              "SET GLOBAL sql_mode",
		"UPDATE `x`.`y` SET a=1":                "UPDATE `x`.`y`",
		"PREPARE s FROM @s":                     "PREPARE s",
		"CREATE TABLESPACE ts ADD DATAFILE 'x'": "CREATE TABLESPACE ts",
	}
	for src, want := range cases {
		toks, _ := LexStatement(src, 1)
		if got := stepName(Significant(toks, func(int) bool { return true })); got != want {
			t.Errorf("stepName(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestReadDumpWithoutObjects: a file without objects is refused, unless
// the target's client cut it into a statement only the server can answer
// (MySQL's client joins "use shop" to the CREATE TABLE after it): that
// statement is a step of the check, at its line.
func TestReadDumpWithoutObjects(t *testing.T) {
	useThenTable := "CREATE DATABASE shop;\nuse shop\nCREATE TABLE items (id INT PRIMARY KEY);\n"
	cases := []struct {
		name, src string
		client    ClientFamily
		refused   bool
		objects   int
	}{
		{"empty", "", MySQLClient, true, 0},
		{"comments and SET", "-- c\n/* d */\nSET NAMES utf8mb4;\nSET @a = 1;\n", MySQLClient, true, 0},
		{"a schema only", "CREATE DATABASE shop;\nuse shop;\n", MySQLClient, true, 0},
		{"use joined to the table", useThenTable, MySQLClient, false, 0},
		{"use as the client's command", useThenTable, MariaDBClient, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := ReadDump("f.sql", strings.NewReader(c.src), ReadOptions{Client: c.client})
			if refused := errors.Is(err, ErrRejected); refused != c.refused {
				t.Fatalf("refused %v, want %v: %v", refused, c.refused, err)
			}
			if c.refused {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Objects) != c.objects {
				t.Errorf("%d objects, want %d: %+v", len(d.Objects), c.objects, d.Objects)
			}
			if c.objects == 0 && !hasStepAt(d, 2, "use shop\nCREATE TABLE") {
				t.Errorf("no step at line 2 holding the joined statement: %+v", d.Steps)
			}
		})
	}
}

// hasStepAt reports a step of d at line whose SQL starts with prefix.
func hasStepAt(d *Dump, line int, prefix string) bool {
	for _, s := range d.Steps {
		if s.Line == line && strings.HasPrefix(s.SQL, prefix) {
			return true
		}
	}
	return false
}
