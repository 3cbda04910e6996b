package sqlfile

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

// ClientFamily is the command-line client a file is given to: MySQL's
// mysql or MariaDB's mariadb. They read most files the same way; where they
// do not, the cut follows the target's own client. The zero value,
// AnyClient, is the cut for a file whose client is not known: every
// command either client runs is a command (and refused where it acts
// outside the server).
type ClientFamily int

const (
	// AnyClient reads commands wherever either client would.
	AnyClient ClientFamily = iota
	// MySQLClient is the mysql client of MySQL 9.7 (and Percona Server).
	MySQLClient
	// MariaDBClient is MariaDB's client (mariadb, also installed as mysql).
	MariaDBClient
)

// ClientOf is the client that comes with a server of vendor v.
func ClientOf(v flavor.Vendor) ClientFamily {
	if v == flavor.VendorMariaDB {
		return MariaDBClient
	}
	return MySQLClient
}

// String names the client for messages.
func (c ClientFamily) String() string {
	switch c {
	case MariaDBClient:
		return "MariaDB's client"
	case MySQLClient:
		return "MySQL's client"
	}
	return "either client"
}
