package rules

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// ParseTarget reads a --target value: "5.6", "8.0.36", "mysql-8.4",
// "mariadb-11.4", "mariadb:10.11". A bare version means current's vendor
// (Percona counts as MySQL for defaults) and must be a series that vendor
// has released: "8.4" on a MariaDB server is refused with the forms that
// name the vendor, since a move between vendors is a migration, not an
// upgrade. With no current vendor, a bare version names the vendor whose
// series it is (10.x-12.x MariaDB, others MySQL).
func ParseTarget(s string, current flavor.Vendor) (flavor.Flavor, error) {
	raw := strings.TrimSpace(s)
	if raw == "" {
		return flavor.Flavor{}, fmt.Errorf("empty " + flagname.Target + ": give a version such as 8.0, 8.0.36 or mariadb-11.4")
	}
	vendor, rest, named := splitTargetVendor(raw)
	if rest == "" || rest[0] < '0' || rest[0] > '9' {
		return flavor.Flavor{}, fmt.Errorf("cannot read "+flagname.Target+" %q: give a version such as 8.0, 8.0.36 or mariadb-11.4", raw)
	}
	v, err := flavor.ParseVersion(rest)
	if err != nil {
		return flavor.Flavor{}, fmt.Errorf("cannot read "+flagname.Target+" %q: %w", raw, err)
	}
	if !named {
		vendor = current
		if vendor == flavor.VendorUnknown {
			vendor = vendorOfSeries(v)
		}
		if !vendorHasSeries(vendor, v) {
			return flavor.Flavor{}, bareTargetError(raw, vendor, v)
		}
	}
	return flavor.Flavor{Vendor: vendor, Version: v, Raw: raw}, nil
}

// splitTargetVendor separates a vendor prefix ("mariadb-", "mysql:") from
// the version; named reports whether there was one.
func splitTargetVendor(raw string) (vendor flavor.Vendor, rest string, named bool) {
	lower := strings.ToLower(raw)
	for _, p := range []struct {
		prefix string
		v      flavor.Vendor
	}{{"mariadb", flavor.VendorMariaDB}, {"mysql", flavor.VendorMySQL}, {"percona", flavor.VendorPercona}} {
		if strings.HasPrefix(lower, p.prefix) {
			return p.v, strings.TrimLeft(lower[len(p.prefix):], "-:/ @"), true
		}
	}
	return flavor.VendorUnknown, lower, false
}

// vendorOfSeries guesses the vendor of a bare version: MariaDB numbers its
// series 10.x to 12.x, which MySQL never used.
func vendorOfSeries(v flavor.Version) flavor.Vendor {
	if v.Major >= 10 && v.Major <= 12 {
		return flavor.VendorMariaDB
	}
	return flavor.VendorMySQL
}

// vendorHasSeries reports whether a vendor released (or, for the open
// majors MySQL 9 and MariaDB 11-12, may release) the series of v.
func vendorHasSeries(vendor flavor.Vendor, v flavor.Version) bool {
	switch vendor {
	case flavor.VendorMariaDB:
		switch v.Major {
		case 5:
			return v.Minor >= 1 && v.Minor <= 5 && v.Minor != 4
		case 10:
			return v.Minor <= 11
		case 11, 12:
			return true
		}
		return false
	case flavor.VendorMySQL, flavor.VendorPercona:
		switch v.Major {
		case 3, 4, 9:
			return true
		case 5:
			return v.Minor <= 7
		case 8:
			return v.Minor <= 4
		}
		return false
	}
	return true
}

// bareTargetError refuses a bare version the server's vendor never had.
func bareTargetError(raw string, vendor flavor.Vendor, v flavor.Version) error {
	name := flavor.Flavor{Vendor: vendor}.Name()
	other := flavor.VendorMySQL
	if vendor != flavor.VendorMariaDB {
		other = flavor.VendorMariaDB
	}
	otherName := flavor.Flavor{Vendor: other}.Name()
	hint := ""
	if vendorHasSeries(other, v) {
		hint = fmt.Sprintf(" For a migration to %s %s write "+flagname.Target+" %s-%s;", otherName, v.Series(), other, v.Series())
	}
	return fmt.Errorf(flagname.Target+" %q: %s has no %s series.%s for an upgrade give a %s version (e.g. "+flagname.Target+" %s or "+flagname.Target+" %s-%s)",
		raw, name, v.Series(), hint, name, exampleSeries(vendor), vendor, exampleSeries(vendor))
}

func exampleSeries(vendor flavor.Vendor) string {
	if vendor == flavor.VendorMariaDB {
		return "11.8"
	}
	return "8.4"
}
