package rehearse

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestInPlaceRefusesWhatNoVendorSupports(t *testing.T) {
	maria := func(major, minor, patch int) flavor.Flavor {
		return flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(major, minor, patch)}
	}
	mysql := flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
	cases := []struct {
		name           string
		source, target flavor.Flavor
		refused        string // a word of the reason, "" when supported
	}{
		{"Debian 11 -> 12", maria(10, 5, 23), maria(10, 11, 19), ""},
		{"Debian 11 -> 13", maria(10, 5, 23), maria(11, 8, 9), ""},
		{"same version", maria(10, 11, 19), maria(10, 11, 19), ""},
		{"downgrade", maria(11, 8, 9), maria(10, 11, 19), "downgrade"},
		{"MariaDB -> MySQL", maria(10, 11, 19), mysql, "migration"},
		{"MySQL -> MariaDB", mysql, maria(11, 8, 9), "migration"},
	}
	for _, c := range cases {
		err := inPlaceRefusal(c.source, c.target)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.refused != "" && (err == nil || !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("%s: got %v, want a usage error saying %q", c.name, err, c.refused)
		}
	}
}

func TestUpgradeToolTablesReadsMariaDBCheckOutput(t *testing.T) {
	out := `Phase 1/8: Checking and upgrading mysql database
Processing databases
mysql
mysql.column_stats                                 OK
mysql.db                                           OK
Phase 7/8: uninstalling plugins
app.broken
Error    : Table 'app.broken' is marked as crashed
error    : Corrupt
app.warned
Warning  : something to note
status   : OK
app.t                                              OK
Phase 8/8: Running 'FLUSH PRIVILEGES'
OK
`
	checked, failed := upgradeToolTables(out)
	if checked != 5 || !reflect.DeepEqual(failed, []string{"app.broken"}) {
		t.Errorf("checked %d, failed %v; want 5 and [app.broken]", checked, failed)
	}
}
