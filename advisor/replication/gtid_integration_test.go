package replication

import (
	"context"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
)

// TestGTIDPositions: the replica pointed by GTID, MariaDB 10.11 -> 11.8
// and back (gtid_slave_pos from mariadb-dump --gtid, MASTER_USE_GTID) and
// MySQL 9.7 A/A (gtid_mode=ON, the dump's GTID_PURGED, SOURCE_AUTO_POSITION):
// the shop replicates cleanly, and the collation pair still stops.
func TestGTIDPositions(t *testing.T) {
	for _, tc := range []struct {
		today, target, schema, writes string
		stops                         bool
	}{
		{"mariadb-10.11", "mariadb-11.8", shopSchema, "shop-writes.sql", false},
		{"mariadb-10.11", "mariadb-11.8", "collation.sql", "collation-writes.sql", true},
		{"mysql-9.7", "mysql-9.7", shopSchema, "shop-writes.sql", false},
	} {
		t.Run(tc.today+"->"+tc.target+" "+tc.writes, func(t *testing.T) {
			o := rehearsal(t, testServer(t, tc.today), testServer(t, tc.target), tc.schema, tc.writes)
			o.GTID = true
			o.Seeds = []string{SeedSchema}
			rep, err := Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.Runs {
				if r.Position != "gtid" || (tc.today != "mysql-9.7" && !strings.Contains(r.Seed.Coordinates, "GTID ")) {
					t.Errorf("%s: position %q, coordinates %q; want by GTID", verdict(r), r.Position, r.Seed.Coordinates)
				}
				wantStop := tc.stops && r.Direction == outcome.Forward
				if (r.Status == outcome.Stopped) != wantStop || (!wantStop && (r.Status != outcome.Running || len(r.Tables) > 0)) {
					t.Errorf("%s: errors %+v, seed %+v; want stopped %v", verdict(r), r.Errors, r.Seed, wantStop)
				}
			}
		})
	}
}
