package queries

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// InnoDB's persistent statistics are sampled: ANALYZE TABLE reads
// innodb_stats_persistent_sample_pages random leaf pages (20 by default) of
// each index, so two servers with the same rows can estimate an index's
// cardinality differently and plan a join in another order. Before the
// comparison every InnoDB table of the statements' schemas samples all its
// pages (STATS_SAMPLE_PAGES at its maximum, more than a sandbox's table
// has) and is analyzed, on both sides: the statistics are exact, and the
// same wherever the rows are.

// maxSamplePages is the largest STATS_SAMPLE_PAGES a table takes.
const maxSamplePages = 65535

// exactStatistics gives every InnoDB table of schemas exact statistics on
// the sandbox db.
func exactStatistics(ctx context.Context, s *side, schemas []string) error {
	for _, schema := range schemas {
		tables, err := stmt.ReadStrings(ctx, s.DB, "SELECT TABLE_NAME FROM information_schema.TABLES "+
			"WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND ENGINE = 'InnoDB' ORDER BY TABLE_NAME", schema)
		if err != nil {
			return fmt.Errorf("listing the tables of %s on %s: %w", schema, s.Name, err)
		}
		for _, table := range tables {
			name := stmt.QuoteIdent(schema) + "." + stmt.QuoteIdent(table)
			if _, err := stmt.Exec(ctx, s.DB, fmt.Sprintf("ALTER TABLE %s STATS_SAMPLE_PAGES = %d", name, maxSamplePages)); err != nil {
				return fmt.Errorf("sampling every page of %s on %s: %w", name, s.Name, err)
			}
			if err := analyze(ctx, s, name); err != nil {
				return err
			}
		}
	}
	return nil
}

// analyze runs ANALYZE TABLE, which answers with rows, and reads them.
func analyze(ctx context.Context, s *side, name string) error {
	for _, err := range stmt.Rows(ctx, s.DB, "ANALYZE TABLE "+name) {
		if err != nil {
			return fmt.Errorf("analyzing %s on %s: %w", name, s.Name, err)
		}
	}
	return nil
}

// statementSchemas are the schemas the statements run in, each once.
func statementSchemas(stmts []Statement) []string {
	seen := map[string]bool{}
	var out []string
	for _, st := range stmts {
		if st.Schema != "" && !seen[st.Schema] {
			seen[st.Schema] = true
			out = append(out, st.Schema)
		}
	}
	return out
}
