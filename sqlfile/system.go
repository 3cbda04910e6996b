package sqlfile

import (
	"fmt"
	"sort"
	"strings"
)

// systemQualified returns the server's own schema (mysql or sys) a
// statement names as schema.name, or "". information_schema and
// performance_schema are only read by an install script (writing to them
// fails on every server).
func systemQualified(toks []Token) string {
	for i := 1; i+1 < len(toks); i++ {
		if !IsPunct(toks[i], ".") || !IsName(toks[i-1]) || !IsName(toks[i+1]) {
			continue
		}
		if s := strings.ToLower(NameOf(toks[i-1])); s == "mysql" || s == "sys" {
			return s
		}
	}
	return ""
}

// systemStatement sets aside a statement of (or aimed at) the server's own
// schemas: counted per schema, noted once.
func (r *dumpReader) systemStatement(schema string, st statement) {
	key := strings.ToLower(schema)
	sec := r.systems[key]
	if sec == nil {
		sec = &systemSection{line: st.line}
		r.systems[key] = sec
	}
	sec.statements++
	if key == "mysql" {
		r.readAccounts(st)
	}
	r.setAside("statement of the server's own schema " + key)
	r.dump.Steps = append(r.dump.Steps, Step{Kind: StepSetAside, Line: st.line, ClientLine: st.clientLine, Client: st.client, Object: -1, What: stepName(st.toks),
		Reason: "the server's own schema " + key + " is not part of the application's schema"})
}

// systemNotes says which of the server's own schemas a dump held and that
// they were set aside.
func (r *dumpReader) systemNotes() {
	names := make([]string, 0, len(r.systems))
	for name := range r.systems {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sec := r.systems[name]
		r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("%s:%d: the server's own schema %s set aside (%s): its tables and rows are the server's, not the application's",
			r.file, sec.line, name, Plural(sec.statements, "statement")))
	}
}
