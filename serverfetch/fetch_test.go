package serverfetch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

func (s *fakeSuite) options(t *testing.T) serverfetch.Options {
	return serverfetch.Options{Dir: t.TempDir(), Mirror: s.mirror.URL, Keyring: s.keyring, Arch: "amd64"}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// refused checks a refusal: ErrVerify, exit code 2, no root in the cache,
// and no file left in its downloads whose name has the refused file's
// (files that verified are kept for the next fetch).
func refused(t *testing.T, err error, o serverfetch.Options, name, file string) {
	t.Helper()
	if !errors.Is(err, serverfetch.ErrVerify) {
		t.Fatalf("err = %v, want a verification failure", err)
	}
	if code := exitcode.Of(err); code != exitcode.Error {
		t.Errorf("exit code %d, want %d", code, exitcode.Error)
	}
	if exists(filepath.Join(o.Dir, name)) {
		t.Errorf("%s was put in the cache although refused", name)
	}
	filepath.WalkDir(o.Dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.Contains(d.Name(), file) || strings.HasSuffix(d.Name(), ".part")) {
			t.Errorf("%s left in the cache", path)
		}
		return nil
	})
}

func TestFetchUnpacksTheResolvedPackagesOnce(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	o := s.options(t)
	res, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"usr/sbin/mariadbd", "usr/bin/mariadb", "lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
		"usr/lib/x86_64-linux-gnu/libssl1.1.so", "usr/lib/x86_64-linux-gnu/libcap2.so", "etc/mysql/mariadb.cnf"} {
		if !exists(filepath.Join(res.Root, f)) {
			t.Errorf("the root lacks %s", f)
		}
	}
	for _, f := range []string{"usr/bin/perl", "usr/lib/x86_64-linux-gnu/libssl3.so"} {
		if exists(filepath.Join(res.Root, f)) {
			t.Errorf("the root has %s: a skipped package or a second alternative was unpacked", f)
		}
	}
	if res.Record.Version != "1:10.5.23-0+deb11u1" || res.Record.Signer == "" {
		t.Errorf("record %+v: want the server package's version and the signer", res.Record)
	}
	if res.Cached || res.Files == 0 {
		t.Errorf("first fetch: cached %v, %d files downloaded", res.Cached, res.Files)
	}
	before := s.mirror.requestCount()
	again, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || again.Root != res.Root || s.mirror.requestCount() != before {
		t.Errorf("second fetch: cached %v, root %s, %d requests: want the cache's root and no download",
			again.Cached, again.Root, s.mirror.requestCount()-before)
	}
	if path, err := serverfetch.Path(o.Dir, "mariadb-10.5"); err != nil || path != res.Root {
		t.Errorf("Path = %q, %v", path, err)
	}
}

func TestCorruptedPackageIsRefusedAndRemoved(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	s.mirror.change(s.pool["mariadb-server-core-10.5"], func(b []byte) []byte {
		b[len(b)/2] ^= 0x01
		return b
	})
	o := s.options(t)
	_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
	refused(t, err, o, "mariadb-10.5", "mariadb-server-core-10.5")
	if !strings.Contains(err.Error(), "mariadb-server-core-10.5") || !strings.Contains(err.Error(), "removed") {
		t.Errorf("the error should name the package and say it was removed: %v", err)
	}
}

func TestBadInReleaseIsRefused(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *fakeSuite) func([]byte) []byte
	}{
		{"signed text changed", func(*fakeSuite) func([]byte) []byte {
			return func(b []byte) []byte { return bytes.Replace(b, []byte("Origin: Test"), []byte("Origin: Evil"), 1) }
		}},
		{"signed by a key not in the keyring", func(*fakeSuite) func([]byte) []byte {
			return func(b []byte) []byte {
				block := bytes.SplitN(b, []byte("\n\n"), 2)[1]
				text, _, _ := bytes.Cut(block, []byte("\n-----BEGIN PGP SIGNATURE"))
				return clearsigned(t, newKey(t, "other"), string(text)+"\n")
			}
		}},
		{"not signed", func(*fakeSuite) func([]byte) []byte {
			return func([]byte) []byte { return []byte("Origin: Test\nSuite: bullseye\n") }
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startSuite(t, "bullseye", mariadb105())
			s.mirror.change(s.inRelease(), tt.change(s))
			o := s.options(t)
			_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
			refused(t, err, o, "mariadb-10.5", "")
			if s.mirror.requestCount() != 1 {
				t.Errorf("%d requests: nothing but InRelease should be fetched before it verifies", s.mirror.requestCount())
			}
		})
	}
}

