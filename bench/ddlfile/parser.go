package ddlfile

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// read classifies one server statement. shared is true when its client
// statement holds other server statements too: the server would run each
// of them, so each is judged on its own, and every one that is not the
// file's table DDL is set aside and listed with its line, never run.
func (p *parser) read(cs sqlfile.ClientStatement, shared bool) {
	toks, conds := sqlfile.Lex(cs.Text, defaultMode, cs.Line)
	if len(toks) == 0 {
		return
	}
	st := newRawStatement(cs.Text, toks, conds)
	all := sqlfile.Significant(toks, func(int) bool { return true })
	if what := setAsideKind(all); what != "" {
		if reason := sqlfile.FileAccess(all); reason != "" {
			p.reject(st.line, st.sql, reason)
		}
		p.counts[what]++
		if shared {
			p.listAside(st, what)
		}
		return
	}
	if shared && !p.runsOrIgnores(st) {
		p.listAside(st, sqlfile.Describe(all))
		return
	}
	p.add(st)
}

// runsOrIgnores reports whether --ddl-file would run or ignore a statement
// (rather than refuse it).
func (p *parser) runsOrIgnores(st rawStatement) bool {
	if st.lexicalProblem() != "" {
		return true // refused by add, as at the top level
	}
	v, reason := classifyRun(st)
	return reason == "" && p.checkTables(v) == ""
}

// listAside records a statement set aside from a client statement that
// held several, with its line, for the notes.
func (p *parser) listAside(st rawStatement, what string) {
	p.hidden = append(p.hidden, fmt.Sprintf("line %d: %s (%s)", st.line, sqlfile.Excerpt(st.sql), what))
}

// Statement is one DDL statement --ddl-file runs, with the table it creates.
type Statement struct {
	SQL   string // the file's text, without the tool tag
	Table string // table created (for the matching DROP)
	// AcceptsClause is true for CREATE TABLE statements a table option
	// (a calibration variant's clause) may be appended to.
	AcceptsClause bool
}

// Tables is what --ddl-file calibrates with: the statements that run, in
// file order, under a name that says where they come from.
type Tables struct {
	Name       string
	Statements []Statement
	// Schemas is, for a file of tenant schemas calibrated with one of them
	// (sqlfile.OneTenant), how many schemas share these tables; 0 for a
	// file read whole.
	Schemas int
}

// parser accumulates the workload, the notes and the refusals of one file.
type parser struct {
	file        string
	tables      Tables
	created     map[string]bool // lower-cased names of the tables created so far
	counts      map[string]int  // statements per kind
	partitioned []string
	likeTables  []string
	otherEngine []string // "table (ENGINE)"
	foreignKeys int
	rejects     []*sqlfile.RejectError
	hidden      []string      // statements set aside from client statements that held several
	objects     *sqlfile.Dump // the file's objects as the dump reader sees them (sqlfile.ObjectsOf); nil for a file it cannot read
}

func newParser(file string) *parser {
	return &parser{file: file, created: map[string]bool{}, counts: map[string]int{}}
}

// add classifies one statement.
func (p *parser) add(st rawStatement) {
	if reason := st.lexicalProblem(); reason != "" {
		p.reject(st.line, st.sql, reason)
		return
	}
	v, reason := classifyRun(st)
	if reason == "" {
		reason = p.checkTables(v)
	}
	if reason != "" {
		p.reject(st.line, st.sql, reason)
		return
	}
	p.record(st, v)
}

// checkTables checks a statement against the tables created before it: the
// scratch schema starts empty, and every created table is dropped once.
func (p *parser) checkTables(v verdict) string {
	if v.action != actRun {
		return ""
	}
	if v.kind == kindCreateTable && p.created[strings.ToLower(v.table)] {
		return "table " + display(v.table) + " is created twice (each created table is dropped once per round)"
	}
	if v.target != "" && !p.created[strings.ToLower(v.target)] {
		return "table " + display(v.target) + " is not created earlier in the file (the scratch schema starts empty)"
	}
	return ""
}

// record adds a statement that passed every check.
func (p *parser) record(st rawStatement, v verdict) {
	if v.action == actEmpty {
		return
	}
	p.counts[v.kind]++
	if v.action != actRun {
		return
	}
	s := Statement{SQL: st.sql}
	table := v.target
	if v.kind == kindCreateTable {
		table = v.table
		s.Table = v.table
		s.AcceptsClause = !v.like && !v.partitioned && !v.noClause
		p.created[strings.ToLower(v.table)] = true
	}
	if v.partitioned {
		p.partitioned = append(p.partitioned, display(v.table))
	}
	if v.like {
		p.likeTables = append(p.likeTables, display(v.table))
	}
	for _, e := range v.engines {
		p.otherEngine = append(p.otherEngine, display(table)+" ("+e+")")
	}
	if v.foreignKeys {
		p.foreignKeys++
	}
	p.tables.Statements = append(p.tables.Statements, s)
}

// reject records a refused statement.
func (p *parser) reject(line int, sql, reason string) {
	p.rejects = append(p.rejects, &sqlfile.RejectError{File: p.file, Line: line, Statement: sqlfile.Excerpt(sql), Reason: reason})
}
