package sqlfile

// data reads INSERT and REPLACE. A dump's plain rows are kept with
// --with-data, else counted; every other one (an install script's, an
// INSERT ... SELECT) runs where the file has it.
func (r *dumpReader) data(c *Cursor, st statement) {
	c.Next()
	c.AcceptAnyWord("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY")
	c.AcceptWord("IGNORE")
	c.AcceptWord("INTO")
	schema, name, system := r.qualified(c)
	switch {
	case system:
		r.systemStatement(schema, st)
	case !r.isDump || !plainRows(st.toks):
		r.step(st, StepScript, "")
	case !r.opts.WithData:
		r.setAside("data statement (INSERT/REPLACE)")
	case r.forget != nil && r.forget.forgets(schema):
		r.step(st, StepData, "")
	default:
		r.dump.Data = append(r.dump.Data, DataStatement{Schema: schema, Table: name, SQL: st.sql, Line: st.line, Session: r.session.snapshot()})
		r.step(st, StepData, "")
	}
}

// dataSection reads the statements around a dump's rows (LOCK TABLES,
// DISABLE KEYS): with the rows when they are kept; an install script's
// run.
func (r *dumpReader) dataSection(st statement, what string) {
	switch {
	case !r.isDump:
		r.step(st, StepScript, "")
	case r.opts.WithData:
		r.step(st, StepData, "")
	default:
		r.setAside(what)
	}
}

// plainRows reports an INSERT or REPLACE of literal rows: VALUES, no query.
func plainRows(toks []Token) bool {
	values := false
	for _, t := range toks {
		switch {
		case IsWord(t, "SELECT"), IsWord(t, "TABLE"):
			return false
		case IsWord(t, "VALUES"), IsWord(t, "VALUE"):
			values = true
		}
	}
	return values
}
