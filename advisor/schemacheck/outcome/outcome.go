// Package outcome is what the schema check found: every object with its
// status and the problems the target gave it, and the section's summary
// (the file or server read, the servers it ran on, what was set aside, the
// notes, how long it took). schemacheck builds it; the report converts it
// into its schema section (report.SchemaOf), so neither imports the other.
// It imports nothing of the project.
package outcome

import "time"

// KnowledgeOnly ends the Target of a schema check that ran no server.
const KnowledgeOnly = " (knowledge base only: no server ran)"

// Schema is the application's schema put through the target's own server.
type Schema struct {
	Source string // the file or server it was read from
	Target string // the server it was loaded into
	// Today is the server of today's version the same load ran on, so that
	// what already fails today is not blamed on the upgrade; "" when none ran.
	Today    string
	Objects  []Object
	SetAside map[string]int // statements read and not loaded, by what they are
	Duration time.Duration
	Notes    []string
	// Groups are the schemas checked once for others with the same
	// definition (groups.go); nil when every schema was checked.
	Groups []Group
}

// Object is one table, view, routine, trigger or event (or a statement of
// the file that failed).
type Object struct {
	Kind     string
	Name     string
	Source   string // file:line, or schema.name on a live server
	Status   string // the worst of its problems (Worst)
	Problems []Problem
	// Group is 1 + the index in Schema.Groups of its schema's group; 0
	// when schemas were not grouped.
	Group int
	// SameAs is, for an object of a group's schema that was not loaded,
	// the Source of the loaded schema's object whose outcome it carries.
	SameAs string
}

// Problem is one thing the target said or did to an object.
type Problem struct {
	Kind    string // one of the statuses: refused, runtime, reserved, rewritten, warned, blocked
	Code    int
	Message string
	Fix     string
	// Today is true when today's version has the same problem: it is shown
	// but does not count toward the status.
	Today bool
	// Account is true for a refusal of a right the sandbox's application
	// account lacks on purpose (SUPER, SYSTEM_VARIABLES_ADMIN, FILE, the
	// mysql schema, ...): the sandbox's limit, not the target's doing; it
	// is shown but does not count toward the status.
	Account bool
	// Source is the file:line of the statement the server refused when it
	// is not the object's own definition (a later ALTER TABLE, the SET of
	// sql_mode it was created under).
	Source string
	// CausedBy is the file:line of the earlier failure this one follows
	// from (status blocked): a missing table the file's CREATE failed to make.
	CausedBy string
}
