package sqlfile

import "strings"

// alter reads ALTER statements: ALTER TABLE goes with its table where the
// file has it (a dump's DISABLE/ENABLE KEYS is part of its data section).
func (r *dumpReader) alter(c *Cursor, st statement) {
	c.Next()
	c.AcceptAnyWord("ONLINE", "OFFLINE", "IGNORE")
	word := strings.ToUpper(c.Peek(0).text)
	switch {
	case c.AcceptWord("TABLE"):
		rest := st.toks[len(st.toks)-2:]
		if IsWord(rest[1], "KEYS") && (IsWord(rest[0], "DISABLE") || IsWord(rest[0], "ENABLE")) {
			r.dataSection(st, "ALTER TABLE ... DISABLE/ENABLE KEYS statement")
			return
		}
		c.AcceptWords("IF", "EXISTS")
		r.attach(c, st)
	case word == "DATABASE" || word == "SCHEMA":
		c.Next()
		if t := c.Peek(0); IsName(t) && IsSystemSchema(NameOf(t)) {
			r.systemStatement(NameOf(t), st)
			return
		}
		r.step(st, StepScript, "")
	case objectWords[word].change != "":
		r.asideStep(st, "ALTER "+word+" statement", objectWords[word].change)
	default:
		r.needsSchema()
		r.step(st, StepScript, "")
	}
}
