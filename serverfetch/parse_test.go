package serverfetch

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompareVersionsAsDpkg(t *testing.T) {
	tests := []struct {
		a, b string
		want int // sign
	}{
		{"1.0", "1.0", 0},
		{"1.0-1", "1.0-2", -1},
		{"1:10.5.23-0+deb11u1", "10.11.6-0+deb12u1", 1}, // the epoch wins
		{"2.31-13+deb11u11", "2.31-13+deb11u2", 1},
		{"1.0~rc1", "1.0", -1},
		{"1.0", "1.0a", -1},
		{"1.0a", "1.0+", -1},
		{"9.7.4-2", "9.7.10-1", -1},
		{"0010", "9", 1},
	}
	for _, tt := range tests {
		t.Run(tt.a+" vs "+tt.b, func(t *testing.T) {
			got := compareVersions(tt.a, tt.b)
			if sign(got) != tt.want || sign(compareVersions(tt.b, tt.a)) != -tt.want {
				t.Errorf("compareVersions(%q, %q) = %d, want sign %d (and the reverse)", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

func TestRelations(t *testing.T) {
	tests := []struct{ field, want string }{
		{"libc6 (>= 2.34), libssl3t64 | libssl3, awk:any", "[[libc6] [libssl3t64 libssl3] [awk]]"},
		{"foo [amd64] <!nocheck>, bar:amd64 (= 1)", "[[foo] [bar]]"},
		{"", "[]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(relations(tt.field)); got != tt.want {
			t.Errorf("relations(%q) = %s, want %s", tt.field, got, tt.want)
		}
	}
}

func TestReadPackagesKeepsTheNewestVersion(t *testing.T) {
	ix, err := readPackages(strings.NewReader("Package: libc6\nVersion: 2.36-9\nProvides: libc-dev\nDepends: libgcc-s1\n\n" +
		"Package: libc6\nVersion: 2.41-12\nSHA256: abc\nSize: 10\nDescription: x\n multi\n line\n\nPackage: libc6\nVersion: 2.40-1\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := ix.pkgs["libc6"]
	if p.version != "2.41-12" || p.sha256 != "abc" || p.size != 10 {
		t.Errorf("libc6 = %+v, want the newest stanza (2.41-12)", p)
	}
	if got := ix.pick([]string{"libc-dev"}); got != "libc6" {
		t.Errorf("pick(libc-dev) = %q, want its provider libc6", got)
	}
}

func TestReleaseSHA256ReadsOnlyItsSection(t *testing.T) {
	files := releaseSHA256([]byte("Suite: sid\nMD5Sum:\n 0123 10 main/binary-amd64/Packages.xz\nSHA256:\n" +
		" abcd 12 main/binary-amd64/Packages.xz\n ef01 7 main/binary-arm64/Packages.gz\n"))
	if e := files["main/binary-amd64/Packages.xz"]; e.sha256 != "abcd" || e.size != 12 || len(files) != 2 {
		t.Errorf("files = %+v", files)
	}
}

func TestExtractRefusesEntriesOutsideTheRoot(t *testing.T) {
	for _, name := range []string{"../../etc/passwd", "/etc/passwd", "a/../../b"} {
		rel, ok := stripped(name, 0)
		if ok && (strings.HasPrefix(rel, "..") || strings.HasPrefix(rel, "/")) {
			t.Errorf("stripped(%q) = %q: outside the root", name, rel)
		}
	}
}

func TestExtractRefusesWritingThroughALinkOutOfTheRoot(t *testing.T) {
	outside, root := t.TempDir(), t.TempDir()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	tw.WriteHeader(&tar.Header{Name: "./lib", Typeflag: tar.TypeSymlink, Linkname: outside})
	tw.WriteHeader(&tar.Header{Name: "./lib/evil", Typeflag: tar.TypeReg, Mode: 0o644, Size: 4})
	tw.Write([]byte("evil"))
	tw.Close()
	err := extractTar(&buf, root, 0)
	if !errors.Is(err, ErrVerify) {
		t.Errorf("err = %v, want a refusal", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "evil")); err == nil {
		t.Error("a file was written outside the root through a link")
	}
}

func TestHasExact(t *testing.T) {
	tests := []struct {
		exact, deb string
		want       bool
	}{
		{"", "1:11.8.9+ds-0+deb13u1", true},
		{"11.8.9", "1:11.8.9+ds-0+deb13u1", true},
		{"11.8.1", "1:11.8.10-1", false},
		{"9.7.4", "9.7.4-2", true},
		{"9.7.4", "9.7.5-1", false},
	}
	for _, tt := range tests {
		if got := (Version{Exact: tt.exact}).hasExact(tt.deb); got != tt.want {
			t.Errorf("Exact %q hasExact(%q) = %v, want %v", tt.exact, tt.deb, got, tt.want)
		}
	}
}

func TestLookupFullVersions(t *testing.T) {
	tests := []struct{ name, series, exact string }{
		{"mariadb-11.8", "mariadb-11.8", ""},
		{"mariadb-11.8.9", "mariadb-11.8", "11.8.9"},
		{"mysql-9.7.4", "mysql-9.7", "9.7.4"},
		{"mariadb-10.11.18", "mariadb-10.11", "10.11.18"},
	}
	for _, tt := range tests {
		v, err := Lookup(tt.name)
		if err != nil || v.Name != tt.series || v.Exact != tt.exact {
			t.Errorf("Lookup(%q) = %s %q, %v; want %s %q", tt.name, v.Name, v.Exact, err, tt.series, tt.exact)
		}
	}
	for _, name := range []string{"mariadb-11.8.x", "mariadb-11.80", "mysql-9.7.", "mariadb-11"} {
		if _, err := Lookup(name); err == nil {
			t.Errorf("Lookup(%q) found a version", name)
		}
	}
}
