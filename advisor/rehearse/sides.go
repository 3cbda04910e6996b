package rehearse

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// The servers a rehearsal works with: today's, and each sandbox it starts.

// today is the server the rehearsal starts from.
type today struct {
	in       *server.Inspection
	offline  bool
	settings []carryover.CarrySetting
	inputs   job.Inputs
	// schema is the schema the rehearsal carries (nil: none, schemaNote says why).
	schema     *sqlfile.Dump
	schemaNote string
	// groups are the file's schemas grouped by definition when schema is
	// one schema of each group (the file read grouped); nil otherwise.
	groups *schemacheck.Grouping
	// queries are the application's statements (nil without --queries).
	queries *queries.Input
}

// side is one sandbox of a rehearsal before and after it ran.
type side struct {
	name, label string
	basedir     string
	options     []string
	srv         *server.Server
}
