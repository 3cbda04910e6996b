package serverfetch_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"github.com/ulikunitz/xz"
)

// A fake Debian mirror the tests start: one suite, signed with a key made
// for the test, serving packages built in the test.

// fakePackage is one .deb of the fake suite.
type fakePackage struct {
	name, version, depends string
	files                  map[string]string // path in the root -> content
}

// mirror is an HTTP server of files by path; it counts the requests.
type mirror struct {
	*httptest.Server
	mu       sync.Mutex
	files    map[string][]byte
	requests []string
}

func (m *mirror) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	m.requests = append(m.requests, r.URL.Path)
	data, ok := m.files[r.URL.Path]
	m.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Write(data)
}

func newServer(t *testing.T, h http.Handler) *httptest.Server {
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s
}

func (m *mirror) requestCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.requests)
}

// change replaces a served file's content.
func (m *mirror) change(path string, f func([]byte) []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[path] = f(bytes.Clone(m.files[path]))
}

// fakeSuite is a suite of the mirror with the key that signs it.
type fakeSuite struct {
	mirror  *mirror
	key     *openpgp.Entity
	keyring string // file with the key's public part
	name    string
	pool    map[string]string // package -> its path on the mirror
}

func newKey(t *testing.T, name string) *openpgp.Entity {
	t.Helper()
	key, err := openpgp.NewEntity(name, "", "archive@example.invalid", &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA})
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// startSuite serves suite name with the packages, signed by a new key whose
// public part is written to a keyring file.
func startSuite(t *testing.T, name string, pkgs []fakePackage) *fakeSuite {
	t.Helper()
	return startSuiteSigned(t, name, newKey(t, "test archive"), pkgs)
}

// startSuiteSigned serves suite name with the packages, signed by key.
func startSuiteSigned(t *testing.T, name string, key *openpgp.Entity, pkgs []fakePackage) *fakeSuite {
	t.Helper()
	m := &mirror{files: map[string][]byte{}}
	m.Server = newServer(t, m)
	s := &fakeSuite{mirror: m, key: key, name: name, pool: map[string]string{}}
	var index strings.Builder
	for _, p := range pkgs {
		deb := buildDeb(t, p.files)
		path := fmt.Sprintf("pool/main/%s/%s_%s_amd64.deb", p.name[:1], p.name, p.version)
		m.files["/"+path] = deb
		s.pool[p.name] = "/" + path
		fmt.Fprintf(&index, "Package: %s\nVersion: %s\nArchitecture: amd64\n", p.name, p.version)
		if p.depends != "" {
			fmt.Fprintf(&index, "Depends: %s\n", p.depends)
		}
		fmt.Fprintf(&index, "Description: a test package\n more text\nFilename: %s\nSize: %d\nSHA256: %s\n\n", path, len(deb), sum(deb))
	}
	packagesXZ := compressXZ(t, []byte(index.String()))
	m.files[fmt.Sprintf("/dists/%s/main/binary-amd64/Packages.xz", name)] = packagesXZ
	release := fmt.Sprintf("Origin: Test\nSuite: %s\nSHA256:\n %s %d main/binary-amd64/Packages.xz\n", name, sum(packagesXZ), len(packagesXZ))
	m.files[fmt.Sprintf("/dists/%s/InRelease", name)] = clearsigned(t, s.key, release)
	s.keyring = filepath.Join(t.TempDir(), "keyring.gpg")
	if err := os.WriteFile(s.keyring, publicKeys(t, s.key), 0o644); err != nil {
		t.Fatal(err)
	}
	return s
}

// publicKeys is a binary keyring of the keys' public parts.
func publicKeys(t *testing.T, keys ...*openpgp.Entity) []byte {
	t.Helper()
	var pub bytes.Buffer
	for _, key := range keys {
		if err := key.Serialize(&pub); err != nil {
			t.Fatal(err)
		}
	}
	return pub.Bytes()
}

