package replication

import (
	"context"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// TestMySQLAA: MySQL 9.7 to itself, in MySQL's own words (CHANGE
// REPLICATION SOURCE TO, SHOW BINARY LOG STATUS, mysqldump --source-data,
// caching_sha2_password over TCP): the shop replicates cleanly both ways.
func TestMySQLAA(t *testing.T) {
	my := testServer(t, "mysql-9.7")
	o := rehearsal(t, my, my, shopSchema, "shop-writes.sql")
	o.Formats = []string{FormatRow, FormatStatement}
	o.Seeds = []string{SeedDump}
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Runs {
		if r.Status != outcome.Running || len(r.Tables) > 0 || r.TablesChecked != 4 || r.Writes.Failed > 0 || len(r.Seed.Errors) > 0 {
			t.Errorf("%s: errors %+v, tables %+v, writes %+v, seed %+v", verdict(r), r.Errors, r.Tables, r.Writes, r.Seed)
		}
	}
}
