// Package flavor is the one value type for a database server's identity:
// vendor (MySQL, MariaDB, Percona) and version, read from the strings a
// server reports. It has no dependencies on the rest of the project, so the
// rules, the calibration, the sandbox and the option-file reader all use it.
package flavor

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// Vendor names a server family.
type Vendor string

// Known vendors. VendorUnknown is the zero value.
const (
	VendorUnknown Vendor = ""
	VendorMySQL   Vendor = "mysql"
	VendorMariaDB Vendor = "mariadb"
	VendorPercona Vendor = "percona"
)

// Version is a comparable server version (major.minor.patch). The zero value
// means unknown.
type Version struct {
	Major, Minor, Patch int
}

// V builds a Version.
func V(major, minor, patch int) Version { return Version{major, minor, patch} }

// IsZero reports whether the version is unknown.
func (v Version) IsZero() bool { return v == Version{} }

// Compare returns -1, 0 or 1.
func (v Version) Compare(o Version) int {
	for _, d := range [3]int{v.Major - o.Major, v.Minor - o.Minor, v.Patch - o.Patch} {
		if d < 0 {
			return -1
		}
		if d > 0 {
			return 1
		}
	}
	return 0
}

// AtLeast reports whether v >= major.minor.patch.
func (v Version) AtLeast(major, minor, patch int) bool {
	return v.Compare(V(major, minor, patch)) >= 0
}

// Series returns the major.minor part, e.g. "8.0".
func (v Version) Series() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Flavor identifies a server: vendor and version, plus the raw strings for display.
type Flavor struct {
	Vendor  Vendor
	Version Version
	// Raw is the version string as the server reported it (e.g. "10.11.6-MariaDB-0+deb12u1").
	Raw string
}

// IsMariaDB reports whether the server is MariaDB.
func (f Flavor) IsMariaDB() bool { return f.Vendor == VendorMariaDB }

// IsMySQLFamily reports whether the server is Oracle MySQL or Percona Server,
// which share MySQL's version line and defaults.
func (f Flavor) IsMySQLFamily() bool { return f.Vendor == VendorMySQL || f.Vendor == VendorPercona }

// Name is the human name of the vendor.
func (f Flavor) Name() string {
	switch f.Vendor {
	case VendorMariaDB:
		return "MariaDB"
	case VendorPercona:
		return "Percona Server"
	case VendorMySQL:
		return "MySQL"
	}
	return "unknown"
}

func (f Flavor) String() string {
	if f.Version.IsZero() {
		return f.Name()
	}
	return f.Name() + " " + f.Version.String()
}

// Identify tells the vendor and version from @@version and
// @@version_comment. A version containing "MariaDB" is MariaDB; otherwise a
// comment starting with "Percona Server" is Percona; otherwise MySQL.
func Identify(version, versionComment string) (Flavor, error) {
	fl := Flavor{Raw: version}
	switch {
	case strings.Contains(strings.ToLower(version), "mariadb"):
		fl.Vendor = VendorMariaDB
	case strings.HasPrefix(strings.ToLower(strings.TrimSpace(versionComment)), "percona"):
		fl.Vendor = VendorPercona
	default:
		fl.Vendor = VendorMySQL
	}
	v, err := ParseVersion(version)
	if err != nil {
		return fl, err
	}
	fl.Version = v
	return fl, nil
}

// maxVersionPart bounds each part of a version; real ones are far below.
const maxVersionPart = 99999

// leadingVersion matches the numeric head of a server version string.
var leadingVersion = regexp.MustCompile(`^\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?`)

// ParseVersion reads the numeric version from a server version string,
// ignoring distribution and build suffixes ("-log", "-MariaDB-0+deb12u1",
// Percona's "-16", Debian's "~"). MariaDB's replication prefix "5.5.5-" is
// stripped.
func ParseVersion(raw string) (Version, error) {
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, "5.5.5-") && strings.Contains(strings.ToLower(s), "mariadb") {
		s = strings.TrimPrefix(s, "5.5.5-")
	}
	m := leadingVersion.FindStringSubmatch(s)
	if m == nil {
		return Version{}, fmt.Errorf("cannot read a version from %q: expected a form like 8.0.36 or 10.11.6-MariaDB", raw)
	}
	core := m[1]
	if m[2] != "" {
		core += "." + m[2]
	}
	if m[3] != "" {
		core += "." + m[3]
	}
	sv, err := semver.StrictNewVersion(normalizeCore(core))
	if err != nil {
		return Version{}, fmt.Errorf("cannot read a version from %q: %w", raw, err)
	}
	if sv.Major() > maxVersionPart || sv.Minor() > maxVersionPart || sv.Patch() > maxVersionPart {
		return Version{}, fmt.Errorf("cannot read a version from %q: a part is larger than %d", raw, maxVersionPart)
	}
	return Version{int(sv.Major()), int(sv.Minor()), int(sv.Patch())}, nil
}

// normalizeCore pads "8" or "8.0" to three parts and drops leading zeros,
// which strict semver refuses ("5.06" is read as 5.6).
func normalizeCore(core string) string {
	parts := strings.Split(core, ".")
	for len(parts) < 3 {
		parts = append(parts, "0")
	}
	for i, p := range parts {
		p = strings.TrimLeft(p, "0")
		if p == "" {
			p = "0"
		}
		parts[i] = p
	}
	return strings.Join(parts, ".")
}

