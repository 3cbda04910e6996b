package queries

import (
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// Kind is what a statement does, as far as running it goes.
type Kind string

// Kinds that run.
const (
	KindQuery   Kind = "query"   // SELECT, WITH ... SELECT, TABLE, VALUES, DO
	KindDML     Kind = "dml"     // INSERT, UPDATE, DELETE, REPLACE: run in a transaction rolled back
	KindShow    Kind = "show"    // SHOW, DESCRIBE, EXPLAIN: errors and warnings compared, rows are the server's state
	KindSession Kind = "session" // SET of session variables and user variables, USE
)

// Kinds set aside: never run, counted.
const (
	KindDDL         Kind = "ddl"         // CREATE, ALTER, DROP, RENAME, TRUNCATE
	KindAccount     Kind = "account"     // GRANT, REVOKE, CREATE USER, SET PASSWORD, SET ROLE
	KindAdmin       Kind = "admin"       // FLUSH, KILL, SET GLOBAL, replication, table maintenance, locks
	KindTransaction Kind = "transaction" // BEGIN, COMMIT, ROLLBACK, SAVEPOINT, XA
	KindFile        Kind = "file"        // LOAD DATA, SELECT ... INTO OUTFILE
	KindRoutine     Kind = "routine"     // CALL, PREPARE, EXECUTE: what they run is not in the statement
	KindUnreadable  Kind = "unreadable"  // a lexical problem, or a first word not known
)

// Runs reports whether statements of the kind are run.
func (k Kind) Runs() bool {
	return k == KindQuery || k == KindDML || k == KindShow || k == KindSession
}

// trafficKinds are the kinds of sqlfile's Traffic, one for one: the table
// of statement kinds (sqlfile/kinds.go) says what a statement's first words
// make it.
var trafficKinds = [...]Kind{
	sqlfile.TrafficUnknown:     KindUnreadable,
	sqlfile.TrafficQuery:       KindQuery,
	sqlfile.TrafficDML:         KindDML,
	sqlfile.TrafficShow:        KindShow,
	sqlfile.TrafficSession:     KindSession,
	sqlfile.TrafficDDL:         KindDDL,
	sqlfile.TrafficAccount:     KindAccount,
	sqlfile.TrafficAdmin:       KindAdmin,
	sqlfile.TrafficTransaction: KindTransaction,
	sqlfile.TrafficFile:        KindFile,
	sqlfile.TrafficRoutine:     KindRoutine,
}

// Classify says what kind of statement sql is, from its words.
func Classify(sql string) Kind {
	ws, problem := sqlfile.Outline(sql)
	if problem != "" || len(ws) == 0 {
		return KindUnreadable
	}
	return classifyWords(words(ws))
}

// classifyWords classifies a statement by the table of statement kinds
// (sqlfile.TrafficOf: its first word, refined by the second), after the
// reads that look through the whole statement: WITH ... UPDATE/DELETE, the
// scope of a SET, INTO OUTFILE/DUMPFILE.
func classifyWords(ws words) Kind {
	i := 0
	for ws.at(i) == "(" {
		i++
	}
	switch ws.at(i) {
	case "WITH":
		return withKind(ws)
	case "SET":
		return setKind(ws, i+1)
	}
	k := trafficKinds[sqlfile.TrafficOf(ws[i:])]
	if k == KindQuery && (ws.hasBare("OUTFILE") || ws.hasBare("DUMPFILE")) {
		return KindFile
	}
	return k
}

// withKind: WITH ... SELECT is a query, WITH ... UPDATE/DELETE (MySQL) DML.
func withKind(ws words) Kind {
	for i := range ws {
		if ws[i].Depth == 0 && (ws.bare(i, "UPDATE") || ws.bare(i, "DELETE")) {
			return KindDML
		}
	}
	if ws.hasBare("OUTFILE") || ws.hasBare("DUMPFILE") {
		return KindFile
	}
	return KindQuery
}

// setKind tells session settings from the SETs that reach beyond the
// session (GLOBAL, PERSIST, passwords, roles). MariaDB's SET STATEMENT
// ... FOR <statement> is the statement it wraps.
func setKind(ws words, i int) Kind {
	switch ws.at(i) {
	case "GLOBAL", "PERSIST", "PERSIST_ONLY":
		return KindAdmin
	case "PASSWORD", "ROLE", "DEFAULT":
		return KindAccount
	case "STATEMENT":
		for j := i; j < len(ws); j++ {
			if ws[j].Depth == 0 && ws.bare(j, "FOR") {
				return classifyWords(ws[j+1:])
			}
		}
		return KindUnreadable
	case "TRANSACTION":
		return KindSession
	}
	for j := i; j+3 < len(ws); j++ {
		if ws.at(j) == "@" && ws.at(j+1) == "@" && (ws.bare(j+2, "GLOBAL") || ws.bare(j+2, "PERSIST") || ws.bare(j+2, "PERSIST_ONLY")) && ws.at(j+3) == "." {
			return KindAdmin
		}
		if ws.depth0Comma(j) && (ws.bare(j+1, "GLOBAL") || ws.bare(j+1, "PERSIST")) {
			return KindAdmin
		}
	}
	return KindSession
}

// depth0Comma reports whether the i-th word is a ',' at depth 0.
func (ws words) depth0Comma(i int) bool {
	return i >= 0 && i < len(ws) && ws[i].Kind == sqlfile.Punct && ws[i].Text == "," && ws[i].Depth == 0
}
