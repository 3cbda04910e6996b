package sqlfile

import (
	"strings"
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
var objectAsides = map[string]Kind{asideView: KindView, asideTrigger: KindTrigger, asideEvent: KindEvent}

// asideKinds name what a CREATE, ALTER or DROP of a kind of object sets aside.
var asideKinds = map[string]string{"VIEW": asideView, "PROCEDURE": asideRoutine, "FUNCTION": asideRoutine,
	"TRIGGER": asideTrigger, "EVENT": asideEvent, "DATABASE": asideSchema, "SCHEMA": asideSchema}

// setAsideKind returns what a statement is when --ddl-file sets it aside,
// or "" when it is for the table DDL classifier (which runs, ignores or
// refuses it). The dump reader has already refused hostile input.
func setAsideKind(toks []Token) string {
	c := &Cursor{toks: toks}
	switch {
	case c.Done():
		return ""
	case c.IsWord(0, "USE"):
		return asideSchema
	case c.IsWord(0, "INSERT"), c.IsWord(0, "REPLACE"):
		return asideData
	case c.IsWord(0, "SET") && isGTIDPurged(toks):
		return asideGTID
	case c.IsWord(0, "ALTER") && len(toks) >= 2 && IsWord(toks[len(toks)-1], "KEYS") &&
		(IsWord(toks[len(toks)-2], "DISABLE") || IsWord(toks[len(toks)-2], "ENABLE")):
		return asideData // a dump's data section: ALTER TABLE t DISABLE KEYS ... ENABLE KEYS
	case c.AcceptWord("CREATE"):
		c.AcceptWords("OR", "REPLACE")
		SkipCreateModifiers(c)
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
		if asideKinds[strings.ToUpper(c.Peek(0).text)] != "" {
			return asideDrop
		}
	case c.AcceptWord("ALTER"):
		SkipCreateModifiers(c)
	default:
		return ""
	}
	return asideKinds[strings.ToUpper(c.Peek(0).text)]
}

// isGTIDPurged reports mysqldump's SET @@GLOBAL.GTID_PURGED (a dump of a
// server with GTIDs); it names the dump's server, not the schema.
func isGTIDPurged(toks []Token) bool {
	c := &Cursor{toks: toks, i: 1}
	scope, name := SystemName(c)
	return scope == "global" && name == "gtid_purged"
}

// droppedSchemaIsSystem reports a DROP DATABASE [IF EXISTS] of the
// server's own schemas (the cursor is at DATABASE).
func droppedSchemaIsSystem(c *Cursor) bool {
	k := 1
	if c.IsWord(1, "IF") && c.IsWord(2, "EXISTS") {
		k = 3
	}
	t := c.Peek(k)
	return !IsName(t) || IsSystemSchema(NameOf(t))
}

// ObjectsOf returns the objects the file defines, read the way check
// --schema-file reads them; nil for a file the dump reader refuses (the
// classifier says why it refuses it).
func ObjectsOf(name, src string) *Dump {
	rd, err := readDump(name, src, ReadOptions{})
	if err != nil {
		return nil
	}
	return rd.dump
}

// soname reports a CREATE FUNCTION ... SONAME (a library, never set aside
// silently: the dump reader refuses it).
func soname(toks []Token) bool {
	for _, t := range toks {
		if IsWord(t, "SONAME") {
			return true
		}
	}
	return false
}

// dropStandIns removes the CREATE TABLE of every table that the file later
// replaces by a view of the same name (mysqldump's stand-in tables for
// views, written so that views can refer to each other).
func (p *parser) dropStandIns(d *Dump) {
	if d == nil {
		return
	}
	p.objects = d
	views := map[string]bool{}
	for _, o := range d.Objects {
		if o.Kind == KindView {
			views[strings.ToLower(o.Name)] = true
		}
	}
	if len(views) == 0 {
		return
	}
	kept := p.tables.Statements[:0]
	for _, s := range p.tables.Statements {
		if s.Table != "" && views[strings.ToLower(s.Table)] {
			p.counts[kindCreateTable]--
			p.counts[asideStandIn]++
			delete(p.created, strings.ToLower(s.Table))
			continue
		}
		kept = append(kept, s)
	}
	p.tables.Statements = kept
	engines := p.otherEngine[:0]
	for _, e := range p.otherEngine {
		if name, _, ok := strings.Cut(e, " ("); !ok || !views[strings.ToLower(strings.Trim(name, "`"))] {
			engines = append(engines, e)
		}
	}
	p.otherEngine = engines
}

// asideNote says what was set aside, or "".
func (p *parser) asideNote() string {
	var parts []string
	for _, k := range asideOrder {
		n := p.counts[k]
		if kind, ok := objectAsides[k]; ok && p.objects != nil && n > 0 {
			n = p.objects.Count(kind)
		}
		if k == asideRoutine && p.objects != nil && n > 0 {
			n = p.objects.Count(KindFunction) + p.objects.Count(KindProcedure)
		}
		if n > 0 {
			parts = append(parts, plural(n, k))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "set aside, never run on the server: " + strings.Join(parts, ", ") +
		" (only the file's table DDL runs, in the scratch schema; `check --schema-file` puts the rest through a target sandbox)"
}
