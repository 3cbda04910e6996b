package rules_test

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestStartupDDLOnRealServers starts each real server and compares the
// table DDL counters it shows before any client statement with what
// rules.StartupDDL says that version runs itself at start-up.
func TestStartupDDLOnRealServers(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		fl := srv.Binary.Flavor
		want, known := rules.StartupDDL(fl)
		if !known {
			t.Fatalf("rules.StartupDDL does not know %s: read its DDL counters after a start and add them", fl)
		}
		db, err := sql.Open("mysql", srv.Start(t).DSN())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for _, counter := range rules.DDLCounters {
			var name, value string
			if err := db.QueryRowContext(ctx, "/* upgrade-advisor */ SHOW GLOBAL STATUS LIKE '"+counter+"'").Scan(&name, &value); err != nil {
				t.Fatalf("%s: %v", counter, err)
			}
			got, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				t.Fatalf("%s = %q: %v", counter, value, err)
			}
			if w := want[strings.ToLower(counter)]; got != w {
				t.Errorf("%s: %s = %d after start-up, rules.StartupDDL says %d", fl, counter, got, w)
			}
		}
	})
}
