package bench

import "fmt"

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
	// Renamable means every statement is an independent CREATE TABLE of its
	// Table, whose name first occurs in SQL as that table's name: the
	// variants may then create it side by side under suffixed names and
	// alternate statement by statement (see interleavedRound).
	Renamable bool
}

// ClassicTableDDL is the field report's statement: the classic protocol
// creates 1000 of these.
const ClassicTableDDL = "CREATE TABLE %s (i INT, name VARCHAR(12)) ENGINE=InnoDB"

// ClassicWorkload creates n tables of the classic protocol.
func ClassicWorkload(n int) Workload {
	w := Workload{Name: fmt.Sprintf("%d x CREATE TABLE (i INT, name VARCHAR(12)) ENGINE=InnoDB", n), Renamable: true}
	for i := range n {
		name := fmt.Sprintf("t%05d", i)
		w.Creates = append(w.Creates, Statement{SQL: fmt.Sprintf(ClassicTableDDL, name), Table: name, AcceptsClause: true})
	}
	return w
}
