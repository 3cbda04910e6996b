package sqlfile

import "strings"

// dropKinds are the objects a DROP may name.
var dropKinds = map[string]Kind{"TABLE": KindTable, "VIEW": KindView, "PROCEDURE": KindProcedure,
	"FUNCTION": KindFunction, "TRIGGER": KindTrigger, "EVENT": KindEvent, "SEQUENCE": KindTable}

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
		r.asideStep(st, "account statement", "an account statement (the sandbox's accounts are not the application's schema)")
		return
	case alterAside[word] != "":
		r.asideStep(st, "DROP "+word+" statement", alterAside[word])
		return
	}
	kind, ok := dropKinds[word]
	if !ok {
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
