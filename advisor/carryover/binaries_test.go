package carryover_test

// Carry-over decisions checked on the real binaries (sandbox/sandboxtest:
// a missing server skips with how to fetch it, and fails under CI=true).

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if err := sandboxtest.StopShared(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

// TestGaleraFlagsOnOneLineOnRealServers: a MariaDB 10.5 my.cnf with both
// wsrep_replicate_myisam and wsrep_strict_ddl on (which 10.5 accepts)
// carries to 10.11 and 11.8 as one wsrep_mode option, and a server of the
// target started with the carried options holds both flags.
func TestGaleraFlagsOnOneLineOnRealServers(t *testing.T) {
	from := sandboxtest.ByKey(t, "mariadb-10.5")
	from.Require(t)
	settings := []carryover.CarrySetting{{Name: "wsrep_replicate_myisam", Value: "ON"}, {Name: "wsrep_strict_ddl", Value: "ON"}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	refused, err := sandbox.ValidateOptions(ctx, from.Binary, []string{"wsrep_replicate_myisam=ON", "wsrep_strict_ddl=ON"})
	if err != nil || len(refused) > 0 {
		t.Fatalf("%s refuses today's options: %v %v", from.Name(), refused, err)
	}
	for _, key := range []string{"mariadb-10.11", "mariadb-11.8"} {
		to := sandboxtest.ByKey(t, key)
		t.Run(to.Name(), func(t *testing.T) {
			to.Require(t)
			options := carryover.CarryOver(from.Binary.Flavor, to.Binary.Flavor, settings).SandboxOptions()
			if len(options) != 1 {
				t.Fatalf("carried options %q, want one wsrep_mode", options)
			}
			sb := to.Start(t, sandbox.Options{ServerOptions: options})
			db, err := sql.Open("mysql", sb.DSN())
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var mode string
			if err := db.QueryRowContext(ctx, "/* upgrade-advisor */ SELECT @@GLOBAL.wsrep_mode").Scan(&mode); err != nil {
				t.Fatal(err)
			}
			flags := strings.Split(mode, ",")
			slices.Sort(flags)
			if !slices.Equal(flags, []string{"REPLICATE_MYISAM", "STRICT_REPLICATION"}) {
				t.Errorf("started with %q: wsrep_mode = %q, want both flags", options, mode)
			}
		})
	}
}
