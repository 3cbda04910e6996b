// Package sqlfiletest holds the SQL fixtures the tests of sqlfile and of
// the readers built on it share. It is for tests only and imports nothing
// of the project.
package sqlfiletest

import (
	"fmt"
	"strings"
)

// TenantScript writes schemas tenant_1..n, each with two tables and a
// view; change, when given, rewrites one tenant's text.
func TenantScript(n int, change func(i int, sql string) string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		s := fmt.Sprintf("CREATE DATABASE `tenant_%d`;\nUSE `tenant_%d`;\n", i, i) +
			"CREATE TABLE t1 (id INT PRIMARY KEY, name VARCHAR(20) DEFAULT 'x', KEY k_name (name)) DEFAULT CHARSET=utf8mb4;\n" +
			"SET @saved = @@character_set_client;\n" +
			"CREATE TABLE t2 (id INT PRIMARY KEY, t1_id INT);\n" +
			fmt.Sprintf("CREATE VIEW v AS SELECT t1.id FROM `tenant_%d`.t1 JOIN t2 ON t2.t1_id = t1.id;\n", i)
		if change != nil {
			s = change(i, s)
		}
		b.WriteString(s)
	}
	return b.String()
}
