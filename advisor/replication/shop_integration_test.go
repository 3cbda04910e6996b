package replication

import (
	"context"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// TestShopReplicatesCleanly: the shop fixture and clean writes, in ROW
// and STATEMENT format, both seeds: MariaDB 10.11 -> 11.8 and back, and
// an A/A 10.11 -> 10.11, every run running and caught up, no table
// differing. The 11.8 side seeded from the schema files its tables under
// its own collation; the rows still agree.
func TestShopReplicatesCleanly(t *testing.T) {
	for _, pair := range [][2]string{{"mariadb-10.11", "mariadb-11.8"}, {"mariadb-10.11", "mariadb-10.11"}} {
		t.Run(pair[0]+"->"+pair[1], func(t *testing.T) {
			today, target := testServer(t, pair[0]), testServer(t, pair[1])
			o := rehearsal(t, today, target, shopSchema, "shop-writes.sql")
			o.Formats = []string{FormatRow, FormatStatement}
			rep, err := Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Runs) != 8 {
				t.Fatalf("%d runs, want 2 directions x 2 formats x 2 seeds", len(rep.Runs))
			}
			for _, r := range rep.Runs {
				if r.Status != outcome.Running || !r.CaughtUp || len(r.Errors) > 0 || len(r.Tables) > 0 || r.TablesChecked != 4 {
					t.Errorf("%s: errors %+v, tables %+v; want running, caught up, 4 tables checked, none differing", verdict(r), r.Errors, r.Tables)
				}
				if r.Writes.Statements != 9 || r.Writes.Failed != 0 || len(r.Seed.Errors) > 0 {
					t.Errorf("%s: writes %+v, seed errors %v; want the 9 writes run, none failed", verdict(r), r.Writes, r.Seed.Errors)
				}
				if len(r.Writes.Unsafe) > 0 {
					t.Errorf("%s: unsafe %+v; the shop's writes are deterministic", verdict(r), r.Writes.Unsafe)
				}
			}
			if pair[0] == pair[1] {
				for _, r := range rep.Runs {
					if len(r.Collations) > 0 {
						t.Errorf("A/A %s: collations differ %+v", verdict(r), r.Collations)
					}
				}
			}
		})
	}
}

// TestUnsafeStatements: under STATEMENT format the primary calls UUID()
// and UPDATE ... LIMIT without ORDER BY unsafe (1592; MariaDB says so of a
// LIMIT with ORDER BY too), NOW() is safe (its time is logged); the UUID reaches the replica as another value and the
// row is named. Under ROW nothing is unsafe and nothing differs.
func TestUnsafeStatements(t *testing.T) {
	today := testServer(t, "mariadb-10.11")
	o := rehearsal(t, today, today, shopSchema, "unsafe-writes.sql")
	o.Formats = []string{FormatStatement, FormatRow}
	o.Directions = []string{outcome.Forward}
	o.Seeds = []string{SeedDump}
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	stmtRun, rowRun := rep.Runs[0], rep.Runs[1]
	var unsafe []string
	for _, u := range stmtRun.Writes.Unsafe {
		if u.Code != 1592 {
			t.Errorf("unsafe %+v, want code 1592", u)
		}
		unsafe = append(unsafe, u.SQL)
	}
	if len(unsafe) != 2 || !strings.Contains(unsafe[0], "UUID()") || !strings.Contains(unsafe[1], "LIMIT 5") {
		t.Errorf("STATEMENT: unsafe %q, want the UUID() and the LIMIT updates", unsafe)
	}
	var customers *outcome.TableDiff
	for i, d := range stmtRun.Tables {
		if d.Table == "shop.customers" {
			customers = &stmtRun.Tables[i]
		}
	}
	if stmtRun.TablesChecked != 4 || customers == nil || customers.Rows[0].Key != "id=1" || customers.Rows[0].Primary == customers.Rows[0].Replica {
		t.Errorf("STATEMENT: %d tables checked, differing %+v; want shop.customers with the row id=1 differing", stmtRun.TablesChecked, stmtRun.Tables)
	}
	if len(rowRun.Writes.Unsafe) > 0 || len(rowRun.Tables) > 0 || rowRun.Status != outcome.Running {
		t.Errorf("ROW: %s, unsafe %+v; want nothing unsafe, nothing differing", verdict(rowRun), rowRun.Writes.Unsafe)
	}
}
