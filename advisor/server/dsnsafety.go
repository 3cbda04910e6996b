package server

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// forceOneStatementPerCall turns off what a DSN may ask of the driver that
// would let a call send more than the one statement the tool read and
// judged: multiStatements (several statements in one text) and
// allowAllFiles (LOAD DATA LOCAL of any file of this machine).
func forceOneStatementPerCall(cfg *mysql.Config) {
	cfg.MultiStatements = false
	cfg.AllowAllFiles = false
}

// DSNNotes says which of a DSN's driver options the tool overrides, for
// the report; nil when the DSN asks for none of them (or cannot be read:
// DriverConfig says why).
func (o ConnOptions) DSNNotes() []string {
	if o.DSN == "" {
		return nil
	}
	parsed, err := mysql.ParseDSN(o.DSN)
	if err != nil {
		return nil
	}
	var notes []string
	if parsed.MultiStatements {
		notes = append(notes, "--dsn asks for multiStatements=true: ignored, every statement this tool sends is one statement it has read and judged")
	}
	if parsed.AllowAllFiles {
		notes = append(notes, "--dsn asks for allowAllFiles=true: ignored, this tool never reads local files through the server connection")
	}
	return notes
}

// refuseDSNSessionSettings refuses a DSN that names session variables
// (user@unix(/s)/?sql_mode=...): the driver would send them as SET
// statements of its own, untagged and unjudged, before the tool's checks.
func refuseDSNSessionSettings(cfg *mysql.Config) error {
	if len(cfg.Params) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(cfg.Params))
	return fmt.Errorf("%w: --dsn sets session variables (%s): the driver would send them untagged before this tool's own checks; "+
		"remove them from the DSN (the tool sets the session it needs itself)", exitcode.ErrUsage, strings.Join(names, ", "))
}
