package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A table that states a character set and no collation gets the collation
// the server picks: the character set's own default, or, on MariaDB 11.2
// and later, the one its character_set_collations names (11.5 made the
// UCA 14.0 collations the default for the Unicode sets). With today's
// version loaded too, the definitions compared show the change; without
// it the target is asked which collation is the character set's own
// default, and a table filed under another one is reported.

// collationChoice is what a server chooses for character sets given alone.
type collationChoice struct {
	defaults map[string]string // character set -> its own default collation
	mapping  string            // @@character_set_collations; "" where there is none
}

// readCollationChoice asks a server for its character_set_collations and
// for its character sets' own defaults: with the mapping emptied for the
// session, information_schema.CHARACTER_SETS shows the compiled ones.
func readCollationChoice(ctx context.Context, conn *sql.Conn) (*collationChoice, error) {
	cc := &collationChoice{defaults: map[string]string{}}
	var mapping sql.NullString
	err := stmt.QueryRow(ctx, conn, "SELECT @@character_set_collations").Scan(&mapping)
	switch {
	case serverError(err) != nil: // no such variable: the server has no mapping
	case err != nil:
		return nil, fmt.Errorf("reading the sandbox's character_set_collations: %w", err)
	default:
		cc.mapping = mapping.String
	}
	if cc.mapping != "" {
		if _, err := stmt.Exec(ctx, conn, "SET SESSION character_set_collations = ''"); err != nil {
			return nil, fmt.Errorf("emptying character_set_collations for the session: %w", err)
		}
		defer stmt.Exec(context.WithoutCancel(ctx), conn, "SET SESSION character_set_collations = DEFAULT") //nolint:errcheck // a sandbox's session
	}
	pairs, err := stmt.ReadPairs(ctx, conn, "SELECT CHARACTER_SET_NAME, DEFAULT_COLLATE_NAME FROM information_schema.CHARACTER_SETS")
	if err != nil {
		return nil, fmt.Errorf("reading the sandbox's character sets: %w", err)
	}
	for k, v := range pairs {
		cc.defaults[strings.ToLower(k)] = strings.ToLower(v)
	}
	return cc, nil
}

// charsetOnlyTables are the created tables whose definition names a
// character set and no collation.
func (c *checker) charsetOnlyTables() []*Result {
	var out []*Result
	for _, r := range c.target.Results {
		if r.Created && r.Object.Kind == sqlfile.KindTable && sqlfile.StatesCharsetOnly(r.Object.SQL) {
			out = append(out, r)
		}
	}
	return out
}

// collationChoices reports the collations the target picked for character
// sets a table gives alone. With today's definitions to compare with, the
// differences are already reported: the target's mapping is noted.
func (c *checker) collationChoices(ctx context.Context, target definitions, compared bool) error {
	tables := c.charsetOnlyTables()
	if len(tables) == 0 {
		return nil
	}
	cc, err := readCollationChoice(ctx, c.s.Target)
	if err != nil {
		return err
	}
	if cc.mapping != "" {
		c.notes = append(c.notes, "the target's character_set_collations (the collation it gives a character set stated alone): "+cc.mapping)
	}
	if compared {
		return nil
	}
	for _, r := range tables {
		def := target[definitionKey(sqlfile.KindTable, schemaOf(r.Object), r.Object.Name)]
		for _, attr := range sortedCollationAttrs(def) {
			chosen := strings.ToLower(def[attr])
			charset, _, _ := strings.Cut(chosen, "_")
			own := cc.defaults[charset]
			if own == "" || own == chosen {
				continue
			}
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRewritten,
				Message: fmt.Sprintf("%s: the file states character set %s without a collation; the target files it under %s, not under %s, the character set's own default (what servers without character_set_collations, MariaDB before 11.2 among them, choose)%s",
					attr, charset, chosen, own, mappingText(cc.mapping)),
				Fix: "state the collation the application was tested with (COLLATE " + own + ") or accept " + chosen})
		}
	}
	return nil
}

// sortedCollationAttrs lists a definition's collation attributes, the
// table's first, then its columns', and each distinct collation once.
func sortedCollationAttrs(def map[string]string) []string {
	var out []string
	seen := map[string]bool{}
	if v := def["table collation"]; v != "" {
		out = append(out, "table collation")
		seen[strings.ToLower(v)] = true
	}
	for _, attr := range sortedKeys(def) {
		v := strings.ToLower(def[attr])
		if strings.HasSuffix(attr, " collation") && attr != "table collation" && v != "" && !seen[v] {
			seen[v] = true
			out = append(out, attr)
		}
	}
	return out
}

func mappingText(mapping string) string {
	if mapping == "" {
		return ""
	}
	return "; its character_set_collations: " + mapping
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
