package sqlfile

import (
	"maps"
	"slices"
)

// Kind is the kind of a schema object.
type Kind string

// The kinds of schema objects a dump or install script defines.
const (
	KindTable     Kind = "table"
	KindView      Kind = "view"
	KindProcedure Kind = "procedure"
	KindFunction  Kind = "function"
	KindTrigger   Kind = "trigger"
	KindEvent     Kind = "event"
)

// Kinds lists every kind in the order a schema is created: tables, then the
// routines views may call, views, and the triggers and events that may call
// routines.
var Kinds = []Kind{KindTable, KindFunction, KindProcedure, KindView, KindTrigger, KindEvent}

// The kinds of server statements, in two tables: a statement's first word
// (statementKinds) and, for CREATE, ALTER and DROP, the word that names
// what it acts on (objectWords). Each row says two things: what the dump
// reader does with the statement (its class: dispatch.go, create.go,
// alter.go, drop.go read it; Describe names a statement by the tables) and
// what the statement is to an application's traffic (its Traffic: what the
// query rehearsal, advisor/queries, does with it, through TrafficOf). A new
// kind of statement is a row here, for both the readers and the query
// rehearsal.

// stmtClass is what the dump reader does with a statement of a kind.
type stmtClass uint8

const (
	classUnknown stmtClass = iota // not a statement the schema check runs: set aside
	classCreate                   // CREATE: objectWords says what it creates
	classAlter                    // ALTER: objectWords says what it changes
	classDrop                     // DROP: objectWords says what it removes
	classUse                      // USE: the schema the statements after it run in
	classSet                      // SET: session settings, followed
	classData                     // INSERT, REPLACE: rows
	classLock                     // LOCK/UNLOCK TABLES: around a dump's rows
	classSession                  // sets up the client's session; runs as written
	classScript                   // any other statement of an install script: runs on the target as the client runs it
	classAside                    // acts on the server as a whole, its accounts or other servers: never run
)

// Traffic is what a statement is to an application's traffic: whether the
// query rehearsal runs it, and how, or sets it aside.
type Traffic uint8

// The kinds of statements in an application's traffic; advisor/queries
// gives each one of its kinds (a new one is a new kind there).
const (
	TrafficUnknown     Traffic = iota // a first word not known (or not a bare word): unreadable
	TrafficQuery                      // reads rows: SELECT, TABLE, VALUES, DO
	TrafficDML                        // changes rows: INSERT, UPDATE, DELETE, REPLACE
	TrafficShow                       // shows the server's state: SHOW, DESCRIBE, EXPLAIN
	TrafficSession                    // sets up the session: USE, SET
	TrafficDDL                        // changes the schema: CREATE, ALTER, DROP, RENAME, TRUNCATE
	TrafficAccount                    // changes accounts: GRANT, REVOKE, CREATE USER, ...
	TrafficAdmin                      // acts on the server, its replication or its tables' upkeep, or locks
	TrafficTransaction                // controls transactions: BEGIN, COMMIT, START TRANSACTION, XA, ...
	TrafficFile                       // reads or writes files: LOAD DATA
	TrafficRoutine                    // runs what is not in the statement: CALL, PREPARE, EXECUTE
)

// accountStatement is why an account statement is never run.
const accountStatement = "an account statement (the sandbox's accounts are not the application's schema)"

// loadStatement is why LOAD is never run.
const loadStatement = "it loads data or indexes from outside the statement"

// statementKind is the kind of statement a first word starts.
type statementKind struct {
	class stmtClass
	// what names a classAside statement in the counts ("" for "FIRST
	// statement"); why says why it is never run.
	what, why string
	// traffic is what the statement is to an application's traffic.
	traffic Traffic
	// second refines the kind by the statement's second word (START
	// TRANSACTION, LOAD INDEX, RENAME USER).
	second map[string]statementKind
}

