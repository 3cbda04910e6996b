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
// what it acts on (objectWords). The dump reader's dispatch (dispatch.go,
// create.go, alter.go, drop.go) reads them; Describe names a statement by
// them. A new kind of statement is a row here.

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

// accountStatement is why an account statement is never run.
const accountStatement = "an account statement (the sandbox's accounts are not the application's schema)"

// statementKind is the kind of statement a first word starts.
type statementKind struct {
	class stmtClass
	// what names a classAside statement in the counts ("" for "FIRST
	// statement"); why says why it is never run.
	what, why string
	// second refines the kind by the statement's second word (START
	// TRANSACTION, RENAME USER).
	second map[string]statementKind
}

// statementKinds are the server statements by their first word. A word not
// here starts a statement of classUnknown.
var statementKinds = map[string]statementKind{
	"CREATE": {class: classCreate}, "ALTER": {class: classAlter}, "DROP": {class: classDrop},
	"USE": {class: classUse}, "SET": {class: classSet},
	"INSERT": {class: classData}, "REPLACE": {class: classData}, "LOCK": {class: classLock}, "UNLOCK": {class: classLock},

	"PREPARE": {class: classSession}, "EXECUTE": {class: classSession}, "DEALLOCATE": {class: classSession},
	"BEGIN": {class: classSession}, "COMMIT": {class: classSession}, "ROLLBACK": {class: classSession},
	"SAVEPOINT": {class: classSession}, "RELEASE": {class: classSession},
	"START": {second: map[string]statementKind{"TRANSACTION": {class: classSession}}},

	"UPDATE": {class: classScript}, "DELETE": {class: classScript}, "SELECT": {class: classScript}, "CALL": {class: classScript},
	"DO": {class: classScript}, "TRUNCATE": {class: classScript}, "ANALYZE": {class: classScript}, "OPTIMIZE": {class: classScript},
	"CHECK": {class: classScript}, "CHECKSUM": {class: classScript}, "REPAIR": {class: classScript}, "SHOW": {class: classScript},
	"DESCRIBE": {class: classScript}, "DESC": {class: classScript}, "EXPLAIN": {class: classScript}, "HANDLER": {class: classScript},
	"WITH": {class: classScript}, "VALUES": {class: classScript}, "TABLE": {class: classScript}, "SIGNAL": {class: classScript},
	"RESIGNAL": {class: classScript}, "HELP": {class: classScript}, "GET": {class: classScript},
	"RENAME": {class: classScript, second: map[string]statementKind{
		"USER": {class: classAside, what: "account statement", why: accountStatement}}},

	"GRANT": {class: classAside, why: accountStatement}, "REVOKE": {class: classAside, why: accountStatement},
	"FLUSH":     {class: classAside, why: "it acts on the whole server"},
	"INSTALL":   {class: classAside, why: "it loads a plugin or component into the server"},
	"UNINSTALL": {class: classAside, why: "it unloads a plugin or component"},
	"SHUTDOWN":  {class: classAside, why: "it stops the server"},
	"RESTART":   {class: classAside, why: "it restarts the server"},
	"KILL":      {class: classAside, why: "it ends other sessions"},
	"CHANGE":    {class: classAside, why: "it points the server at a replication source"},
	"STOP":      {class: classAside, why: "it stops replication"},
	"RESET":     {class: classAside, why: "it resets the server's logs or replication"},
	"PURGE":     {class: classAside, why: "it deletes the server's logs"},
	"BINLOG":    {class: classAside, why: "it applies binary log events"},
	"CLONE":     {class: classAside, why: "it copies another server"},
	"CACHE":     {class: classAside, why: "it changes the server's key caches"},
	"LOAD":      {class: classAside, why: "it loads data or indexes from outside the statement"},
	"BACKUP":    {class: classAside, why: "it locks the whole server"},
}

// kindOf returns the kind of the statement whose first word, upper-cased,
// is first; c is at that word.
func kindOf(first string, c *Cursor) statementKind {
	k := statementKinds[first]
	for w, sub := range k.second {
		if c.IsWord(1, w) {
			return sub
		}
	}
	return k
}

// objectWord is what a CREATE, ALTER or DROP of a kind of object does.
// DATABASE, SCHEMA, INDEX, USER, ROLE and TABLESPACE have readers of their
// own besides.
type objectWord struct {
	kind   Kind   // the object CREATE defines and DROP removes; "" for none
	create string // why a CREATE of it is never run; "" when it runs
	change string // why an ALTER or DROP of it is never run; "" when it runs
}

// objectWords are the words naming what a CREATE, ALTER or DROP acts on.
var objectWords = map[string]objectWord{
	"TABLE": {kind: KindTable}, "SEQUENCE": {kind: KindTable}, "VIEW": {kind: KindView},
	"PROCEDURE": {kind: KindProcedure}, "FUNCTION": {kind: KindFunction}, "TRIGGER": {kind: KindTrigger},
	"EVENT": {kind: KindEvent},

	"SERVER":     {create: "it links this server to another one", change: "it links this server to another one"},
	"LOGFILE":    {create: "it creates server-wide log files", change: "it changes server-wide log files"},
	"RESOURCE":   {create: "it changes how the server schedules threads", change: "it changes how the server schedules threads"},
	"USER":       {change: accountStatement},
	"INSTANCE":   {change: "it acts on the whole server"},
	"TABLESPACE": {change: "it changes a server-wide tablespace"},

	"TABLES": {}, "INDEX": {}, "ROLE": {}, "DATABASE": {}, "SCHEMA": {}, "PACKAGE": {}, "SYNONYM": {}, "SYSTEM": {},
}

// objectNames are the words of objectWords, sorted (Describe looks for
// them).
var objectNames = slices.Sorted(maps.Keys(objectWords))
