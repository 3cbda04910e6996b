package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// probeSchema is an empty schema of the sandbox where function names are
// asked about, so that no stored function answers for a missing built-in.
const probeSchema = "upgrade_advisor_probe"

// prober asks one server about names and functions.
type prober struct {
	conn     *sql.Conn
	reserved map[string]bool // from information_schema.KEYWORDS.RESERVED; nil when the server has no such column
	keywords map[string]bool // every keyword the server lists; nil when it has no KEYWORDS table
	cache    map[string]bool
	fcache   map[string]bool
}

// newProber prepares the questions: it reads the server's keyword table
// where it has one and creates the empty probe schema.
func newProber(ctx context.Context, conn *sql.Conn) (*prober, error) {
	p := &prober{conn: conn, cache: map[string]bool{}, fcache: map[string]bool{}}
	if _, err := stmt.Exec(ctx, conn, "CREATE DATABASE IF NOT EXISTS "+probeSchema); err != nil {
		return nil, fmt.Errorf("creating the probe schema on the sandbox: %w", err)
	}
	var cols int
	err := stmt.QueryRow(ctx, conn, `SELECT COUNT(*) FROM information_schema.COLUMNS
		WHERE TABLE_SCHEMA = 'information_schema' AND TABLE_NAME = 'KEYWORDS'`).Scan(&cols)
	if err != nil {
		return nil, fmt.Errorf("asking the sandbox for its keyword table: %w", err)
	}
	if cols == 0 {
		return p, nil
	}
	if p.keywords, err = p.words(ctx, "SELECT WORD FROM information_schema.KEYWORDS"); err != nil {
		return nil, err
	}
	if cols > 1 {
		if p.reserved, err = p.words(ctx, "SELECT WORD FROM information_schema.KEYWORDS WHERE RESERVED = 1"); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *prober) words(ctx context.Context, query string) (map[string]bool, error) {
	words, err := stmt.ReadStrings(ctx, p.conn, query)
	if err != nil {
		return nil, fmt.Errorf("reading the sandbox's keywords: %w", err)
	}
	out := map[string]bool{}
	for _, w := range words {
		out[strings.ToLower(w)] = true
	}
	return out, nil
}

// Method says how reserved words are asked, for the report.
func (p *prober) Method() string {
	switch {
	case p.reserved != nil:
		return "information_schema.KEYWORDS (RESERVED = 1)"
	case p.keywords != nil:
		return "an unquoted probe of each name the server lists in information_schema.KEYWORDS"
	}
	return "an unquoted probe of each name"
}

// Reserved reports whether the server refuses name as an unquoted
// identifier.
func (p *prober) Reserved(ctx context.Context, name string) (bool, error) {
	key := strings.ToLower(name)
	if !sqlfile.IsBareWord(name) {
		return false, nil
	}
	if p.reserved != nil {
		return p.reserved[key], nil
	}
	if p.keywords != nil && !p.keywords[key] {
		return false, nil
	}
	if r, ok := p.cache[key]; ok {
		return r, nil
	}
	_, err := stmt.Exec(ctx, p.conn, "DO (SELECT "+name+" FROM (SELECT 1 AS "+stmt.QuoteIdent(name)+") AS upgrade_advisor_probe)")
	se := serverError(err)
	if err != nil && se == nil {
		return false, fmt.Errorf("asking the sandbox about the name %s: %w", name, err)
	}
	r := se != nil && se.Number == 1064
	p.cache[key] = r
	return r, nil
}

// HasFunction reports whether the server has the function a routine
// calls, asked the way the routine calls it: the call's own text (its
// arguments as written) prepared, never run, in an empty schema. The
// function is missing only when the server answers that this function
// does not exist (1305, or 1630).
// Asked without its arguments, a function the grammar knows only with
// them (MariaDB's POINT(x, y), LINESTRING(...), ...) would be missing.
func (p *prober) HasFunction(ctx context.Context, call sqlfile.Call) (bool, error) {
	key := strings.ToLower(call.Text)
	if r, ok := p.fcache[key]; ok {
		return r, nil
	}
	if _, err := stmt.Exec(ctx, p.conn, "USE "+probeSchema); err != nil {
		return false, fmt.Errorf("using the probe schema: %w", err)
	}
	err := stmt.Prepare(ctx, p.conn, "DO "+call.Text)
	se := serverError(err)
	if err != nil && se == nil {
		return false, fmt.Errorf("asking the sandbox about the function %s: %w", call.Name, err)
	}
	r := se == nil || !namesMissing(se.Number, se.Message, call.Name)
	p.fcache[key] = r
	return r, nil
}

// namesMissing reports whether a server error says that the function name
// does not exist ("FUNCTION schema.name does not exist"), not another one
// its arguments call.
func namesMissing(code uint16, msg, name string) bool {
	if code != 1305 && code != 1630 {
		return false
	}
	return strings.Contains(strings.ToLower(msg), "."+strings.ToLower(name)+" does not exist")
}
