package sandboxtest

import (
	"database/sql"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// OpenTexts opens a pool on dsn with multiStatements=true, as the schema
// check's own connection to a sandbox has it (server.AppTextConn): a text
// of several statements is sent whole and cut by the server. Closed when
// the test ends.
func OpenTexts(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatalf("sandboxtest: the test server's DSN: %v", err)
	}
	cfg.MultiStatements = true
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatalf("sandboxtest: the test server's DSN: %v", err)
	}
	pool := sql.OpenDB(connector)
	t.Cleanup(func() { pool.Close() })
	return pool
}