func TestPackagesIndexNotMatchingInReleaseIsRefused(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	s.mirror.change("/dists/bullseye/main/binary-amd64/Packages.xz", func(b []byte) []byte {
		b[len(b)-5] ^= 0xff
		return b
	})
	o := s.options(t)
	_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
	refused(t, err, o, "mariadb-10.5", "Packages")
}

func TestUnknownVersionListsTheKnownOnes(t *testing.T) {
	_, err := serverfetch.Fetch(context.Background(), "mariadb-99.1", serverfetch.Options{Dir: t.TempDir()})
	if !errors.Is(err, serverfetch.ErrUnknownVersion) || exitcode.Of(err) != exitcode.Error {
		t.Fatalf("err = %v (exit %d), want ErrUnknownVersion, exit 2", err, exitcode.Of(err))
	}
	for _, v := range serverfetch.Known() {
		if !strings.Contains(err.Error(), v.Name) {
			t.Errorf("the error does not list %s: %v", v.Name, err)
		}
	}
}

func TestUnreachableMirrorSaysHowToSetOne(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	o := s.options(t)
	s.mirror.Close()
	_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o)
	if !errors.Is(err, serverfetch.ErrNetwork) {
		t.Fatalf("err = %v, want ErrNetwork", err)
	}
	host := strings.TrimPrefix(s.mirror.URL, "http://")
	for _, want := range []string{host, "--mirror", serverfetch.EnvMirror} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
}

func TestListAndRemove(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	o := s.options(t)
	if _, err := serverfetch.Fetch(context.Background(), "mariadb-10.5", o); err != nil {
		t.Fatal(err)
	}
	list, err := serverfetch.List(o.Dir)
	if err != nil || len(list) != 1 || list[0].Name != "mariadb-10.5" || list[0].Size == 0 || list[0].Fetched.IsZero() ||
		!strings.Contains(list[0].Source, "bullseye") {
		t.Fatalf("List = %+v, %v", list, err)
	}
	must(t, serverfetch.Remove(o.Dir, "mariadb-10.5"))
	if _, err := serverfetch.Path(o.Dir, "mariadb-10.5"); !errors.Is(err, serverfetch.ErrNotFetched) {
		t.Errorf("after Remove, Path: %v, want ErrNotFetched", err)
	}
}

func TestFullVersionIsTheOneTheSuiteHas(t *testing.T) {
	s := startSuite(t, "bullseye", mariadb105())
	o := s.options(t)
	_, err := serverfetch.Fetch(context.Background(), "mariadb-10.5.99", o)
	if !errors.Is(err, serverfetch.ErrUnknownVersion) || !strings.Contains(err.Error(), "1:10.5.23-0+deb11u1") {
		t.Errorf("a version the suite does not have: %v, want ErrUnknownVersion naming the one it has", err)
	}
	if exists(filepath.Join(o.Dir, "mariadb-10.5")) {
		t.Error("a root was made for a version the suite does not have")
	}
	res, err := serverfetch.Fetch(context.Background(), "mariadb-10.5.23", o)
	if err != nil || filepath.Base(res.Root) != "mariadb-10.5" {
		t.Fatalf("mariadb-10.5.23: %+v, %v: want the series' root", res, err)
	}
	before := s.mirror.requestCount()
	again, err := serverfetch.Fetch(context.Background(), "mariadb-10.5.23", o)
	if err != nil || !again.Cached || s.mirror.requestCount() != before {
		t.Errorf("second fetch of the full version: %+v, %v, %d requests: want the cache's root", again, err, s.mirror.requestCount()-before)
	}
}
