package schemacheck

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// DefaultSchema holds the objects of a file that names no schema.
const DefaultSchema = "app"

// schemaOf is the schema an object is created in.
func schemaOf(o sqlfile.Object) string {
	if o.Schema == "" {
		return DefaultSchema
	}
	return o.Schema
}

// Result is what one server made of one object.
type Result struct {
	Object   sqlfile.Object
	Created  bool
	Problems []outcome.Problem
	// modeRefused is set when the target refused the object's sql_mode.
	modeRefused bool
	// modeDiffers is set for an object created under another sql_mode
	// than the server's default, mode is that sql_mode.
	modeDiffers bool
	mode        string
}

// hasProblem reports whether the object already has this code and message
// (a warning repeated for every column is kept once).
func (r *Result) hasProblem(code int, msg string) bool {
	for _, p := range r.Problems {
		if p.Code == code && p.Message == msg {
			return true
		}
	}
	return false
}

// Load is the outcome of loading a dump on one server.
type Load struct {
	// Results are the objects, in the dump's order.
	Results []*Result
	// Statements are the file's other statements that failed, in file order.
	Statements []*Result
	Notes      []string
}

// qualifiedName is schema.name, or the name when the file names no schema.
func qualifiedName(o sqlfile.Object) string {
	if o.Schema == "" {
		return o.Name
	}
	return o.Schema + "." + o.Name
}

// quotedName is an object's schema-qualified name, quoted for a statement.
func quotedName(o sqlfile.Object) string {
	return stmt.QuoteIdent(schemaOf(o)) + "." + stmt.QuoteIdent(o.Name)
}
