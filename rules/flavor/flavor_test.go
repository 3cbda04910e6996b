package flavor

import "testing"

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
			fl, err := Identify(tt.version, tt.comment)
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

