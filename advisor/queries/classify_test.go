package queries

import (
	"strings"
	"testing"
)

func TestClassifyKinds(t *testing.T) {
	for _, tt := range []struct {
		sql  string
		want Kind
	}{
		{"SELECT 1", KindQuery},
		{"  /* app */ select * from t", KindQuery},
		{"(SELECT a FROM t) UNION (SELECT b FROM u)", KindQuery},
		{"WITH x AS (SELECT 1) SELECT * FROM x", KindQuery},
		{"WITH x AS (SELECT 1) UPDATE t JOIN x SET t.a = 1", KindDML},
		{"TABLE t", KindQuery},
		{"DO SLEEP(0)", KindQuery},
		{"INSERT INTO t VALUES (1)", KindDML},
		{"REPLACE INTO t VALUES (1)", KindDML},
		{"UPDATE t SET a = 1", KindDML},
		{"DELETE FROM t", KindDML},
		{"SHOW MASTER STATUS", KindShow},
		{"DESCRIBE t", KindShow},
		{"EXPLAIN SELECT 1", KindShow},
		{"SET NAMES utf8mb4", KindSession},
		{"SET SESSION sql_mode = ''", KindSession},
		{"SET @x = 1", KindSession},
		{"SET TRANSACTION ISOLATION LEVEL READ COMMITTED", KindSession},
		{"USE shop", KindSession},
		{"SET GLOBAL max_connections = 10", KindAdmin},
		{"SET @@global.max_connections = 10", KindAdmin},
		{"SET sql_mode = '', GLOBAL max_connections = 10", KindAdmin},
		{"SET PERSIST max_connections = 10", KindAdmin},
		{"SET PASSWORD = 'x'", KindAccount},
		{"SET ROLE r", KindAccount},
		{"SET STATEMENT max_statement_time = 1 FOR SELECT 1", KindQuery},
		{"SET STATEMENT max_statement_time = 1 FOR DELETE FROM t", KindDML},
		{"CREATE TABLE t (a INT)", KindDDL},
		{"DROP TABLE t", KindDDL},
		{"TRUNCATE t", KindDDL},
		{"CREATE USER u", KindAccount},
		{"DROP ROLE r", KindAccount},
		{"GRANT SELECT ON *.* TO u", KindAccount},
		{"FLUSH TABLES", KindAdmin},
		{"KILL 5", KindAdmin},
		{"LOCK TABLES t READ", KindAdmin},
		{"START SLAVE", KindAdmin},
		{"LOAD INDEX INTO CACHE t", KindAdmin},
		{"BEGIN", KindTransaction},
		{"START TRANSACTION", KindTransaction},
		{"COMMIT", KindTransaction},
		{"XA START 'x'", KindTransaction},
		{"START `TRANSACTION`", KindAdmin},
		{"LOAD XML INFILE 'f' INTO TABLE t", KindFile},
		{"RENAME TABLE t TO u", KindDDL},
		{"RENAME USER u TO v", KindAccount},
		{"RENAME ROLE r TO s", KindAccount},
		{"ALTER USER u ACCOUNT LOCK", KindAccount},
		{"CREATE ROLE r", KindAccount},
		{"DROP USER u", KindAccount},
		{"CREATE DATABASE d", KindDDL},
		{"DO 1 INTO OUTFILE '/tmp/x'", KindFile},
		{"SHOW TABLES INTO OUTFILE '/tmp/x'", KindShow},
		{"LOAD DATA INFILE 'f' INTO TABLE t", KindFile},
		{"SELECT * FROM t INTO OUTFILE '/tmp/x'", KindFile},
		{"SELECT * INTO DUMPFILE '/tmp/x' FROM t", KindFile},
		{"CALL p()", KindRoutine},
		{"EXECUTE s", KindRoutine},
		{"SELECT 'unterminated", KindUnreadable},
		{"", KindUnreadable},
		{"`select` 1", KindUnreadable},
		{"FROBNICATE", KindUnreadable},
	} {
		if got := Classify(tt.sql); got != tt.want {
			t.Errorf("Classify(%q) = %s, want %s", tt.sql, got, tt.want)
		}
	}
}

