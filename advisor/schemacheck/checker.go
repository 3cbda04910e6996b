package schemacheck

import (
	"database/sql"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Servers are the sandboxes a check loads the schema on.
type Servers struct {
	Target *sql.Conn
	// Today is a sandbox of today's version, or nil: the same load runs on
	// it, and what it also does is not blamed on the upgrade.
	Today *sql.Conn
	// Live is the live server the schema was read from, or nil. It is only
	// read: without Today, its definitions are what the target's are
	// compared with.
	Live *sql.Conn
	// TargetAdmin and TodayAdmin are the sandboxes' root connections, for
	// the tool's own scratch work (tables re-created under the default
	// sql_mode in a scratch schema), which the application's account may
	// not do; nil: Target and Today are used.
	TargetAdmin, TodayAdmin *sql.Conn
}

// orConn is admin when there is one, else conn.
func orConn(admin, conn *sql.Conn) *sql.Conn {
	if admin != nil {
		return admin
	}
	return conn
}

// checker combines the loads and probes of one check.
type checker struct {
	d             *sqlfile.Dump
	target, today *Load
	s             Servers
	notes         []string
}
