package report

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
)

// Schema is the application's schema put through the target's own server:
// every object with its status, the worst of its problems (the schema
// check's outcome, converted by SchemaOf).
type Schema struct {
	Source string `json:"source"` // the file or server it was read from
	Target string `json:"target"` // the server it was loaded into
	// Today is the server of today's version the same load ran on, so that
	// what already fails today is not blamed on the upgrade; "" when none ran.
	Today     string         `json:"today,omitempty"`
	Objects   []SchemaObject `json:"objects"`
	SetAside  map[string]int `json:"set_aside,omitempty"`
	DurationS float64        `json:"duration_s"`
	Notes     []string       `json:"notes,omitempty"`
	// Groups are the schemas with the same definition, each loaded once
	// (schema_groups.go); absent when every schema was loaded.
	Groups []SchemaSet `json:"groups,omitempty"`
}

// SchemaSet is schemas with the same definition: Checked was loaded on the
// target, and the objects of the others carry its objects' statuses.
type SchemaSet struct {
	Checked string `json:"checked"`
	// Schemas are every schema of the group, Checked included, written
	// compactly: numbered names in a row as "tenant_0001..tenant_0200".
	Schemas []string `json:"schemas"`
	Count   int      `json:"count"`
	// Drifted is set for a group whose definition differs from the
	// largest group's.
	Drifted bool `json:"drifted,omitempty"`
}

// SchemaObject is one table, view, routine, trigger or event.
type SchemaObject struct {
	Kind     string          `json:"kind"`
	Name     string          `json:"name"`
	Source   string          `json:"source"` // file:line, or schema.name on a live server
	Status   string          `json:"status"`
	Problems []SchemaProblem `json:"problems"`
	// Group is the number (from 1) of its schema's entry in Groups.
	Group int `json:"group,omitempty"`
	// SameAs is, for an object of a schema that was not loaded, the source
	// of the loaded schema's object whose status and problems it carries.
	SameAs string `json:"same_as,omitempty"`
}

// SchemaProblem is one thing the target said or did to an object.
type SchemaProblem struct {
	Kind    string `json:"kind"` // one of the statuses (outcome.Statuses): refused, runtime, reserved, rewritten, warned, blocked
	Code    int    `json:"code,omitempty"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
	// Today is true when today's version has the same problem: it is shown
	// but does not count toward the status.
	Today bool `json:"today,omitempty"`
	// Account is true for a refusal of a right the sandbox's application
	// account lacks on purpose: not the target's doing; it is shown but
	// does not count toward the status.
	Account bool `json:"account,omitempty"`
	// Source is the file:line of the statement the server refused when it
	// is not the object's own definition (a later ALTER TABLE, the SET of
	// sql_mode it was created under).
	Source string `json:"source,omitempty"`
	// CausedBy is the file:line of the earlier failure this one follows
	// from (status blocked): a missing table the file's CREATE failed to make.
	CausedBy string `json:"caused_by,omitempty"`
}

// schemaKinds is the order kinds are shown in.
var schemaKinds = []string{"table", "view", "function", "procedure", "trigger", "event", "account", "statement"}

func kindRank(k string) int {
	for i, x := range schemaKinds {
		if x == k {
			return i
		}
	}
	return len(schemaKinds)
}

// countByKind counts the objects per kind, in schemaKinds order.
func (s *Schema) countByKind() []kindCount {
	return s.countBy(schemaKinds, func(o SchemaObject) string { return o.Kind })
}

// countByStatus counts the objects per status, worst first.
func (s *Schema) countByStatus() []kindCount {
	return s.countBy(outcome.Statuses, func(o SchemaObject) string { return o.Status })
}

// countBy counts the objects by key, in the order given; keys no object
// has are left out.
func (s *Schema) countBy(order []string, key func(SchemaObject) string) []kindCount {
	n := map[string]int{}
	for _, o := range s.Objects {
		n[key(o)]++
	}
	var out []kindCount
	for _, k := range order {
		if n[k] > 0 {
			out = append(out, kindCount{k, n[k]})
		}
	}
	return out
}

type kindCount struct {
	Kind  string
	Count int
}

// place is where an object is read from, with the schema's file named once:
// "line N" for an object of the file the section names, its own source
// (schema.name on a live server, another file) otherwise.
func (s *Schema) place(o SchemaObject) string {
	if line, ok := strings.CutPrefix(o.Source, s.Source+":"); ok && s.Source != "" {
		return "line " + line
	}
	return o.Source
}