// TestClassifyFirstWords: every first word of the table of statement kinds
// (sqlfile/kinds.go), as the first word of an application's statement,
// bare, lower-case and after a '('; quoted, it is not a statement's first
// word.
func TestClassifyFirstWords(t *testing.T) {
	for want, firsts := range map[Kind][]string{
		KindQuery:       {"SELECT", "TABLE", "VALUES", "DO", "WITH"},
		KindDML:         {"INSERT", "UPDATE", "DELETE", "REPLACE"},
		KindShow:        {"SHOW", "DESCRIBE", "DESC", "EXPLAIN"},
		KindSession:     {"USE", "SET"},
		KindDDL:         {"CREATE", "ALTER", "DROP", "RENAME", "TRUNCATE"},
		KindAccount:     {"GRANT", "REVOKE"},
		KindTransaction: {"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "XA"},
		KindRoutine:     {"CALL", "PREPARE", "EXECUTE", "DEALLOCATE"},
		KindFile:        {"LOAD"},
		KindUnreadable:  {"SIGNAL", "RESIGNAL", "GET", "FROBNICATE"},
		KindAdmin: {"FLUSH", "KILL", "RESET", "PURGE", "CHANGE", "STOP", "START", "INSTALL", "UNINSTALL",
			"SHUTDOWN", "RESTART", "OPTIMIZE", "ANALYZE", "REPAIR", "CHECK", "CHECKSUM", "CACHE", "BINLOG",
			"HANDLER", "CLONE", "IMPORT", "LOCK", "UNLOCK", "BACKUP", "HELP"},
	} {
		for _, first := range firsts {
			for _, sql := range []string{first + " x", strings.ToLower(first) + " x", "(" + first + " x"} {
				if got := Classify(sql); got != want {
					t.Errorf("Classify(%q) = %s, want %s", sql, got, want)
				}
			}
			if first == "WITH" || first == "SET" {
				continue
			}
			if sql := "`" + first + "` x"; Classify(sql) != KindUnreadable {
				t.Errorf("Classify(%q) = %s, want %s", sql, Classify(sql), KindUnreadable)
			}
		}
	}
}

// TestTrafficKindsOneForOne: each of sqlfile's Traffic values is one kind,
// and every kind is one of them.
func TestTrafficKindsOneForOne(t *testing.T) {
	all := []Kind{KindQuery, KindDML, KindShow, KindSession, KindDDL, KindAccount, KindAdmin, KindTransaction, KindFile, KindRoutine, KindUnreadable}
	seen := map[Kind]bool{}
	for tr, k := range trafficKinds {
		if k == "" || seen[k] {
			t.Errorf("Traffic %d is kind %q", tr, k)
		}
		seen[k] = true
	}
	if len(seen) != len(all) {
		t.Errorf("%d kinds from Traffic, want %d", len(seen), len(all))
	}
}

func TestOnlyRunnableKindsRun(t *testing.T) {
	runs := map[Kind]bool{KindQuery: true, KindDML: true, KindShow: true, KindSession: true}
	for _, k := range []Kind{KindQuery, KindDML, KindShow, KindSession, KindDDL, KindAccount, KindAdmin, KindTransaction, KindFile, KindRoutine, KindUnreadable} {
		if k.Runs() != runs[k] {
			t.Errorf("%s.Runs() = %v", k, k.Runs())
		}
	}
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"SELECT a, NOW() FROM t ORDER BY a LIMIT 3", "SET STATEMENT x=1 FOR", "WITH (", "(((", "SELECT @@session.version", "SET @@global.", "/*!40001 SQL_NO_CACHE */ SELECT 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		k := Classify(sql)
		if k == "" {
			t.Fatalf("no kind for %q", sql)
		}
		ws, _ := outlineOf(sql)
		sh := resultShape(ws)
		for n := range 5 {
			if m := sh.masked(n); len(m) != n {
				t.Fatalf("masked(%d) has %d entries", n, len(m))
			}
		}
		syntaxFix("near '"+sql+"' at line 1", ws, nil)
	})
}
