package serverfetch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// TestRealFetchRunsTheServer fetches the smallest real server, MariaDB 10.5
// from Debian 11 (about 24 MB), through the tool from Debian's archive
// (or $UPGRADE_ADVISOR_MIRROR) into an empty cache, checked against the
// system's archive keys (or keys bootstrapped from the archive where the
// system has none), and runs its binary: the root carries its own loader and
// libraries. Without the network it skips, or under CI=true fails.
func TestRealFetchRunsTheServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o := serverfetch.Options{Dir: t.TempDir(), Progress: sandboxtest.LogWriter(t)}
	res, err := serverfetch.Fetch(ctx, "mariadb-10.5", o)
	if errors.Is(err, serverfetch.ErrNetwork) && !sandboxtest.InCI() {
		t.Skipf("the archive is not reachable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Record.Signer, "Debian") || res.Downloaded == 0 {
		t.Errorf("record %+v, %d bytes: want Debian's key as signer and a download", res.Record, res.Downloaded)
	}
	b, err := sandbox.Detect(ctx, res.Root)
	if err != nil {
		t.Fatal(err)
	}
	if v := b.Flavor.Version.String(); !strings.HasPrefix(v, "10.5.") {
		t.Errorf("the fetched server says it is %s %s, want MariaDB 10.5", b.Flavor.Vendor, v)
	}
	again, err := serverfetch.Fetch(ctx, "mariadb-10.5", o)
	if err != nil || !again.Cached || again.Downloaded != 0 {
		t.Errorf("second fetch: %+v, %v: want the cache's root, nothing downloaded", again, err)
	}
}

// TestRealBootstrapVerifiesBullseye bootstraps Debian's archive keys as a
// machine without debian-archive-keyring does (the system keyring pointed
// where there is none): from bullseye's own keyring package on Debian's
// archive (or $UPGRADE_ADVISOR_MIRROR), kept only where the tool carries the
// fingerprint; the cached keyring must then verify bullseye's InRelease,
// and a second bootstrap must not fetch the keyring package again. Without
// the network it skips, or under CI=true fails.
func TestRealBootstrapVerifiesBullseye(t *testing.T) {
	serverfetch.SetSystemKeyring(t, filepath.Join(t.TempDir(), "no-keyring.gpg"))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o := serverfetch.Options{Dir: t.TempDir(), Progress: sandboxtest.LogWriter(t)}
	first, err := serverfetch.BootstrapKeys(ctx, o, "bullseye")
	if errors.Is(err, serverfetch.ErrNetwork) && !sandboxtest.InCI() {
		t.Skipf("the archive is not reachable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	keys, err := openpgp.ReadKeyRing(bytes.NewReader(mustRead(t, filepath.Join(o.Dir, serverfetch.KeyringCache))))
	if err != nil || len(keys) == 0 {
		t.Fatalf("the cached keyring: %d keys, %v", len(keys), err)
	}
	release := download(ctx, t, serverfetch.DefaultMirror()+"/dists/bullseye/InRelease")
	block, _ := clearsign.Decode(release)
	if block == nil {
		t.Fatal("bullseye's InRelease is not clear-signed")
	}
	signer, err := block.VerifySignature(keys, nil)
	if err != nil {
		t.Fatalf("bullseye's InRelease does not verify with the bootstrapped keys: %v", err)
	}
	if !strings.Contains(fmt.Sprint(signer.Identities), "Debian") {
		t.Errorf("signed by %v, want a Debian key", signer.Identities)
	}
	again, err := serverfetch.BootstrapKeys(ctx, o, "bullseye")
	if err != nil || again >= first {
		t.Errorf("second bootstrap: %d bytes (first %d), %v: want only InRelease, the keys from the cache", again, first, err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	return data
}

func download(ctx context.Context, t *testing.T, url string) []byte {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	must(t, err)
	resp, err := http.DefaultClient.Do(req)
	must(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	must(t, err)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s", url, resp.Status)
	}
	return data
}
