package sqlfile

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// ClientFamily is the command-line client a file is given to: MySQL's
// mysql or MariaDB's mariadb. They read most files the same way; where they
// do not, the cut follows the target's own client.
type ClientFamily int

const (
	// MySQLClient is the mysql client of MySQL (and Percona Server).
	MySQLClient ClientFamily = iota
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
	if c == MariaDBClient {
		return "MariaDB's client"
	}
	return "MySQL's client"
}

// clientRules are where the two clients read a file differently. Each field
// is one row of the one table of differences (clientFamilies); each row is
// run through both real clients by corpus/clientfamily_test.go
// (TestClientFamilyDifferences), which reads what each sent from the
// server's general log.
type clientRules struct {
	// useWithoutDelimiter: "use db" at the start of a line where no
	// statement has begun, the line holding no delimiter, is the client's
	// own command (it changes the database); MySQL 9.7's client reads the
	// line as the start of a statement that runs on to the next delimiter.
	useWithoutDelimiter bool
	// versionedM: "/*M!" opens a comment the client reads as code, as it
	// reads "/*!": a delimiter inside it ends the statement (MariaDB's);
	// for MySQL's client "/*M!" is a plain comment, which hides the
	// delimiter, ends at the first "*/" and is not sent.
	versionedM bool
}

// clientFamilies is the table of differences: each client's reading.
var clientFamilies = map[ClientFamily]clientRules{
	MySQLClient:   {},
	MariaDBClient: {useWithoutDelimiter: true, versionedM: true},
}

// useCommand reads a line that MariaDB's client takes as its command use:
// the statement is "use" and its argument (the rest of the line is
// ignored, as the client ignores it). It returns false for a line that is
// not one.
func (s *clientSplitter) useCommand(line string, fields []string) bool {
	if !clientFamilies[s.family].useWithoutDelimiter || len(fields) < 2 || strings.Contains(line, s.delimiter) {
		return false
	}
	from := strings.Index(line, fields[0])
	to := strings.Index(line[from+len(fields[0]):], fields[1]) + from + len(fields[0]) + len(fields[1])
	s.out = append(s.out, ClientStatement{Text: line[from:to], start: s.i + from, Line: s.line})
	return true
}
