package server

import (
	"errors"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/ddlfile"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The last guard on the one path to a live server: every statement a
// connection to a server this tool did not start sends is judged here
// before the driver sends it. What may pass is what the safety contract
// allows (docs/safety.md): a tagged read, a session setting, the scratch
// schema's creation, use and drop, table DDL inside it, and SET GLOBAL of
// the calibration's settings once the user has consented. Anything else is
// a bug of this tool, and is refused, never sent.

// errNotForALiveServer marks a statement the guard kept from a live server.
var errNotForALiveServer = errors.New("refused before it reached the live server (a bug of upgrade-advisor: please report it with the statement)")

// calibrationGlobals are the only globals a calibration changes.
var calibrationGlobals = map[string]bool{bench.FilePerTable: true, bench.StatsPersistent: true}

// guardState is what the guard knows of one session.
type guardState struct {
	schema  string        // the current database, as the guard saw it set by USE
	globals bool          // the user consented to SET GLOBAL (--allow-set-global)
	server  flavor.Flavor // the server's flavor and version, once inspected (executable comments)
}

// judgeLive returns the text to send in place of query: its canonical text
// (sqlfile.Canonical, the tag kept), judged. It updates the session's
// state (USE). What the server runs is then exactly the tokens judged,
// whatever its lexer would have made of the comments, quotes and escapes
// of the text the tool was given. The error wraps errNotForALiveServer.
func judgeLive(query string, st *guardState) (string, error) {
	body, ok := strings.CutPrefix(query, stmt.Tag)
	if !ok {
		return "", refusal("the statement does not carry the tool's tag", query)
	}
	canonical, err := sqlfile.Canonical(body, st.server)
	if err != nil {
		return "", refusal(err.Error(), query)
	}
	if why := whyNotLive(canonical, st); why != "" {
		return "", refusal(why, query)
	}
	return stmt.Tag + canonical, nil
}

func refusal(why, query string) error {
	return fmt.Errorf("%w: %s: %s", errNotForALiveServer, why, sqlfile.Excerpt(query))
}

// whyNotLive returns why a statement's canonical body may not reach a live
// server, or "".
func whyNotLive(body string, st *guardState) string {
	words, problem := sqlfile.Outline(body)
	switch {
	case problem != "":
		return problem
	case len(words) == 0:
		return "empty statement"
	case holdsSeveral(words):
		return "more than one statement in one text"
	}
	switch words[0].Text {
	case "SELECT", "SHOW":
		return whyNotRead(words)
	case "SET":
		return whyNotSet(words, st)
	case "START", "ROLLBACK", "COMMIT":
		return whyNotTransaction(words)
	case "USE":
		return st.use(words)
	case "CREATE", "DROP", "ALTER":
		return whyNotScratchDDL(body, words, st)
	}
	return words[0].Text + " is not a read, a session setting or scratch-schema table DDL"
}

// holdsSeveral reports a ';' before the last word.
func holdsSeveral(words []sqlfile.Word) bool {
	for i, w := range words {
		if w.Kind == sqlfile.Punct && w.Text == ";" && i < len(words)-1 {
			return true
		}
	}
	return false
}

// whyNotRead refuses the reads that write a file.
func whyNotRead(words []sqlfile.Word) string {
	for _, w := range words {
		if w.Kind == sqlfile.Bare && (w.Text == "OUTFILE" || w.Text == "DUMPFILE") {
			return "SELECT ... INTO " + w.Text + " writes a file"
		}
	}
	return ""
}

// whyNotTransaction allows START TRANSACTION [...], ROLLBACK and COMMIT.
func whyNotTransaction(words []sqlfile.Word) string {
	if words[0].Text == "START" && (len(words) < 2 || words[1].Text != "TRANSACTION") {
		return "START " + words[min(1, len(words)-1)].Text + " is not a transaction"
	}
	return ""
}

// whyNotSet allows session settings, and SET GLOBAL of a calibration
// setting to a plain value once the user consented.
func whyNotSet(words []sqlfile.Word, st *guardState) string {
	if len(words) < 2 {
		return "empty SET"
	}
	switch words[1].Text {
	case "PASSWORD", "ROLE", "DEFAULT", "STATEMENT", "RESOURCE":
		return "SET " + words[1].Text + " is not a session setting"
	}
	global := false
	for _, w := range words {
		if w.Kind == sqlfile.Bare && (w.Text == "GLOBAL" || w.Text == "PERSIST" || w.Text == "PERSIST_ONLY") {
			global = true
		}
	}
	switch {
	case !global:
		return ""
	case !st.globals:
		return "SET GLOBAL without the user's consent (" + flagname.AllowSetGlobal + ")"
	case len(words) != 5 || words[1].Text != "GLOBAL" || words[3].Text != "=" || !calibrationGlobals[strings.ToLower(words[2].Text)]:
		return "SET GLOBAL of anything but " + bench.FilePerTable + " or " + bench.StatsPersistent + " to a value"
	}
	return ""
}

// use follows USE of a scratch schema; any other USE is refused.
func (st *guardState) use(words []sqlfile.Word) string {
	if len(words) != 2 || words[1].Kind != sqlfile.Quoted {
		return "USE without one quoted schema name (the tool quotes every name it sends)"
	}
	if err := bench.ValidateSchemaName(words[1].Text); err != nil {
		return "USE of a schema that is not this tool's scratch schema"
	}
	st.schema = words[1].Text
	return ""
}

// whyNotScratchDDL allows the scratch schema's CREATE and DROP DATABASE, and
// table DDL on unqualified names while the session is in a scratch schema.
func whyNotScratchDDL(body string, words []sqlfile.Word, st *guardState) string {
	if len(words) > 2 && (words[1].Text == "DATABASE" || words[1].Text == "SCHEMA") {
		name := words[len(words)-1]
		if name.Kind != sqlfile.Quoted || bench.ValidateSchemaName(name.Text) != nil || !schemaStatementShape(words) {
			return words[0].Text + " DATABASE of a schema that is not this tool's scratch schema"
		}
		return ""
	}
	if bench.ValidateSchemaName(st.schema) != nil {
		return "table DDL outside the scratch schema (the session has not selected it)"
	}
	return ddlfile.ScratchTableStatement(body)
}

// schemaStatementShape accepts CREATE DATABASE name, DROP DATABASE [IF
// EXISTS] name: nothing between the keywords and the name but IF [NOT]
// EXISTS.
func schemaStatementShape(words []sqlfile.Word) bool {
	middle := words[2 : len(words)-1]
	switch len(middle) {
	case 0:
		return true
	case 2:
		return middle[0].Text == "IF" && middle[1].Text == "EXISTS"
	case 3:
		return middle[0].Text == "IF" && middle[1].Text == "NOT" && middle[2].Text == "EXISTS"
	}
	return false
}