// statementKinds are the server statements by their first word. A word not
// here starts a statement of classUnknown and TrafficUnknown.
var statementKinds = map[string]statementKind{
	"CREATE":  {class: classCreate, traffic: TrafficDDL},
	"ALTER":   {class: classAlter, traffic: TrafficDDL},
	"DROP":    {class: classDrop, traffic: TrafficDDL},
	"USE":     {class: classUse, traffic: TrafficSession},
	"SET":     {class: classSet, traffic: TrafficSession}, // the query rehearsal reads its scope (SET GLOBAL, SET PASSWORD, ...)
	"INSERT":  {class: classData, traffic: TrafficDML},
	"REPLACE": {class: classData, traffic: TrafficDML},
	"LOCK":    {class: classLock, traffic: TrafficAdmin},
	"UNLOCK":  {class: classLock, traffic: TrafficAdmin},

	"PREPARE":    {class: classSession, traffic: TrafficRoutine},
	"EXECUTE":    {class: classSession, traffic: TrafficRoutine},
	"DEALLOCATE": {class: classSession, traffic: TrafficRoutine},
	"BEGIN":      {class: classSession, traffic: TrafficTransaction},
	"COMMIT":     {class: classSession, traffic: TrafficTransaction},
	"ROLLBACK":   {class: classSession, traffic: TrafficTransaction},
	"SAVEPOINT":  {class: classSession, traffic: TrafficTransaction},
	"RELEASE":    {class: classSession, traffic: TrafficTransaction},
	"START": {traffic: TrafficAdmin, second: map[string]statementKind{
		"TRANSACTION": {class: classSession, traffic: TrafficTransaction}}},

	"SELECT":   {class: classScript, traffic: TrafficQuery},
	"WITH":     {class: classScript, traffic: TrafficQuery}, // the query rehearsal looks for WITH ... UPDATE/DELETE
	"VALUES":   {class: classScript, traffic: TrafficQuery},
	"TABLE":    {class: classScript, traffic: TrafficQuery},
	"DO":       {class: classScript, traffic: TrafficQuery},
	"UPDATE":   {class: classScript, traffic: TrafficDML},
	"DELETE":   {class: classScript, traffic: TrafficDML},
	"SHOW":     {class: classScript, traffic: TrafficShow},
	"DESCRIBE": {class: classScript, traffic: TrafficShow},
	"DESC":     {class: classScript, traffic: TrafficShow},
	"EXPLAIN":  {class: classScript, traffic: TrafficShow},
	"CALL":     {class: classScript, traffic: TrafficRoutine},
	"TRUNCATE": {class: classScript, traffic: TrafficDDL},
	"ANALYZE":  {class: classScript, traffic: TrafficAdmin},
	"OPTIMIZE": {class: classScript, traffic: TrafficAdmin},
	"CHECK":    {class: classScript, traffic: TrafficAdmin},
	"CHECKSUM": {class: classScript, traffic: TrafficAdmin},
	"REPAIR":   {class: classScript, traffic: TrafficAdmin},
	"HANDLER":  {class: classScript, traffic: TrafficAdmin},
	"HELP":     {class: classScript, traffic: TrafficAdmin},
	"SIGNAL":   {class: classScript, traffic: TrafficUnknown},
	"RESIGNAL": {class: classScript, traffic: TrafficUnknown},
	"GET":      {class: classScript, traffic: TrafficUnknown},
	"RENAME": {class: classScript, traffic: TrafficDDL, second: map[string]statementKind{
		"USER": {class: classAside, traffic: TrafficAccount, what: "account statement", why: accountStatement}}},

	"GRANT":     {class: classAside, traffic: TrafficAccount, why: accountStatement},
	"REVOKE":    {class: classAside, traffic: TrafficAccount, why: accountStatement},
	"FLUSH":     {class: classAside, traffic: TrafficAdmin, why: "it acts on the whole server"},
	"INSTALL":   {class: classAside, traffic: TrafficAdmin, why: "it loads a plugin or component into the server"},
	"UNINSTALL": {class: classAside, traffic: TrafficAdmin, why: "it unloads a plugin or component"},
	"SHUTDOWN":  {class: classAside, traffic: TrafficAdmin, why: "it stops the server"},
	"RESTART":   {class: classAside, traffic: TrafficAdmin, why: "it restarts the server"},
	"KILL":      {class: classAside, traffic: TrafficAdmin, why: "it ends other sessions"},
	"CHANGE":    {class: classAside, traffic: TrafficAdmin, why: "it points the server at a replication source"},
	"STOP":      {class: classAside, traffic: TrafficAdmin, why: "it stops replication"},
	"RESET":     {class: classAside, traffic: TrafficAdmin, why: "it resets the server's logs or replication"},
	"PURGE":     {class: classAside, traffic: TrafficAdmin, why: "it deletes the server's logs"},
	"BINLOG":    {class: classAside, traffic: TrafficAdmin, why: "it applies binary log events"},
	"CLONE":     {class: classAside, traffic: TrafficAdmin, why: "it copies another server"},
	"CACHE":     {class: classAside, traffic: TrafficAdmin, why: "it changes the server's key caches"},
	"BACKUP":    {class: classAside, traffic: TrafficAdmin, why: "it locks the whole server"},
	"LOAD": {class: classAside, traffic: TrafficFile, why: loadStatement, second: map[string]statementKind{
		"INDEX": {class: classAside, traffic: TrafficAdmin, why: loadStatement}}},

	// Statements the dump reader does not know: set aside (classUnknown).
	"IMPORT": {traffic: TrafficAdmin},
	"XA":     {traffic: TrafficTransaction},
}

