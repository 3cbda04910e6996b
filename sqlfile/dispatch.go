package sqlfile

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// add reads one statement. It returns an error only to stop the reading.
func (r *dumpReader) add(cs ClientStatement) error {
	toks, conds := LexStatement(cs.Text, cs.Line)
	keep := func(i int) bool { return runs(r.writer, conds[i]) }
	st := statement{toks: Significant(toks, keep), sql: r.statementText(cs.Text, toks, keep), line: cs.Line, clientLine: cs.Line, client: cs.client}
	if cs.clientLine > 0 {
		st.clientLine = cs.clientLine
	}
	if len(st.toks) == 0 {
		return nil
	}
	st.line = st.toks[0].line
	switch {
	case r.system != "" && !IsWord(st.toks[0], "USE") && !createsSchema(st.toks):
		r.systemStatement(r.system, st)
	case hasIssue(toks):
		r.answerStep(st, StepScript) // an unterminated string at the end of the file, ...
	default:
		if reason := FileAccess(st.toks); reason != "" {
			r.asideStep(st, "statement that reads or writes files or loads a library", reason)
			return nil
		}
		r.read(st)
	}
	return nil
}

// createsSchema reports CREATE DATABASE|SCHEMA: in a dump it starts the
// next schema's section.
func createsSchema(toks []Token) bool {
	c := &Cursor{toks: toks}
	return c.AcceptWord("CREATE") && (c.IsWord(0, "DATABASE") || c.IsWord(0, "SCHEMA"))
}

// hasIssue reports a lexical problem in a statement's tokens.
func hasIssue(toks []Token) bool {
	for _, t := range toks {
		if t.kind == TokIssue {
			return true
		}
	}
	return false
}

// statementText is the statement as the target receives it. For a dump
// whose writer is known, the executable comments are resolved as that
// server ran them (the objects are what it made of them); a file that does
// not say who wrote it is sent as written, so the target evaluates its
// comments as the mysql client would have it do.
func (r *dumpReader) statementText(text string, toks []Token, keep func(int) bool) string {
	if r.writer.Vendor == "" {
		return strings.TrimSpace(text)
	}
	return resolveText(text, toks, keep)
}

// read classifies one statement by its kind (kinds.go) and records its
// step.
func (r *dumpReader) read(st statement) {
	c := &Cursor{toks: st.toks}
	first := strings.ToUpper(c.Peek(0).text)
	if c.Peek(0).kind != TokWord {
		r.step(st, StepScript, "")
		return
	}
	if schema := systemQualified(st.toks); schema != "" && first != "SET" {
		r.systemStatement(schema, st)
		return
	}
	switch k := kindOf(first, c); k.class {
	case classCreate:
		r.create(c, st)
	case classAlter:
		r.alter(c, st)
	case classDrop:
		r.drop(c, st)
	case classUse:
		r.use(c, st)
	case classSet:
		r.set(c, st)
	case classData:
		r.data(c, st)
	case classLock:
		r.dataSection(st, "LOCK/UNLOCK TABLES statement")
	case classSession:
		r.step(st, StepSession, "")
	case classScript:
		r.needsSchema()
		r.step(st, StepScript, "")
	case classAside:
		what := k.what
		if what == "" {
			what = first + " statement"
		}
		r.asideStep(st, what, k.why)
	default:
		r.asideStep(st, UnknownStatement, Describe(st.toks)+" is not a statement the schema check runs (it takes definitions, data, session and script statements)")
		r.dump.Steps[len(r.dump.Steps)-1].Unknown = st.sql
	}
}

// resolveText returns text with every executable comment resolved: the
// markers of the ones kept removed, the others removed whole. Each cut
// becomes one space.
func resolveText(text string, toks []Token, keep func(int) bool) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case TokCondOpen:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
			if keep(t.cond) {
				continue
			}
			for i+1 < len(toks) && toks[i+1].kind != TokCondClose {
				i++
			}
			if i+1 < len(toks) {
				i++
				last = toks[i].end
			} else {
				last = len(text)
			}
		case TokCondClose:
			b.WriteString(text[last:t.pos])
			b.WriteByte(' ')
			last = t.end
		}
	}
	b.WriteString(text[last:])
	return strings.TrimSpace(b.String())
}

// runs reports whether the server w runs the executable comment cc; a zero
// w runs every one.
func runs(w flavor.Flavor, cc CondComment) bool {
	if w.Vendor == "" {
		return true
	}
	n := w.Version.Major*10000 + w.Version.Minor*100 + w.Version.Patch
	if cc.mariadbOnly {
		return w.IsMariaDB() && cc.version <= n
	}
	if cc.version == 0 {
		return true
	}
	if w.IsMariaDB() && cc.version >= 50700 && cc.version < 100000 {
		return false // MariaDB skips MySQL 5.7+ executable comments
	}
	return cc.version <= n
}
