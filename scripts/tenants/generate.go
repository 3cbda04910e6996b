package main

import (
	"bufio"
	"fmt"
	"io"
)

// drift is how one tenant differs from the others.
type drift int

const (
	noDrift      drift = iota
	reservedName       // a column named rank: reserved on MySQL 8.0 and later
	utf8mb3Table       // one table in utf8mb3
	missingIndex       // one table without its secondary index
)

// driftOf places the three drifted tenants: the 7th, the middle one and
// the third from the end (distinct for 10 tenants or more).
func driftOf(i, tenants int) drift {
	switch i {
	case 7:
		return reservedName
	case tenants / 2:
		return utf8mb3Table
	case tenants - 2:
		return missingIndex
	}
	return noDrift
}

// generate writes an install script of tenants schemas tenant_NNNN, each
// with tables tables and a view, three of them drifted (driftOf).
func generate(w io.Writer, tenants, tables int) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "-- %d tenant schemas of %d tables and a view each, three drifted.\n", tenants, tables)
	for i := 1; i <= tenants; i++ {
		name := fmt.Sprintf("tenant_%04d", i)
		fmt.Fprintf(b, "CREATE DATABASE `%s` DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci;\nUSE `%s`;\n", name, name)
		d := driftOf(i, tenants)
		for t := 1; t <= tables; t++ {
			writeTable(b, t, d)
		}
		fmt.Fprintf(b, "CREATE VIEW `v_totals` AS SELECT `account_id`, COUNT(*) AS `n`, SUM(`amount`) AS `total` FROM `t01` GROUP BY `account_id`;\n")
	}
	return b.Flush()
}

// writeTable writes table t of a tenant; the fifth table carries the drift.
func writeTable(b *bufio.Writer, t int, d drift) {
	extra, index, charset := "", ",\n  KEY `idx_account` (`account_id`, `created_at`)", "utf8mb4 COLLATE=utf8mb4_0900_ai_ci"
	if t == 5 {
		switch d {
		case reservedName:
			extra = ",\n  `rank` INT NOT NULL DEFAULT 0"
		case utf8mb3Table:
			charset = "utf8mb3"
		case missingIndex:
			index = ""
		}
	}
	fmt.Fprintf(b, "CREATE TABLE `t%02d` (\n  `id` BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,\n  `account_id` INT NOT NULL,\n"+
		"  `name` VARCHAR(100) NOT NULL DEFAULT '',\n  `amount` DECIMAL(12,2) DEFAULT NULL,\n  `status` ENUM('new','paid','void') NOT NULL DEFAULT 'new',\n"+
		"  `created_at` DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP%s,\n  PRIMARY KEY (`id`)%s\n) ENGINE=InnoDB DEFAULT CHARSET=%s;\n",
		t, extra, index, charset)
}
