package sqlfile

import (
	"reflect"
	"testing"
)

func TestSplitServerCutsAsTheServer(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"one statement", "CREATE TABLE t (a int)", []string{"CREATE TABLE t (a int)"}},
		{"hidden second statement", "CREATE TABLE t (a int); DROP DATABASE victim",
			[]string{"CREATE TABLE t (a int)", "DROP DATABASE victim"}},
		{"drop then procedure", "DROP PROCEDURE IF EXISTS p;\nCREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END",
			[]string{"DROP PROCEDURE IF EXISTS p", "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END"}},
		{"nested blocks", "CREATE PROCEDURE p(x INT) BEGIN IF x > 0 THEN WHILE x > 0 DO SET x = x - 1; END WHILE; " +
			"ELSEIF (x < 0) THEN SET x = 0; ELSE BEGIN SELECT 1; END; END IF; lbl: LOOP LEAVE lbl; END LOOP lbl; " +
			"REPEAT SET x = x + 1; UNTIL x > 3 END REPEAT; CASE x WHEN 1 THEN SELECT 1; ELSE SELECT 2; END CASE; END; SELECT 3",
			[]string{"CREATE PROCEDURE p(x INT) BEGIN IF x > 0 THEN WHILE x > 0 DO SET x = x - 1; END WHILE; " +
				"ELSEIF (x < 0) THEN SET x = 0; ELSE BEGIN SELECT 1; END; END IF; lbl: LOOP LEAVE lbl; END LOOP lbl; " +
				"REPEAT SET x = x + 1; UNTIL x > 3 END REPEAT; CASE x WHEN 1 THEN SELECT 1; ELSE SELECT 2; END CASE; END", "SELECT 3"}},
		{"functions IF and REPEAT are not blocks", "SELECT IF(a, 1, 2), REPEAT('x', 3) FROM t; SELECT 2",
			[]string{"SELECT IF(a, 1, 2), REPEAT('x', 3) FROM t", "SELECT 2"}},
		{"IF function in a CASE", "SELECT CASE WHEN IF(a,1,0) = 1 THEN 1 ELSE 0 END FROM t; SELECT 2",
			[]string{"SELECT CASE WHEN IF(a,1,0) = 1 THEN 1 ELSE 0 END FROM t", "SELECT 2"}},
		{"IF NOT EXISTS", "CREATE TABLE IF NOT EXISTS t (a int); DROP TABLE IF EXISTS u",
			[]string{"CREATE TABLE IF NOT EXISTS t (a int)", "DROP TABLE IF EXISTS u"}},
		{"trigger body without BEGIN", "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1; SELECT 1",
			[]string{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1", "SELECT 1"}},
		{"trigger IF body", "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW IF NEW.a IS NULL THEN SET NEW.a = 1; END IF; SELECT 1",
			[]string{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW IF NEW.a IS NULL THEN SET NEW.a = 1; END IF", "SELECT 1"}},
		{"function returning IF", "CREATE FUNCTION f(a INT) RETURNS INT DETERMINISTIC RETURN IF(a > 0, a, 0); SELECT f(1)",
			[]string{"CREATE FUNCTION f(a INT) RETURNS INT DETERMINISTIC RETURN IF(a > 0, a, 0)", "SELECT f(1)"}},
		{"transaction BEGIN", "BEGIN; INSERT INTO t VALUES (1); COMMIT",
			[]string{"BEGIN", "INSERT INTO t VALUES (1)", "COMMIT"}},
		{"MariaDB compound statement", "BEGIN NOT ATOMIC SELECT 1; SELECT 2; END; SELECT 3",
			[]string{"BEGIN NOT ATOMIC SELECT 1; SELECT 2; END", "SELECT 3"}},
		{"event body", "CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO BEGIN DELETE FROM t; DELETE FROM u; END; SELECT 1",
			[]string{"CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO BEGIN DELETE FROM t; DELETE FROM u; END", "SELECT 1"}},
		{"semicolons in strings and comments (comments at the ends dropped)", "SELECT ';' /* ; */; -- ;\nSELECT `a;b`",
			[]string{"SELECT ';'", "SELECT `a;b`"}},
		{"executable comment keeps its ;", "/*!50003 CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END */",
			[]string{"/*!50003 CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END */"}},
		{"trailing semicolons", "SELECT 1;;", []string{"SELECT 1"}},
		{"an empty statement first is the server's to refuse", ";SELECT 1", []string{";", "SELECT 1"}},
		{"an empty statement between two is the server's to refuse", "SELECT 1;\n;SELECT 2;", []string{"SELECT 1", ";", "SELECT 2"}},
		{"end as a parameter name", "CREATE FUNCTION overlap(s DATETIME, end DATETIME) RETURNS INT READS SQL DATA BEGIN DECLARE r INT; " +
			"SET @e = end; SELECT COUNT(*) INTO r FROM periods p WHERE p.start < end; RETURN r; END; SELECT 2",
			[]string{"CREATE FUNCTION overlap(s DATETIME, end DATETIME) RETURNS INT READS SQL DATA BEGIN DECLARE r INT; " +
				"SET @e = end; SELECT COUNT(*) INTO r FROM periods p WHERE p.start < end; RETURN r; END", "SELECT 2"}},
		{"end as a column in a condition", "CREATE PROCEDURE p() BEGIN IF (SELECT end FROM t) > 0 THEN SELECT end, begin FROM t; END IF; " +
			"WHILE end > 0 DO SET end = end - 1; END WHILE; REPEAT SET end = 1; UNTIL end END REPEAT; END; SELECT 2",
			[]string{"CREATE PROCEDURE p() BEGIN IF (SELECT end FROM t) > 0 THEN SELECT end, begin FROM t; END IF; " +
				"WHILE end > 0 DO SET end = end - 1; END WHILE; REPEAT SET end = 1; UNTIL end END REPEAT; END", "SELECT 2"}},
		{"CASE expressions in a body", "CREATE PROCEDURE p() BEGIN SELECT CASE WHEN a THEN CASE b WHEN 1 THEN 2 END ELSE end END FROM t; END; SELECT 2",
			[]string{"CREATE PROCEDURE p() BEGIN SELECT CASE WHEN a THEN CASE b WHEN 1 THEN 2 END ELSE end END FROM t; END", "SELECT 2"}},
		{"empty body", "CREATE PROCEDURE p() BEGIN END; SELECT 2", []string{"CREATE PROCEDURE p() BEGIN END", "SELECT 2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, st := range SplitServer(ClientStatement{Text: c.text, Line: 1}) {
				got = append(got, st.Text)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("SplitServer(%q)\n got %q\nwant %q", c.text, got, c.want)
			}
		})
	}
}

func TestSplitServerGivesEachPartItsLine(t *testing.T) {
	parts := SplitServer(ClientStatement{Text: "DROP PROCEDURE IF EXISTS p;\n\nCREATE PROCEDURE p() SELECT 1", start: 100, Line: 7})
	if len(parts) != 2 {
		t.Fatalf("got %d parts, want 2", len(parts))
	}
	if parts[0].Line != 7 || parts[1].Line != 9 {
		t.Errorf("lines %d, %d; want 7, 9", parts[0].Line, parts[1].Line)
	}
	if parts[1].start != 100+len("DROP PROCEDURE IF EXISTS p;\n\n") {
		t.Errorf("second part starts at %d", parts[1].start)
	}
}
