package footprint

import (
	"context"
	"database/sql"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// The server's load signals are readable on every test server under its
// own names (MariaDB 10.11 and 11.8: Innodb_history_list_length and
// Innodb_data_pending_fsyncs; MySQL 9.7: INNODB_METRICS and both pending
// fsync counters), and a standalone server lists no replicas.
func TestReadSignalsOnEveryServer(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		db, err := sql.Open("mysql", srv.Shared(t).DSN())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		ctx := context.Background()
		s, err := readSignals(ctx, db, true)
		if err != nil {
			t.Fatal(err)
		}
		if s.Questions <= 0 || s.ThreadsRunning < 1 || s.HistoryLength < 0 || s.PendingFsyncs < 0 {
			t.Errorf("signals not read: %+v", s)
		}
		if n := countReplicas(ctx, db); n != 0 {
			t.Errorf("replicas %d on a standalone server, want 0", n)
		}
	})
}
