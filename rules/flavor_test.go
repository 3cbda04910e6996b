package rules

import (
	"strings"
	"testing"
)

func TestIdentifyFlavorFromRealVersionStrings(t *testing.T) {
	tests := []struct {
		version, comment string
		vendor           Vendor
		want             Version
	}{
		{"10.11.19-MariaDB-0+deb12u1", "Debian 12", VendorMariaDB, V(10, 11, 19)},
		{"10.11.6-MariaDB-0+deb12u1-log", "Debian 12", VendorMariaDB, V(10, 11, 6)},
		{"5.5.5-10.6.12-MariaDB", "mariadb.org binary distribution", VendorMariaDB, V(10, 6, 12)},
		{"10.11.34-MariaDB-1~bionic", "mariadb.org binary distribution", VendorMariaDB, V(10, 11, 34)},
		{"11.4.2-MariaDB", "MariaDB Server", VendorMariaDB, V(11, 4, 2)},
		{"5.6.22-log", "MySQL Community Server (GPL)", VendorMySQL, V(5, 6, 22)},
		{"5.5.42", "MySQL Community Server (GPL)", VendorMySQL, V(5, 5, 42)},
		{"8.0.36", "MySQL Community Server - GPL", VendorMySQL, V(8, 0, 36)},
		{"8.4.0-commercial", "MySQL Enterprise Server - Commercial", VendorMySQL, V(8, 4, 0)},
		{"8.0.26-16", "Percona Server (GPL), Release 16, Revision 3d64165", VendorPercona, V(8, 0, 26)},
		{"5.7.29-32-log", "Percona Server (GPL), Release 32, Revision 56bce88", VendorPercona, V(5, 7, 29)},
		{"8.0.36-0ubuntu0.22.04.1", "(Ubuntu)", VendorMySQL, V(8, 0, 36)},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			fl, err := IdentifyFlavor(tt.version, tt.comment)
			if err != nil {
				t.Fatalf("IdentifyFlavor: %v", err)
			}
			if fl.Vendor != tt.vendor || fl.Version != tt.want {
				t.Errorf("got %s %s, want %s %s", fl.Vendor, fl.Version, tt.vendor, tt.want)
			}
			if fl.Raw != tt.version {
				t.Errorf("raw string lost: %q", fl.Raw)
			}
		})
	}
}

func TestParseVersionRejectsGarbage(t *testing.T) {
	for _, s := range []string{"", "MariaDB", "abc.def", "-1.2", "10000000000000000000", "8.0.99999999999"} {
		if _, err := ParseVersion(s); err == nil {
			t.Errorf("ParseVersion(%q) accepted", s)
		}
	}
}

func TestVersionOrdering(t *testing.T) {
	if !V(5, 7, 6).AtLeast(5, 7, 6) || V(5, 7, 5).AtLeast(5, 7, 6) || !V(10, 0, 0).AtLeast(8, 4, 0) {
		t.Fatal("AtLeast wrong")
	}
	if V(8, 0, 36).Series() != "8.0" {
		t.Fatal("Series wrong")
	}
}

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in      string
		current Vendor
		vendor  Vendor
		version Version
	}{
		{"5.6", VendorMySQL, VendorMySQL, V(5, 6, 0)},
		{"8.0.36", VendorPercona, VendorPercona, V(8, 0, 36)},
		{"mariadb-11.4", VendorMySQL, VendorMariaDB, V(11, 4, 0)},
		{"MySQL:8.4", VendorMariaDB, VendorMySQL, V(8, 4, 0)},
		{"10.11", VendorMariaDB, VendorMariaDB, V(10, 11, 0)},
		{"8.0", VendorUnknown, VendorMySQL, V(8, 0, 0)},
		{"11.8", VendorUnknown, VendorMariaDB, V(11, 8, 0)},
		{"9.7", VendorMySQL, VendorMySQL, V(9, 7, 0)},
		{"mysql-8.4", VendorMariaDB, VendorMySQL, V(8, 4, 0)},
		{"mariadb-11.8", VendorMySQL, VendorMariaDB, V(11, 8, 0)},
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
		if _, err := ParseTarget(bad, VendorMySQL); err == nil {
			t.Errorf("ParseTarget(%q) accepted", bad)
		}
	}
}

// A bare version the server's vendor never released is refused, naming the
// forms that say which vendor is meant.
func TestParseTargetRefusesOtherVendorsBareSeries(t *testing.T) {
	tests := []struct {
		in       string
		current  Vendor
		wantText []string
	}{
		{"8.4", VendorMariaDB, []string{"MariaDB has no 8.4 series", "--target mysql-8.4", "--target mariadb-11.8"}},
		{"9.7", VendorMariaDB, []string{"--target mysql-9.7"}},
		{"11.8", VendorMySQL, []string{"MySQL has no 11.8 series", "--target mariadb-11.8", "--target mysql-8.4"}},
		{"10.11.6", VendorPercona, []string{"--target mariadb-10.11"}},
		{"8.5", VendorMySQL, []string{"MySQL has no 8.5 series"}},
		{"5.7", VendorMariaDB, []string{"MariaDB has no 5.7 series", "--target mysql-5.7"}},
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

func FuzzParseVersion(f *testing.F) {
	for _, s := range []string{"10.11.19-MariaDB-0+deb12u1", "5.6.22-log", "8.0.26-16", "5.5.5-10.6.1-MariaDB", "1.2.3~x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVersion(s)
		if err == nil && v.Major < 0 {
			t.Fatalf("negative version from %q", s)
		}
	})
}

func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"5.6", "8.0.36", "mariadb-11.4", "mysql:8.4", "percona 8.0", "", "latest", "8.4", "11.8", "10.11.6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseTarget(s, VendorMariaDB)
		if err != nil {
			return
		}
		if fl.Vendor == VendorUnknown || fl.Version.Major < 0 || fl.Version.Minor < 0 {
			t.Fatalf("ParseTarget(%q) = %+v", s, fl)
		}
		// A bare version is accepted only for a series the server's vendor has.
		if _, _, named := splitTargetVendor(strings.TrimSpace(s)); !named && (fl.Vendor != VendorMariaDB || !vendorHasSeries(VendorMariaDB, fl.Version)) {
			t.Fatalf("bare %q accepted as %s", s, fl)
		}
	})
}
