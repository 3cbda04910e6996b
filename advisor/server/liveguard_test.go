package server

import (
	"errors"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

func TestLiveGuardJudgesEveryStatement(t *testing.T) {
	const scratch = "upgrade_advisor_0123456789abcdef"
	cases := []struct {
		name    string
		query   string
		schema  string // the session's database before the statement
		globals bool
		allowed bool
	}{
		{"tagged read", stmt.Tag + "SELECT @@version", "", false, true},
		{"tagged show", stmt.Tag + "SHOW GLOBAL STATUS LIKE 'Uptime'", "", false, true},
		{"untagged read", "SELECT 1", "", false, false},
		{"read writing a file", stmt.Tag + "SELECT 1 INTO OUTFILE '/tmp/x'", "", false, false},
		{"session setting", stmt.Tag + "SET SESSION sql_log_bin = 0", "", false, true},
		{"session settings, several", stmt.Tag + "SET SESSION lock_wait_timeout = 5, foreign_key_checks = 0", "", false, true},
		{"global without consent", stmt.Tag + "SET GLOBAL innodb_file_per_table = OFF", "", false, false},
		{"global with consent", stmt.Tag + "SET GLOBAL innodb_file_per_table = OFF", "", true, true},
		{"other global with consent", stmt.Tag + "SET GLOBAL max_connections = 1", "", true, false},
		{"@@global with consent", stmt.Tag + "SET @@global.read_only = 1", "", true, false},
		{"set password", stmt.Tag + "SET PASSWORD = 'x'", "", false, false},
		{"two statements", stmt.Tag + "SELECT 1; DROP DATABASE victim", "", false, false},
		{"trailing semicolon", stmt.Tag + "SELECT 1;", "", false, true},
		{"scratch schema", stmt.Tag + "CREATE DATABASE `" + scratch + "`", "", false, true},
		{"drop scratch schema", stmt.Tag + "DROP DATABASE IF EXISTS `" + scratch + "`", "", false, true},
		{"drop another schema", stmt.Tag + "DROP DATABASE victim", "", false, false},
		{"use scratch", stmt.Tag + "USE `" + scratch + "`", "", false, true},
		{"use another schema", stmt.Tag + "USE victim", "", false, false},
		{"use an unquoted name", stmt.Tag + "USE " + scratch, "", false, false},
		{"table DDL in scratch", stmt.Tag + "CREATE TABLE t (a int) STATS_PERSISTENT=0", scratch, false, true},
		{"drop table in scratch", stmt.Tag + "DROP TABLE `t`", scratch, false, true},
		{"alter table in scratch", stmt.Tag + "ALTER TABLE t ADD COLUMN b int", scratch, false, true},
		{"table DDL outside scratch", stmt.Tag + "CREATE TABLE t (a int)", "", false, false},
		{"table DDL with a hidden statement", stmt.Tag + "CREATE TABLE t (a int); DROP DATABASE victim", scratch, false, false},
		{"qualified table", stmt.Tag + "DROP TABLE mysql.user", scratch, false, false},
		{"qualified reference", stmt.Tag + "CREATE TABLE t (a int, FOREIGN KEY (a) REFERENCES victim.p (a))", scratch, false, false},
		{"grant", stmt.Tag + "GRANT ALL ON *.* TO 'x'@'%'", scratch, false, false},
		{"create user", stmt.Tag + "CREATE USER 'x'@'%'", scratch, false, false},
		{"create procedure", stmt.Tag + "CREATE PROCEDURE p() SELECT 1", scratch, false, false},
		{"insert", stmt.Tag + "INSERT INTO t VALUES (1)", scratch, false, false},
		{"transaction", stmt.Tag + "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", "", false, true},
		{"rollback", stmt.Tag + "ROLLBACK", "", false, true},
		{"data directory", stmt.Tag + "CREATE TABLE t (a int) DATA DIRECTORY = '/tmp'", scratch, false, false},
		{"executable comment hiding a statement", stmt.Tag + "CREATE TABLE t (a int) /*!50000 ; DROP DATABASE victim */", scratch, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &guardState{schema: c.schema, globals: c.globals}
			err := judgeLive(c.query, st)
			if c.allowed && err != nil {
				t.Errorf("refused: %v", err)
			}
			if !c.allowed && (err == nil || !errors.Is(err, errNotForALiveServer)) {
				t.Errorf("allowed (err = %v); want a refusal", err)
			}
		})
	}
}

func TestLiveGuardFollowsUse(t *testing.T) {
	st := &guardState{}
	if err := judgeLive(stmt.Tag+"USE `upgrade_advisor_00ff`", st); err != nil {
		t.Fatal(err)
	}
	if st.schema != "upgrade_advisor_00ff" {
		t.Fatalf("schema after USE = %q", st.schema)
	}
	if err := judgeLive(stmt.Tag+"CREATE TABLE t (a int)", st); err != nil {
		t.Errorf("table DDL after USE of the scratch schema refused: %v", err)
	}
	if err := judgeLive(stmt.Tag+"USE mysql", st); err == nil || st.schema != "upgrade_advisor_00ff" {
		t.Errorf("USE mysql allowed (err = %v) or changed the state (%q)", err, st.schema)
	}
}
