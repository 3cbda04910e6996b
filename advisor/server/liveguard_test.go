package server

import (
	"errors"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
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
		{"MariaDB comment with a nested comment", stmt.Tag + `CREATE TABLE t1 (a int) /*M!999999 /* */ COMMENT ' */ DATA DIRECTORY "/tmp/x/dd" /* ' /* */ ENGINE=InnoDB`, scratch, false, false},
		{"MariaDB comment with a nested comment, SELECT", stmt.Tag + `CREATE TABLE t3 (a int) /*M!999999 /* */ COMMENT ' */ SELECT victim.bump() AS a /* ' /* */ LIMIT 1`, scratch, false, false},
		{"MariaDB comment with a nested comment, RENAME", stmt.Tag + `ALTER TABLE t2 /*M!999999 /* */ COMMENT ' */ RENAME TO victim.moved /* ' /* */ , ENGINE=InnoDB`, scratch, false, false},
		{"not UTF-8", stmt.Tag + "CREATE TABLE t (a int) COMMENT '\xd6\\'", scratch, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &guardState{schema: c.schema, globals: c.globals}
			_, err := judgeLive(c.query, st)
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
	if _, err := judgeLive(stmt.Tag+"USE `upgrade_advisor_00ff`", st); err != nil {
		t.Fatal(err)
	}
	if st.schema != "upgrade_advisor_00ff" {
		t.Fatalf("schema after USE = %q", st.schema)
	}
	if _, err := judgeLive(stmt.Tag+"CREATE TABLE t (a int)", st); err != nil {
		t.Errorf("table DDL after USE of the scratch schema refused: %v", err)
	}
	if _, err := judgeLive(stmt.Tag+"USE mysql", st); err == nil || st.schema != "upgrade_advisor_00ff" {
		t.Errorf("USE mysql allowed (err = %v) or changed the state (%q)", err, st.schema)
	}
}

// TestLiveGuardSendsTheCanonicalText: what reaches the server is rebuilt
// from the tokens judged, for the server's version: comments gone, the
// executable comments it runs expanded and the others dropped, names and
// strings quoted by the tool.
func TestLiveGuardSendsTheCanonicalText(t *testing.T) {
	const scratch = "upgrade_advisor_0123456789abcdef"
	mariadb := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	mysql := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
	cases := []struct {
		name   string
		server flavor.Flavor
		query  string
		want   string
	}{
		{"comments dropped", mariadb, "CREATE TABLE t (a int) /* x */ COMMENT 'c' -- y\n ENGINE=InnoDB",
			"CREATE TABLE t (a int) COMMENT 'c' ENGINE=InnoDB"},
		{"names and strings re-quoted", mariadb, "CREATE TABLE `t` (`a``b` int)" + `  COMMENT "it's \\ \\%"`,
			"CREATE TABLE `t` (`a``b` int) COMMENT 'it''s \\\\ \\\\%'"},
		{"versioned comment run", mariadb, "CREATE TABLE t (a int) /*!50100 PARTITION BY HASH (a) PARTITIONS 2 */",
			"CREATE TABLE t (a int) PARTITION BY HASH (a) PARTITIONS 2"},
		{"MariaDB comment skipped by MySQL", mysql, "CREATE TABLE t (a int) /*M!100100 PAGE_COMPRESSED=1 */ ENGINE=InnoDB",
			"CREATE TABLE t (a int) ENGINE=InnoDB"},
		{"MariaDB comment run by MariaDB", mariadb, "CREATE TABLE t (a int) /*M!100100 PAGE_CHECKSUM=1 */ ENGINE=InnoDB",
			"CREATE TABLE t (a int) PAGE_CHECKSUM=1 ENGINE=InnoDB"},
		{"future version skipped", mysql, "CREATE TABLE t (a int) /*!99999 ENGINE=MyISAM */",
			"CREATE TABLE t (a int)"},
		{"numbers and operators kept whole", mariadb, "CREATE TABLE t (a decimal(5,2) DEFAULT 1.5 CHECK (a>=-1e-3))",
			"CREATE TABLE t (a decimal(5,2) DEFAULT 1.5 CHECK (a>=-1e-3))"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &guardState{schema: scratch, server: c.server}
			sent, err := judgeLive(stmt.Tag+c.query, st)
			if err != nil {
				t.Fatal(err)
			}
			if want := stmt.Tag + c.want; sent != want {
				t.Errorf("sent\n  %s\nwant\n  %s", sent, want)
			}
		})
	}
}