// refined returns k refined by the statement's second word; isSecond
// reports whether that word is the keyword w.
func (k statementKind) refined(isSecond func(w string) bool) statementKind {
	for w, sub := range k.second {
		if isSecond(w) {
			return sub
		}
	}
	return k
}

// kindOf returns the kind of the statement whose first word, upper-cased,
// is first; c is at that word.
func kindOf(first string, c *Cursor) statementKind {
	return statementKinds[first].refined(func(w string) bool { return c.IsWord(1, w) })
}

// TrafficOf returns what a statement is to an application's traffic, from
// its words as Outline returns them, starting at its first word: the
// Traffic of its row in the table of statement kinds, refined by its
// second word (START TRANSACTION, LOAD INDEX, RENAME USER); a statement
// that changes the schema (CREATE, ALTER, DROP, RENAME, TRUNCATE) is an
// account statement when the word after its first names an account object
// (USER, ROLE). A first word that is not a bare word, or not in the table,
// is TrafficUnknown. What the rest of a statement says (SET GLOBAL, WITH
// ... DELETE, INTO OUTFILE) is the caller's to read.
func TrafficOf(ws []Word) Traffic {
	if len(ws) == 0 || ws[0].Kind != Bare {
		return TrafficUnknown
	}
	k := statementKinds[ws[0].Text].refined(func(w string) bool {
		return len(ws) > 1 && ws[1].Kind == Bare && ws[1].Text == w
	})
	if k.traffic == TrafficDDL && len(ws) > 1 && objectWords[ws[1].Text].account {
		return TrafficAccount
	}
	return k.traffic
}

// objectWord is what a CREATE, ALTER or DROP of a kind of object does.
// DATABASE, SCHEMA, INDEX, USER, ROLE and TABLESPACE have readers of their
// own besides.
type objectWord struct {
	kind   Kind   // the object CREATE defines and DROP removes; "" for none
	create string // why a CREATE of it is never run; "" when it runs
	change string // why an ALTER or DROP of it is never run; "" when it runs
	// account: a statement that changes the schema (TrafficDDL: CREATE,
	// ALTER, DROP, ...) followed by it is an account statement in an
	// application's traffic.
	account bool
}

// objectWords are the words naming what a CREATE, ALTER or DROP acts on.
var objectWords = map[string]objectWord{
	"TABLE": {kind: KindTable}, "SEQUENCE": {kind: KindTable}, "VIEW": {kind: KindView},
	"PROCEDURE": {kind: KindProcedure}, "FUNCTION": {kind: KindFunction}, "TRIGGER": {kind: KindTrigger},
	"EVENT": {kind: KindEvent},

	"SERVER":     {create: "it links this server to another one", change: "it links this server to another one"},
	"LOGFILE":    {create: "it creates server-wide log files", change: "it changes server-wide log files"},
	"RESOURCE":   {create: "it changes how the server schedules threads", change: "it changes how the server schedules threads"},
	"USER":       {change: accountStatement, account: true},
	"INSTANCE":   {change: "it acts on the whole server"},
	"TABLESPACE": {change: "it changes a server-wide tablespace"},

	"ROLE": {account: true},

	"TABLES": {}, "INDEX": {}, "DATABASE": {}, "SCHEMA": {}, "PACKAGE": {}, "SYNONYM": {}, "SYSTEM": {},
}

// objectNames are the words of objectWords, sorted (Describe looks for
// them).
var objectNames = slices.Sorted(maps.Keys(objectWords))
