package sandboxtest_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

func ping(t *testing.T, dsn string) {
	t.Helper()
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var one int
	if err := db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("SELECT 1 on %s: %v", dsn, err)
	}
}

func TestSharedDSNIsStartedOnce(t *testing.T) {
	t0 := time.Now()
	a := sandboxtest.SharedDSN(t)
	first := time.Since(t0)
	t1 := time.Now()
	b := sandboxtest.SharedDSN(t)
	if a != b {
		t.Errorf("SharedDSN changed: %s then %s", a, b)
	}
	t.Logf("first SharedDSN %v, second %v", first.Round(time.Millisecond), time.Since(t1))
	ping(t, a)
}

func TestStartOwnSandbox(t *testing.T) {
	sb := sandboxtest.Start(t)
	if sb.DSN() == sandboxtest.SharedDSN(t) {
		t.Error("Start returned the shared sandbox")
	}
	ping(t, sb.DSN())
}

func TestDSNHonoursEnv(t *testing.T) {
	const want = "someone:pw@tcp(db.example:3306)/"
	t.Setenv(sandboxtest.EnvDSN, want)
	if got := sandboxtest.DSN(t); got != want {
		t.Errorf("DSN = %q, want the env DSN", got)
	}
	if got := sandboxtest.SharedDSN(t); got != want {
		t.Errorf("SharedDSN = %q, want the env DSN", got)
	}
}
