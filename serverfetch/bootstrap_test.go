package serverfetch_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

func fingerprintOf(key *openpgp.Entity) string {
	return strings.ToUpper(hex.EncodeToString(key.PrimaryKey.Fingerprint))
}

func armored(t *testing.T, keys ...*openpgp.Entity) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := armor.Encode(&buf, openpgp.PublicKeyType, nil)
	must(t, err)
	w.Write(publicKeys(t, keys...))
	must(t, w.Close())
	return buf.Bytes()
}

// keyringDeb is the fake suite's debian-archive-keyring with these files.
func keyringDeb(files map[string][]byte) fakePackage {
	p := fakePackage{name: "debian-archive-keyring", version: "2023.3+deb12u2", files: map[string]string{}}
	for name, data := range files {
		p.files[name] = string(data)
	}
	return p
}

// noSystemKeyring makes the test's system one without a keyring and the
// tool carry the fingerprints; its options name no --keyring.
func (s *fakeSuite) bootstrapOptions(t *testing.T, carried ...string) serverfetch.Options {
	serverfetch.SetSystemKeyring(t, filepath.Join(t.TempDir(), "no-keyring.gpg"))
	serverfetch.CarryFingerprints(t, carried...)
	o := s.options(t)
	o.Keyring = ""
	return o
}

func (m *mirror) requested(path string) bool { return m.requestsOf(path) > 0 }

func (m *mirror) requestsOf(path string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, r := range m.requests {
		if r == path {
			n++
		}
	}
	return n
}

func cachedFingerprints(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, serverfetch.KeyringCache))
	if err != nil {
		t.Fatalf("no bootstrapped keyring in the cache: %v", err)
	}
	keys, err := openpgp.ReadKeyRing(bytes.NewReader(data))
	must(t, err)
	var fprs []string
	for _, k := range keys {
		fprs = append(fprs, fingerprintOf(k))
	}
	return fprs
}

func TestBootstrapTakesTheCarriedKeysFromTheArchive(t *testing.T) {
	tests := []struct {
		name  string
		files func(archive, other *openpgp.Entity) map[string][]byte
	}{
		{"binary keyring in usr/share/keyrings", func(archive, other *openpgp.Entity) map[string][]byte {
			return map[string][]byte{"usr/share/keyrings/debian-archive-keyring.gpg": publicKeys(t, other, archive)}
		}},
		{"armored key in etc/apt/trusted.gpg.d", func(archive, other *openpgp.Entity) map[string][]byte {
			return map[string][]byte{
				"etc/apt/trusted.gpg.d/debian-archive-test.asc":  armored(t, archive),
				"etc/apt/trusted.gpg.d/debian-archive-other.gpg": publicKeys(t, other),
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archive, other := newKey(t, "test archive"), newKey(t, "not carried")
			s := startSuiteSigned(t, "bullseye", archive, append(mariadb105(), keyringDeb(tt.files(archive, other))))
			o := s.bootstrapOptions(t, fingerprintOf(archive))
			res, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Record.Signer, "test archive") || !s.mirror.requested(s.pool["debian-archive-keyring"]) {
				t.Errorf("signer %q, keyring package fetched %v: want InRelease verified with the keys the keyring package gave",
					res.Record.Signer, s.mirror.requested(s.pool["debian-archive-keyring"]))
			}
			if n := s.mirror.requestsOf("/dists/bullseye/main/binary-amd64/Packages.xz"); n != 1 {
				t.Errorf("the Packages index was downloaded %d times, want once (the bootstrap's, verified, is the fetch's)", n)
			}
			if got := cachedFingerprints(t, o.Dir); !slices.Equal(got, []string{fingerprintOf(archive)}) {
				t.Errorf("the cached keyring holds %v, want only the carried key %s", got, fingerprintOf(archive))
			}
			// a second fetch takes the keys from the cache
			must(t, serverfetch.Remove(o.Dir, "mariadb-10.5"))
			s.mirror.mu.Lock()
			s.mirror.requests = nil
			s.mirror.mu.Unlock()
			if _, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o); err != nil {
				t.Fatal(err)
			}
			if s.mirror.requested(s.pool["debian-archive-keyring"]) {
				t.Error("the keyring package was fetched again although the cache's keyring verifies the suite")
			}
		})
	}
}

func TestBootstrapRefusesWhatDoesNotVerify(t *testing.T) {
	tests := []struct {
		name    string
		carried func(archive, other *openpgp.Entity) string
		files   func(archive, other *openpgp.Entity) map[string][]byte
		change  func(s *fakeSuite)
	}{
		{"the keyring package holds only a key not carried",
			func(_, other *openpgp.Entity) string { return fingerprintOf(other) },
			func(archive, _ *openpgp.Entity) map[string][]byte {
				return map[string][]byte{"usr/share/keyrings/debian-archive-keyring.gpg": publicKeys(t, archive)}
			}, nil},
		{"the carried key in the package did not sign InRelease",
			func(_, other *openpgp.Entity) string { return fingerprintOf(other) },
			func(_, other *openpgp.Entity) map[string][]byte {
				return map[string][]byte{"usr/share/keyrings/debian-archive-keyring.gpg": publicKeys(t, other)}
			}, nil},
		{"the keyring package does not match the signed Packages",
			func(archive, _ *openpgp.Entity) string { return fingerprintOf(archive) },
			func(archive, _ *openpgp.Entity) map[string][]byte {
				return map[string][]byte{"usr/share/keyrings/debian-archive-keyring.gpg": publicKeys(t, archive)}
			},
			func(s *fakeSuite) {
				s.mirror.change(s.pool["debian-archive-keyring"], func(b []byte) []byte {
					b[len(b)/2] ^= 0x01
					return b
				})
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archive, other := newKey(t, "test archive"), newKey(t, "other")
			s := startSuiteSigned(t, "bullseye", archive, append(mariadb105(), keyringDeb(tt.files(archive, other))))
			if tt.change != nil {
				tt.change(s)
			}
			o := s.bootstrapOptions(t, tt.carried(archive, other))
			_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
			refused(t, err, o, "mariadb-10.5", "debian-archive-keyring")
			if s.mirror.requested(s.pool["mariadb-server-core-10.5"]) {
				t.Error("a server package was fetched although the archive's keys did not verify")
			}
		})
	}
}

func TestSystemKeyringIsPreferred(t *testing.T) {
	archive := newKey(t, "test archive")
	s := startSuiteSigned(t, "bullseye", archive, append(mariadb105(),
		keyringDeb(map[string][]byte{"usr/share/keyrings/debian-archive-keyring.gpg": publicKeys(t, archive)})))
	o := s.bootstrapOptions(t, fingerprintOf(archive))
	serverfetch.SetSystemKeyring(t, s.keyring)
	if _, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o); err != nil {
		t.Fatal(err)
	}
	if s.mirror.requested(s.pool["debian-archive-keyring"]) || exists(filepath.Join(o.Dir, serverfetch.KeyringCache)) {
		t.Error("the keyring was bootstrapped although the system has one")
	}
}
