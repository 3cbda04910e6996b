package sqlfile

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadDumpAccounts: the accounts of a dump's mysql.user and
// mysql.global_priv rows, with their plugins and whether they can log in;
// nothing of their passwords.
func TestReadDumpAccounts(t *testing.T) {
	const mariadb = "-- MariaDB dump 10.19\n-- Server version\t10.11.9-MariaDB\n"
	const mysql = "-- MySQL dump 10.13\n-- Server version\t9.7.4\n"
	const hash = "*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19"
	cases := []struct {
		name, src string
		want      []string // user@host plugin locked line
	}{
		{"global_priv of MariaDB 10.4+", mariadb + "USE `mysql`;\n" +
			"CREATE TABLE `global_priv` (\n  `Host` char(255) NOT NULL DEFAULT '',\n  `User` char(128) NOT NULL DEFAULT '',\n  `Priv` longtext NOT NULL DEFAULT '{}' CHECK (json_valid(`Priv`)),\n  PRIMARY KEY (`Host`,`User`)\n);\n" +
			"INSERT INTO `global_priv` VALUES ('%','legacy','{\\\"access\\\":0,\\\"plugin\\\":\\\"mysql_native_password\\\",\\\"authentication_string\\\":\\\"" + hash + "\\\"}')," +
			"('localhost','mariadb.sys','{\\\"access\\\":0,\\\"plugin\\\":\\\"mysql_native_password\\\",\\\"authentication_string\\\":\\\"\\\",\\\"account_locked\\\":true}')," +
			"('','reporting','{\\\"access\\\":0,\\\"version_id\\\":101109,\\\"is_role\\\":true}')," +
			"('10.0.%','o\\'brien','{\\\"access\\\":0,\\\"plugin\\\":\\\"ed25519\\\",\\\"authentication_string\\\":\\\"abc\\\"}');\n" +
			"CREATE DATABASE shop;\nUSE shop;\nCREATE TABLE t (a INT);\n",
			[]string{"legacy@% mysql_native_password false 10", "mariadb.sys@localhost mysql_native_password true 10",
				"reporting@ role? true 10", "o'brien@10.0.% ed25519 false 10"}},
		{"mysql.user of MySQL, columns from its CREATE TABLE", mysql + "USE `mysql`;\n" +
			"CREATE TABLE `user` (`Host` char(255) NOT NULL, `User` char(32) NOT NULL, `Select_priv` enum('N','Y') NOT NULL,\n" +
			"`plugin` char(64) NOT NULL DEFAULT 'caching_sha2_password', `authentication_string` text, `account_locked` enum('N','Y') NOT NULL, PRIMARY KEY (`Host`,`User`));\n" +
			"INSERT INTO `user` VALUES ('%','app','Y','mysql_native_password','" + hash + "','N'),('localhost','mysql.sys','N','caching_sha2_password',_binary '$A$005$x','Y');\n" +
			"USE shop;\nCREATE TABLE t (a INT);\n",
			[]string{"app@% mysql_native_password false 6", "mysql.sys@localhost caching_sha2_password true 6"}},
		{"mysql.user of MariaDB 10.3, an empty plugin, a listed column order", mariadb + "USE mysql;\n" +
			"INSERT INTO mysql.user (User, Host, Password, plugin) VALUES ('old','%','" + hash + "','');\n" +
			"CREATE DATABASE shop;\nUSE shop;\nCREATE TABLE t (a INT);\n",
			[]string{"old@% <empty> false 4"}},
		{"CREATE USER of an install script", "CREATE USER IF NOT EXISTS 'legacy'@'%' IDENTIFIED WITH mysql_native_password BY 'secret', " +
			"`web`@`10.%` IDENTIFIED BY 'x', 'o\\'brien'@localhost IDENTIFIED VIA ed25519 USING PASSWORD('y') OR unix_socket;\n" +
			"CREATE USER old IDENTIFIED BY PASSWORD '" + hash + "' ACCOUNT LOCK;\nCREATE ROLE r;\nCREATE TABLE t (a INT);\n",
			[]string{"legacy@% mysql_native_password false 1", "o'brien@localhost ed25519 false 1", "old@% mysql_native_password true 2"}},
		{"rows without their columns are not guessed", mysql + "USE mysql;\nINSERT INTO user VALUES ('%','app','mysql_native_password');\n" +
			"USE shop;\nCREATE TABLE t (a INT);\n", nil},
		{"another mysql table", mysql + "USE mysql;\nINSERT INTO db VALUES ('%','shop','app');\nUSE shop;\nCREATE TABLE t (a INT);\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := readString(t, c.src)
			var got []string
			for _, a := range d.Accounts {
				plugin := a.Plugin
				if plugin == "" && a.CannotLogIn {
					plugin = "role?"
				} else if plugin == "" {
					plugin = "<empty>"
				}
				got = append(got, fmt.Sprintf("%s@%s %s %v %d", a.User, a.Host, plugin, a.CannotLogIn, a.Line))
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("accounts\n got %q\nwant %q", got, c.want)
			}
			if s := fmt.Sprintf("%+v", d.Accounts); strings.Contains(s, hash) || strings.Contains(s, "$A$005$") {
				t.Errorf("a password hash kept: %s", s)
			}
			if d.Count(KindTable) != 1 {
				t.Errorf("objects %+v", d.Objects)
			}
		})
	}
}
