package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in      string
		current flavor.Vendor
		vendor  flavor.Vendor
		version flavor.Version
	}{
		{"5.6", flavor.VendorMySQL, flavor.VendorMySQL, flavor.V(5, 6, 0)},
		{"8.0.36", flavor.VendorPercona, flavor.VendorPercona, flavor.V(8, 0, 36)},
		{"mariadb-11.4", flavor.VendorMySQL, flavor.VendorMariaDB, flavor.V(11, 4, 0)},
		{"MySQL:8.4", flavor.VendorMariaDB, flavor.VendorMySQL, flavor.V(8, 4, 0)},
		{"10.11", flavor.VendorMariaDB, flavor.VendorMariaDB, flavor.V(10, 11, 0)},
		{"8.0", flavor.VendorUnknown, flavor.VendorMySQL, flavor.V(8, 0, 0)},
		{"11.8", flavor.VendorUnknown, flavor.VendorMariaDB, flavor.V(11, 8, 0)},
		{"9.7", flavor.VendorMySQL, flavor.VendorMySQL, flavor.V(9, 7, 0)},
		{"mysql-8.4", flavor.VendorMariaDB, flavor.VendorMySQL, flavor.V(8, 4, 0)},
		{"mariadb-11.8", flavor.VendorMySQL, flavor.VendorMariaDB, flavor.V(11, 8, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTarget(tt.in, tt.current)
			if err != nil {
				t.Fatal(err)
			}
			if got.Vendor != tt.vendor || got.Version != tt.version {
				t.Errorf("got %s %s", got.Vendor, got.Version)
			}
		})
	}
	for _, bad := range []string{"", "mariadb", "latest", "oracle-8"} {
		if _, err := ParseTarget(bad, flavor.VendorMySQL); err == nil {
			t.Errorf("ParseTarget(%q) accepted", bad)
		}
	}
}

// A bare version the server's vendor never released is refused, naming the
// forms that say which vendor is meant.
func TestParseTargetRefusesOtherVendorsBareSeries(t *testing.T) {
	tests := []struct {
		in       string
		current  flavor.Vendor
		wantText []string
	}{
		{"8.4", flavor.VendorMariaDB, []string{"MariaDB has no 8.4 series", "--target mysql-8.4", "--target mariadb-11.8"}},
		{"9.7", flavor.VendorMariaDB, []string{"--target mysql-9.7"}},
		{"11.8", flavor.VendorMySQL, []string{"MySQL has no 11.8 series", "--target mariadb-11.8", "--target mysql-8.4"}},
		{"10.11.6", flavor.VendorPercona, []string{"--target mariadb-10.11"}},
		{"8.5", flavor.VendorMySQL, []string{"MySQL has no 8.5 series"}},
		{"5.7", flavor.VendorMariaDB, []string{"MariaDB has no 5.7 series", "--target mysql-5.7"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := ParseTarget(tt.in, tt.current)
			if err == nil {
				t.Fatalf("ParseTarget(%q, %s) accepted", tt.in, tt.current)
			}
			for _, w := range tt.wantText {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"5.6", "8.0.36", "mariadb-11.4", "mysql:8.4", "percona 8.0", "", "latest", "8.4", "11.8", "10.11.6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseTarget(s, flavor.VendorMariaDB)
		if err != nil {
			return
		}
		if fl.Vendor == flavor.VendorUnknown || fl.Version.Major < 0 || fl.Version.Minor < 0 {
			t.Fatalf("ParseTarget(%q) = %+v", s, fl)
		}
		// A bare version is accepted only for a series the server's vendor has.
		if _, _, named := splitTargetVendor(strings.TrimSpace(s)); !named && (fl.Vendor != flavor.VendorMariaDB || !vendorHasSeries(flavor.VendorMariaDB, fl.Version)) {
			t.Fatalf("bare %q accepted as %s", s, fl)
		}
	})
}
