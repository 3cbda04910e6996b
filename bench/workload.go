package bench

import (
	"fmt"
	"strings"
)

// Statement is one DDL statement of a round, with the table it creates.
type Statement struct {
	SQL   string // without the tool tag
	Table string // table created (for the matching DROP)
	// AcceptsClause is true for CREATE TABLE statements the variant's table
	// clause may be appended to.
	AcceptsClause bool
}

// Workload is what one round runs for one variant: Creates in order, then
// DROP TABLE of every created table in reverse order.
type Workload struct {
	Name    string
	Creates []Statement
	// Schemas is how many schemas of a --ddl-file of tenant schemas share
	// these tables (one of them is calibrated); 0 otherwise.
	Schemas int
	// Renamable means every statement is an independent CREATE TABLE of its
	// Table, whose name first occurs in SQL as that table's name: the
	// variants may then create it side by side under suffixed names and
	// alternate statement by statement (see alternatingRound).
	Renamable bool
	// classicTables is the table count of the classic workload (0 for any
	// other): only the classic table may be given a primary key when the
	// server requires one (see forPrimaryKeys).
	classicTables int
}

// ClassicTableDDL is the field report's statement: the classic protocol
// creates 1000 of these.
const ClassicTableDDL = "CREATE TABLE %s (i INT, name VARCHAR(12)) ENGINE=InnoDB"

// keyedTableDDL is the classic table with a primary key added, measured
// instead of it on a server that refuses tables without one.
const keyedTableDDL = "CREATE TABLE %s (id INT AUTO_INCREMENT PRIMARY KEY, i INT, name VARCHAR(12)) ENGINE=InnoDB"

// ClassicWorkload creates n tables of the classic protocol.
func ClassicWorkload(n int) Workload {
	return tablesOf(ClassicTableDDL, n)
}

// keyedWorkload creates n classic tables with a primary key.
func keyedWorkload(n int) Workload {
	return tablesOf(keyedTableDDL, n)
}

func tablesOf(ddl string, n int) Workload {
	w := Workload{Name: fmt.Sprintf("%d x %s", n, strings.Replace(ddl, "TABLE %s ", "TABLE ", 1)), Renamable: true, classicTables: n}
	for i := range n {
		name := fmt.Sprintf("t%05d", i)
		w.Creates = append(w.Creates, Statement{SQL: fmt.Sprintf(ddl, name), Table: name, AcceptsClause: true})
	}
	return w
}

// withClause appends the variant's table clause to sql, the text of st (or
// st renamed), when st accepts one.
func (st Statement) withClause(sql string, p Plan) string {
	if st.AcceptsClause {
		return sql + p.TableClause
	}
	return sql
}
