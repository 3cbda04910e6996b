package serverfetch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// KeyringCache is where a bootstrapped keyring is kept in the cache.
const KeyringCache = keyringCache

// CarryFingerprints makes the tool carry these fingerprints instead of
// Debian's for the test.
func CarryFingerprints(t testing.TB, fprs ...string) {
	old := carriedFingerprints
	carriedFingerprints = fprs
	t.Cleanup(func() { carriedFingerprints = old })
}

// SetSystemKeyring points the system keyring elsewhere for the test.
func SetSystemKeyring(t testing.TB, path string) {
	old := systemKeyring
	systemKeyring = path
	t.Cleanup(func() { systemKeyring = old })
}

// BootstrapKeys bootstraps the archive keys for suite into the cache o.Dir,
// as a fetch does when the system has no keyring, and says how many bytes
// it downloaded.
func BootstrapKeys(ctx context.Context, o Options, suite string) (downloaded int64, err error) {
	o = o.withDefaults()
	f := o.fetcher()
	work := filepath.Join(o.Dir, ".bootstrap")
	defer os.RemoveAll(work)
	_, err = bootstrapKeys(ctx, o, suite, work, f)
	return f.bytes, err
}
