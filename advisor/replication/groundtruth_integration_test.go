package replication

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestCollationPairByTheServersOwnClients checks what TestCollationPair
// reports against the servers' own clients: 10.11's mariadb-dump spells
// out COLLATE=utf8mb4_general_ci (so a replica seeded from it keeps the
// collation), and 11.8's mariadb client, given the application's schema
// and both rows, refuses the second with 1062 (what its replica's SQL
// thread stops on).
func TestCollationPairByTheServersOwnClients(t *testing.T) {
	today, target := testServer(t, "mariadb-10.11"), testServer(t, "mariadb-11.8")
	schema := filepath.Join("testdata", "collation.sql")

	sb := today.Start(t, sandbox.Options{Dir: sandboxtest.ShortTempDir(t)})
	sandboxtest.LoadScript(t, sb, schema)
	dump, err := os.ReadFile(today.Dump(t, sb, "mariadb-dump", "--databases", "app"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dump), "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci") {
		t.Errorf("10.11's mariadb-dump does not spell out the collation:\n%s", dump)
	}

	sb2 := target.Start(t, sandbox.Options{Dir: sandboxtest.ShortTempDir(t)})
	body, err := os.ReadFile(schema)
	if err != nil {
		t.Fatal(err)
	}
	cmd := target.Client(t, "mariadb", "--no-defaults", "-S", sb2.Socket(), "-uroot", "--force")
	cmd.Stdin = strings.NewReader(string(body) + "INSERT INTO t VALUES (2,'straße');\nSELECT TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA='app';\n")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "ERROR 1062") || !strings.Contains(string(out), "utf8mb4_uca1400_ai_ci") {
		t.Errorf("11.8's mariadb client: %s; want 1062 on the second row and the table under utf8mb4_uca1400_ai_ci", out)
	}
}