func (s *fakeSuite) inRelease() string { return fmt.Sprintf("/dists/%s/InRelease", s.name) }

func clearsigned(t *testing.T, key *openpgp.Entity, text string) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := clearsign.Encode(&out, key.PrivateKey, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(text))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// buildDeb makes a .deb (ar: debian-binary, control.tar.gz, data.tar.xz).
func buildDeb(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var deb bytes.Buffer
	deb.WriteString("!<arch>\n")
	member := func(name string, data []byte) {
		fmt.Fprintf(&deb, "%-16s%-12d%-6d%-6d%-8s%-10d`\n", name, 0, 0, 0, "100644", len(data))
		deb.Write(data)
		if len(data)%2 == 1 {
			deb.WriteByte('\n')
		}
	}
	member("debian-binary", []byte("2.0\n"))
	member("control.tar.gz", gzipped(t, tarOf(t, "", map[string]string{"control": "Package: x\n"})))
	member("data.tar.xz", compressXZ(t, tarOf(t, "./", files)))
	return deb.Bytes()
}

// tarOf is a tar of files under prefix, with their directories.
func tarOf(t *testing.T, prefix string, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	dirs := map[string]bool{}
	for _, name := range names {
		for d := filepath.Dir(name); d != "." && !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	var dirList []string
	for d := range dirs {
		dirList = append(dirList, d)
	}
	sort.Strings(dirList)
	for _, d := range dirList {
		must(t, tw.WriteHeader(&tar.Header{Name: prefix + d + "/", Typeflag: tar.TypeDir, Mode: 0o755}))
	}
	for _, name := range names {
		must(t, tw.WriteHeader(&tar.Header{Name: prefix + name, Typeflag: tar.TypeReg, Mode: 0o755, Size: int64(len(files[name]))}))
		tw.Write([]byte(files[name]))
	}
	must(t, tw.Close())
	return buf.Bytes()
}

func compressXZ(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := xz.NewWriter(&buf)
	must(t, err)
	w.Write(data)
	must(t, w.Close())
	return buf.Bytes()
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(data)
	must(t, w.Close())
	return buf.Bytes()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mariadb105 is the package set of mariadb-10.5 in a fake bullseye: the
// server depends on libc6, on libssl1.1 or libssl3, and on perl (which the
// fetch skips).
func mariadb105() []fakePackage {
	lib := func(name string) fakePackage {
		return fakePackage{name: name, version: "1.0-1", files: map[string]string{"usr/lib/x86_64-linux-gnu/" + name + ".so": name}}
	}
	return []fakePackage{
		{name: "mariadb-server-core-10.5", version: "1:10.5.23-0+deb11u1", depends: "libc6 (>= 2.28), libssl1.1 (>= 1.1.1) | libssl3, perl:any, mariadb-common (>= 1:10.5)",
			files: map[string]string{"usr/sbin/mariadbd": "#!/bin/sh\necho fake\n"}},
		{name: "mariadb-client-core-10.5", version: "1:10.5.23-0+deb11u1", depends: "libmariadb3", files: map[string]string{"usr/bin/mariadb": "client"}},
		{name: "mariadb-backup", version: "1:10.5.23-0+deb11u1", depends: "libc6 (>= 2.28)", files: map[string]string{"usr/bin/mariadb-backup": "backup"}},
		{name: "mariadb-common", version: "1:10.5.23-0+deb11u1", files: map[string]string{"etc/mysql/mariadb.cnf": "[mysqld]\n"}},
		{name: "libc6", version: "2.31-13", files: map[string]string{"lib/x86_64-linux-gnu/ld-linux-x86-64.so.2": "loader"}},
		{name: "perl", version: "5.32.1-4", files: map[string]string{"usr/bin/perl": "perl"}},
		lib("libmariadb3"), lib("libssl1.1"), lib("libssl3"), lib("libgcrypt20"), lib("libgpg-error0"), lib("libcap2"),
	}
}
