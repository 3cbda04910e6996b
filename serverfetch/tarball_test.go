package serverfetch_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// fakeTarball is a .tar.gz as vendors ship them: one top directory.
func fakeTarball(t *testing.T) []byte {
	return gzipped(t, tarOf(t, "mysql-8.4.3-linux-glibc2.28-x86_64/", map[string]string{
		"bin/mysqld": "server", "share/english/errmsg.sys": "messages"}))
}

func TestTarball(t *testing.T) {
	tarball := fakeTarball(t)
	right := sum(tarball)
	wrong := sum(append([]byte("x"), tarball...))
	m := &mirror{files: map[string][]byte{"/mysql-8.4.3-linux-glibc2.28-x86_64.tar.gz": tarball}}
	m.Server = newServer(t, m)
	local := filepath.Join(t.TempDir(), "mysql-8.4.3-linux-glibc2.28-x86_64.tar.gz")
	must(t, os.WriteFile(local, tarball, 0o644))
	url := m.URL + "/mysql-8.4.3-linux-glibc2.28-x86_64.tar.gz"
	tests := []struct {
		name, source, sha string
		ok                bool
	}{
		{"a URL with its SHA256", url, right, true},
		{"a path with its SHA256", local, right, true},
		{"a URL with a wrong SHA256", url, wrong, false},
		{"a path with a wrong SHA256", local, wrong, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := serverfetch.Options{Dir: t.TempDir()}
			res, err := serverfetch.FetchTarball(context.Background(), serverfetch.Tarball{Source: tt.source, SHA256: tt.sha}, o)
			if !tt.ok {
				refused(t, err, o, "mysql-8.4.3-linux-glibc2.28-x86_64", "mysql-8.4.3")
				if !exists(local) {
					t.Error("the user's own tarball was removed")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Base(res.Root) != "mysql-8.4.3-linux-glibc2.28-x86_64" || !exists(filepath.Join(res.Root, "bin/mysqld")) {
				t.Errorf("root %s: want the tarball's name, with bin/mysqld (its top directory dropped)", res.Root)
			}
			if res.Record.SHA256 != right || !strings.Contains(res.Record.Source, "mysql-8.4.3") {
				t.Errorf("record %+v", res.Record)
			}
		})
	}
}
