package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// rewritten compares what today's version (or the live server the schema
// was read from) and the target made of each object both have; without
// either, the collations the dump states.
func (c *checker) rewritten(ctx context.Context) error {
	schemas := c.schemaNames()
	if len(schemas) == 0 {
		return nil // no object: a file whose statements the server refused
	}
	todayConn := c.s.Today
	if todayConn == nil {
		todayConn = c.s.Live
	}
	// Without today's definitions only the tables' collations are compared,
	// and the columns' only for a table that states a character set alone.
	tablesOnly := todayConn == nil && len(c.charsetOnlyTables()) == 0
	target, err := readDefinitions(ctx, c.s.Target, schemas, tablesOnly)
	if err != nil {
		return err
	}
	if err := c.collationChoices(ctx, target, todayConn != nil); err != nil {
		return err
	}
	if todayConn == nil {
		c.statedCollations(target)
		return nil
	}
	today, err := readDefinitions(ctx, todayConn, schemas, false)
	if err != nil {
		return fmt.Errorf("today's definitions: %w", err)
	}
	for i, r := range c.target.Results {
		if !r.Created || (c.today != nil && !c.today.Results[i].Created) {
			continue
		}
		key := definitionKey(r.Object.Kind, schemaOf(r.Object), r.Object.Name)
		for _, d := range differences(today[key], target[key]) {
			if r.modeRefused && strings.HasPrefix(d, "sql_mode:") {
				continue // the refusal says it, with the mode to use
			}
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRewritten,
				Message: "the target changes its definition: " + d})
		}
	}
	return nil
}

// schemaNames lists the schemas the objects are created in.
func (c *checker) schemaNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range c.target.Results {
		s := schemaOf(r.Object)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// statedCollations compares a table's COLLATE= in the dump with the
// target's table collation.
func (c *checker) statedCollations(target definitions) {
	for _, r := range c.target.Results {
		if r.Object.Kind != sqlfile.KindTable || !r.Created {
			continue
		}
		stated := tableCollation(r.Object.SQL)
		got := target[definitionKey(sqlfile.KindTable, schemaOf(r.Object), r.Object.Name)]["table collation"]
		if stated != "" && got != "" && !strings.EqualFold(stated, got) {
			r.Problems = append(r.Problems, outcome.Problem{Kind: outcome.StatusRewritten,
				Message: fmt.Sprintf("the target changes its definition: table collation: %s in the dump, %s on the target", stated, got)})
		}
	}
}

// tableCollation returns the COLLATE= table option of a CREATE TABLE, or "".
func tableCollation(sql string) string {
	end := strings.LastIndex(sql, ")")
	if end < 0 {
		return ""
	}
	tail := strings.Fields(strings.NewReplacer("=", " ").Replace(sql[end+1:]))
	for i := 0; i+1 < len(tail); i++ {
		if strings.EqualFold(tail[i], "COLLATE") {
			return strings.Trim(tail[i+1], "`'\"")
		}
	}
	return ""
}
