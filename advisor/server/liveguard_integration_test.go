package server

import (
	"context"
	"errors"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// TestLiveGuardFiresOnACraftedCall opens a real server as a live one (Open,
// with a DSN asking for multi-statements) and sends, through the pool the
// jobs use, statements that no job of the tool sends: each is refused by
// the guard, and the server's general log shows none of them.
func TestLiveGuardFiresOnACraftedCall(t *testing.T) {
	for _, key := range []string{"mariadb-10.11", "mysql-9.7"} {
		sandboxtest.OnServer(t, key, func(t *testing.T, srv sandboxtest.Server) {
			sb := srv.Start(t)
			root := sandboxtest.Open(t, sb.DSN())
			sandboxtest.Exec(t, root, "CREATE DATABASE victim", "SET GLOBAL log_output = 'TABLE'",
				"TRUNCATE TABLE mysql.general_log", "SET GLOBAL general_log = 1")
			ctx := context.Background()
			s, err := Open(ctx, ConnOptions{DSN: "root@unix(" + sb.Socket() + ")/?multiStatements=true"})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			crafted := []string{
				stmt.Tag + "SELECT 1; DROP DATABASE victim",
				stmt.Tag + "DROP DATABASE victim",
				"DROP DATABASE victim",
				stmt.Tag + "CREATE TABLE victim.t (a int)",
				stmt.Tag + "SET GLOBAL max_connections = 7",
				stmt.Tag + "GRANT SELECT ON *.* TO 'root'@'localhost'",
			}
			for _, q := range crafted {
				if _, err := s.DB().ExecContext(ctx, q); !errors.Is(err, errNotForALiveServer) {
					t.Errorf("%q: err = %v; want the guard's refusal", q, err)
				}
				if rows, err := s.DB().QueryContext(ctx, q); !errors.Is(err, errNotForALiveServer) {
					if rows != nil {
						rows.Close()
					}
					t.Errorf("query %q: err = %v; want the guard's refusal", q, err)
				}
			}
			if _, err := s.DB().ExecContext(ctx, stmt.Tag+"SET SESSION lock_wait_timeout = 5"); err != nil {
				t.Errorf("a session setting was refused: %v", err)
			}
			sandboxtest.Exec(t, root, "SET GLOBAL general_log = 0")
			if got := sandboxtest.Rows(t, root, "SELECT COUNT(*) FROM mysql.general_log WHERE argument LIKE '%victim%' OR argument LIKE '%max_connections = 7%' OR argument LIKE 'GRANT%'"); got[0][0] != "0" {
				t.Errorf("%s crafted statements reached the server", got[0][0])
			}
			if got := sandboxtest.Rows(t, root, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'victim'"); got[0][0] != "1" {
				t.Error("victim is gone")
			}
		})
	}
}
