package queries

import (
	"path/filepath"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// jsonWant is a JSON statement's expected status, and whether the two
// servers' own clients print its result differently (a comparison as text
// would then call it changed).
type jsonWant struct {
	want
	printedOtherwise bool
}

var jsonWants = []jsonWant{
	{want{sql: "SELECT id, prefs FROM profiles ORDER BY id", status: StatusSame}, true},
	{want{sql: "SELECT JSON_OBJECT('name', name, 'id', id, 'tier', tier / 4) FROM customers WHERE id > 1000 ORDER BY id", status: StatusSame}, true},
	{want{sql: "SELECT JSON_EXTRACT(prefs, '$.b') FROM profiles WHERE id = 3", status: StatusSame}, true},
	{want{sql: "SELECT JSON_ARRAYAGG(id) FROM profiles WHERE JSON_CONTAINS(prefs, 'true', '$.news')", status: StatusSame}, false},
	// 'trailing' matches one name more under MariaDB's PAD SPACE collation.
	{want{sql: "SELECT JSON_OBJECT('n', COUNT(*)) FROM customers WHERE name = 'trailing'", status: StatusChanged}, true},
}

// TestJSONByMeaning runs JSON-valued statements on MariaDB 10.11 and
// MySQL 9.7, both loaded with the shop and hand-written JSON documents:
// the same documents, printed otherwise by MySQL, are the same; another
// document is changed.
func TestJSONByMeaning(t *testing.T) {
	todaySrv, targetSrv := server(t, "mariadb-10.11"), server(t, "mysql-9.7")
	todaySrv.Require(t)
	targetSrv.Require(t)
	sbToday, today := shop(t, todaySrv)
	sbTarget, target := shop(t, targetSrv)
	sandboxtest.LoadScript(t, sbToday, filepath.Join("testdata", "profiles.sql"))
	sandboxtest.LoadScript(t, sbTarget, filepath.Join("testdata", "profiles.sql"))
	wants := make([]want, len(jsonWants))
	for i, w := range jsonWants {
		wants[i] = w.want
	}
	r, err := Compare(t.Context(), today, target, statementsOf(wants), Options{})
	if err != nil {
		t.Fatal(err)
	}
	logResult(t, r)
	checkStatuses(t, r, wants)
	for _, w := range jsonWants {
		a := clientSays(t, todaySrv, sbToday, w.sql)
		b := clientSays(t, targetSrv, sbTarget, w.sql)
		if (a != b) != w.printedOtherwise {
			t.Errorf("%s: the clients print otherwise: %v, want %v\ntoday:  %s\ntarget: %s", w.sql, a != b, w.printedOtherwise, a, b)
		}
	}
}
