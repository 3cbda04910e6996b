package server

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

func TestTLSOptionsMapToTheDriver(t *testing.T) {
	garbage := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(garbage, []byte("not a certificate"), 0o600)
	tests := []struct {
		name    string
		in      TLSOptions
		want    string
		wantErr bool
	}{
		{"nothing: the driver's default", TLSOptions{}, "", false},
		{"disabled", TLSOptions{Mode: "DISABLED"}, "false", false},
		{"preferred without files", TLSOptions{Mode: "preferred"}, "preferred", false},
		{"required encrypts without verifying", TLSOptions{Mode: "REQUIRED"}, "custom for db1", false},
		{"unknown mode", TLSOptions{Mode: "SOMETIMES"}, "", true},
		{"verify without a CA", TLSOptions{Mode: "VERIFY_IDENTITY"}, "", true},
		{"a CA that is no certificate", TLSOptions{Mode: "VERIFY_CA", CA: garbage}, "", true},
		{"a missing CA file", TLSOptions{CA: garbage + ".missing"}, "", true},
		{"a cert without its key", TLSOptions{Mode: "REQUIRED", Cert: garbage}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := mysql.NewConfig()
			cfg.Net, cfg.Addr = "tcp", "db1:3306"
			err := tt.in.applyTo(cfg)
			got := cfg.TLSConfig
			if cfg.TLS != nil {
				got = "custom for " + cfg.TLS.ServerName
			}
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("got %q, %v", got, err)
			}
			if err != nil && tt.in.Mode == "SOMETIMES" && !errors.Is(err, exitcode.ErrUsage) {
				t.Errorf("a bad mode is a usage error: %v", err)
			}
		})
	}
}

// TestEachConnectionKeepsItsOwnTLSServerName builds the driver settings of
// two hosts in turn: the first must still verify its own name, not the
// second's (a configuration registered under one driver-wide name would be
// replaced by the later one).
func TestEachConnectionKeepsItsOwnTLSServerName(t *testing.T) {
	ca := newTestCA(t)
	tlsOpts := TLSOptions{Mode: "VERIFY_IDENTITY", CA: filepath.Join(ca.dir, "ca.pem")}
	a, err := ConnOptions{Host: "db-a.example", TLS: tlsOpts}.DriverConfig()
	if err != nil {
		t.Fatal(err)
	}
	b, err := ConnOptions{Host: "db-b.example", TLS: tlsOpts}.DriverConfig()
	if err != nil {
		t.Fatal(err)
	}
	for host, cfg := range map[string]*mysql.Config{"db-a.example": a, "db-b.example": b} {
		if cfg.TLS == nil || cfg.TLS.ServerName != host || cfg.TLS.InsecureSkipVerify {
			t.Errorf("%s: TLS settings %+v do not verify %s", host, cfg.TLS, host)
		}
	}
	if a.TLS == b.TLS {
		t.Error("both hosts share one TLS configuration")
	}
}
