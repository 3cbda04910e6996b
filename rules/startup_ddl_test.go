package rules

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestStartupDDLIsKnownPerSeries(t *testing.T) {
	tests := []struct {
		fl        flavor.Flavor
		wantKnown bool
		wantCount int64 // Com_create_table per start
	}{
		{flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}, true, 35},
		{flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}, true, 0},
		{flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}, true, 0},
		{flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(8, 4, 3)}, false, 0},
		// The same series number on the other vendor line is another server.
		{flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(9, 7, 0)}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.fl.String(), func(t *testing.T) {
			counts, known := StartupDDL(tt.fl)
			if known != tt.wantKnown || counts["com_create_table"] != tt.wantCount {
				t.Errorf("StartupDDL = %v, %v; want %d, %v", counts, known, tt.wantCount, tt.wantKnown)
			}
		})
	}
}
