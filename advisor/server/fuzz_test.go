package server

import (
	"strings"
	"testing"
)

func FuzzRedactDSN(f *testing.F) {
	for _, s := range []string{"app:s3cret@tcp(db:3306)/", "app@tcp(db)/", "a:b:c@d@e", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dsn string) {
		at := strings.LastIndex(dsn, "@")
		if at < 0 {
			return
		}
		cred := dsn[:at]
		colon := strings.Index(cred, ":")
		if colon < 0 {
			return
		}
		// Whatever the password, exactly it is replaced: user and address stay.
		if want := cred[:colon] + ":***" + dsn[at:]; redactDSN(dsn) != want {
			t.Fatalf("redactDSN(%q) = %q, want %q", dsn, redactDSN(dsn), want)
		}
	})
}
