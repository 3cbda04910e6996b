package ddlfile

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// What --ddl-file reads and sets aside: the parts of a dump or install
// script that are not table DDL. They are counted in the notes and never
// run on the server.
const (
	asideView    = "view"
	asideRoutine = "routine"
	asideTrigger = "trigger"
	asideEvent   = "event"
	asideData    = "data statement"
	asideSchema  = "CREATE/ALTER/DROP DATABASE or USE statement"
	asideStandIn = "view stand-in table"
	asideDrop    = "DROP VIEW/PROCEDURE/FUNCTION/TRIGGER/EVENT statement"
	asideGTID    = "SET GTID_PURGED statement"
)

// asideOrder is the order the notes name them in.
var asideOrder = []string{asideView, asideRoutine, asideTrigger, asideEvent, asideData, asideSchema, asideStandIn, asideDrop, asideGTID}

// objectAsides are counted by object, from the dump reader, not by statement
// (a view's stand-in and its final definition are one view).
var objectAsides = map[string]sqlfile.Kind{asideView: sqlfile.KindView, asideTrigger: sqlfile.KindTrigger, asideEvent: sqlfile.KindEvent}

// asideKinds name what a CREATE, ALTER or DROP of a kind of object sets aside.
var asideKinds = map[string]string{"VIEW": asideView, "PROCEDURE": asideRoutine, "FUNCTION": asideRoutine,
	"TRIGGER": asideTrigger, "EVENT": asideEvent, "DATABASE": asideSchema, "SCHEMA": asideSchema}

// setAsideKind returns what a statement is when --ddl-file sets it aside,
// or "" when it is for the table DDL classifier (which runs, ignores or
// refuses it). One set aside that reads or writes files is still refused
// (parser.read).
func setAsideKind(toks []sqlfile.Token) string {
	c := sqlfile.NewCursor(toks)
	switch {
	case c.Done():
		return ""
	case c.IsWord(0, "USE"):
		return asideSchema
	case c.IsWord(0, "INSERT"), c.IsWord(0, "REPLACE"):
		return asideData
	case c.IsWord(0, "SET") && isGTIDPurged(toks):
		return asideGTID
	case c.IsWord(0, "ALTER") && len(toks) >= 2 && sqlfile.IsWord(toks[len(toks)-1], "KEYS") &&
		(sqlfile.IsWord(toks[len(toks)-2], "DISABLE") || sqlfile.IsWord(toks[len(toks)-2], "ENABLE")):
		return asideData // a dump's data section: ALTER TABLE t DISABLE KEYS ... ENABLE KEYS
	case c.AcceptWord("CREATE"):
		c.AcceptWords("OR", "REPLACE")
		sqlfile.SkipCreateModifiers(c)
		if c.IsWord(0, "FUNCTION") && soname(c.Rest()) {
			return ""
		}
	case c.AcceptWord("DROP"):
		if (c.IsWord(0, "DATABASE") || c.IsWord(0, "SCHEMA")) && droppedSchemaIsSystem(c) {
			return "" // refused by the classifier
		}
		if c.IsWord(0, "DATABASE") || c.IsWord(0, "SCHEMA") {
			return asideSchema
		}
		if asideKinds[strings.ToUpper(c.Peek(0).Text())] != "" {
			return asideDrop
		}
	case c.AcceptWord("ALTER"):
		sqlfile.SkipCreateModifiers(c)
	default:
		return ""
	}
	return asideKinds[strings.ToUpper(c.Peek(0).Text())]
}

// isGTIDPurged reports mysqldump's SET @@GLOBAL.GTID_PURGED (a dump of a
// server with GTIDs); it names the dump's server, not the schema.
func isGTIDPurged(toks []sqlfile.Token) bool {
	c := sqlfile.NewCursor(toks[1:])
	scope, name := sqlfile.SystemName(c)
	return scope == "global" && name == "gtid_purged"
}

// droppedSchemaIsSystem reports a DROP DATABASE [IF EXISTS] of the
// server's own schemas (the cursor is at DATABASE).
func droppedSchemaIsSystem(c *sqlfile.Cursor) bool {
	k := 1
	if c.IsWord(1, "IF") && c.IsWord(2, "EXISTS") {
		k = 3
	}
	t := c.Peek(k)
	return !sqlfile.IsName(t) || sqlfile.IsSystemSchema(sqlfile.NameOf(t))
}

// soname reports a CREATE FUNCTION ... SONAME (a library, never set aside
// silently: the classifier refuses it).
func soname(toks []sqlfile.Token) bool {
	for _, t := range toks {
		if sqlfile.IsWord(t, "SONAME") {
			return true
		}
	}
	return false
}
