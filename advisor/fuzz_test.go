package advisor

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// FuzzHostConn: hosts-file entries and compare endpoints never panic, and
// what they accept carries no password into labels.
func FuzzHostConn(f *testing.F) {
	for _, s := range []string{"db1", "db1:3307", "[::1]:3306", "user:pw@tcp(db:3306)/", "root@unix(/tmp/x.sock)/",
		"sandbox:", "sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0", "sandbox:/opt/mysql?x=1&x=2", ":", "a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		if o, err := (server.ConnOptions{}).ForHost(spec); err == nil && o.DSN == "" && o.Host == "" {
			t.Fatalf("%q accepted without a host", spec)
		}
		e, err := server.ParseEndpoint(spec, server.ConnOptions{Password: "Secr3t-pw"}, nil)
		if err != nil {
			return
		}
		if strings.Contains(e.Label(), "Secr3t-pw") {
			t.Fatalf("label %q shows the password", e.Label())
		}
		if e.Sandbox != nil {
			for _, o := range e.Sandbox.ServerOptions {
				if strings.ContainsAny(o, "\n\x00") {
					t.Fatalf("option %q passed validation", o)
				}
			}
		}
	})
}
