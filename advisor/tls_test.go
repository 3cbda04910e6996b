package advisor

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
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
		{"required encrypts without verifying", TLSOptions{Mode: "REQUIRED"}, tlsConfigName, false},
		{"unknown mode", TLSOptions{Mode: "SOMETIMES"}, "", true},
		{"verify without a CA", TLSOptions{Mode: "VERIFY_IDENTITY"}, "", true},
		{"a CA that is no certificate", TLSOptions{Mode: "VERIFY_CA", CA: garbage}, "", true},
		{"a missing CA file", TLSOptions{CA: garbage + ".missing"}, "", true},
		{"a cert without its key", TLSOptions{Mode: "REQUIRED", Cert: garbage}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.in.DriverTLS("db1")
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("got %q, %v", got, err)
			}
			if err != nil && tt.in.Mode == "SOMETIMES" && !errors.Is(err, ErrUsage) {
				t.Errorf("a bad mode is a usage error: %v", err)
			}
		})
	}
}
