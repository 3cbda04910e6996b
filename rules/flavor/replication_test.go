package flavor

import "testing"

func TestReplicationWords(t *testing.T) {
	for _, tc := range []struct {
		f                                   Flavor
		change, start, status, binlog, dump string
	}{
		{Flavor{Vendor: VendorMariaDB, Version: V(10, 11, 19)}, "CHANGE MASTER TO ", "START SLAVE", "SHOW SLAVE STATUS", "SHOW MASTER STATUS", "--master-data=2"},
		{Flavor{Vendor: VendorMariaDB, Version: V(11, 8, 9)}, "CHANGE MASTER TO ", "START SLAVE", "SHOW SLAVE STATUS", "SHOW MASTER STATUS", "--master-data=2"},
		{Flavor{Vendor: VendorMySQL, Version: V(5, 7, 44)}, "CHANGE MASTER TO ", "START SLAVE", "SHOW SLAVE STATUS", "SHOW MASTER STATUS", "--master-data=2"},
		{Flavor{Vendor: VendorMySQL, Version: V(8, 0, 26)}, "CHANGE REPLICATION SOURCE TO ", "START REPLICA", "SHOW REPLICA STATUS", "SHOW MASTER STATUS", "--source-data=2"},
		{Flavor{Vendor: VendorMySQL, Version: V(8, 4, 0)}, "CHANGE REPLICATION SOURCE TO ", "START REPLICA", "SHOW REPLICA STATUS", "SHOW BINARY LOG STATUS", "--source-data=2"},
		{Flavor{Vendor: VendorPercona, Version: V(9, 7, 0)}, "CHANGE REPLICATION SOURCE TO ", "START REPLICA", "SHOW REPLICA STATUS", "SHOW BINARY LOG STATUS", "--source-data=2"},
	} {
		got := []string{tc.f.ChangeSourceStatement(), tc.f.StartReplicaStatement(), tc.f.ReplicaStatusStatement(), tc.f.BinlogStatusStatement(), tc.f.DumpCoordinatesOption()}
		want := []string{tc.change, tc.start, tc.status, tc.binlog, tc.dump}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %q, want %q", tc.f, got[i], want[i])
			}
		}
	}
}
