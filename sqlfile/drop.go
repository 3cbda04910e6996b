package sqlfile

import "strings"

// drop reads DROP statements: they run where the file has them; one that
// drops an object the file defined earlier removes it (a view's stand-in
// table).
func (r *dumpReader) drop(c *Cursor, st statement) {
	c.Next()
	c.AcceptWord("TEMPORARY")
	word := strings.ToUpper(c.Peek(0).text)
	switch {
	case word == "DATABASE" || word == "SCHEMA":
		c.Next()
		c.AcceptWords("IF", "EXISTS")
		if t := c.Peek(0); IsName(t) && IsSystemSchema(NameOf(t)) {
			r.systemStatement(NameOf(t), st)
			return
		}
		r.step(st, StepScript, "")
		return
	case word == "USER" || word == "ROLE":
		r.asideStep(st, "account statement", accountStatement)
		return
	case objectWords[word].change != "":
		r.asideStep(st, "DROP "+word+" statement", objectWords[word].change)
		return
	}
	kind := objectWords[word].kind
	if kind == "" {
		r.step(st, StepScript, "")
		return
	}
	c.Next()
	c.AcceptWords("IF", "EXISTS")
	for !c.Done() {
		schema, name, system := r.qualified(c)
		if system {
			r.systemStatement(schema, st)
			return
		}
		r.undefine(kind, schema, name)
		if !c.IsPunct(0, ",") {
			break
		}
		c.Next()
	}
	r.step(st, StepScript, "")
}
