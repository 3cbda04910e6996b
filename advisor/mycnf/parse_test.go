package mycnf

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func file(content string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(content)} }

func TestParseIncludes(t *testing.T) {
	tests := []struct {
		name         string
		fsys         fstest.MapFS
		opts         []ParseOption
		want         []string
		wantFiles    []string
		wantWarnings []string
	}{
		{
			name: "absolute include and includedir, files in name order, only .cnf and .ini",
			fsys: fstest.MapFS{
				"etc/my.cnf":                 file("[mysqld]\na=1\n!include /etc/extra.cnf\nb=2\n!includedir /etc/my.cnf.d/\nc=3\n"),
				"etc/extra.cnf":              file("[client]\nuser=x\n"),
				"etc/my.cnf.d/20-b.cnf":      file("[mysqld]\nfrom_b=1\n"),
				"etc/my.cnf.d/10-a.cnf":      file("[mysqld]\nfrom_a=1\n"),
				"etc/my.cnf.d/30-c.ini":      file("[mysqld]\nfrom_ini=1\n"),
				"etc/my.cnf.d/README":        file("not an option file"),
				"etc/my.cnf.d/old.cnf.dpkg":  file("[mysqld]\nignored=1\n"),
				"etc/my.cnf.d/UPPER.CNF":     file("[mysqld]\nignored=1\n"),
				"etc/my.cnf.d/sub.cnf/x.cnf": file("[mysqld]\nignored=1\n"),
			},
			want: []string{
				`etc/my.cnf:2 [mysqld] a="1"`,
				`etc/extra.cnf:2 [client] user="x"`,
				`etc/my.cnf:4 [mysqld] b="2"`,
				`etc/my.cnf.d/10-a.cnf:2 [mysqld] from_a="1"`,
				`etc/my.cnf.d/20-b.cnf:2 [mysqld] from_b="1"`,
				`etc/my.cnf.d/30-c.ini:2 [mysqld] from_ini="1"`,
				`etc/my.cnf:6 [mysqld] c="3"`,
			},
			wantFiles: []string{"etc/my.cnf", "etc/extra.cnf", "etc/my.cnf.d/10-a.cnf", "etc/my.cnf.d/20-b.cnf", "etc/my.cnf.d/30-c.ini"},
			wantWarnings: []string{
				"etc/my.cnf:5: !includedir: read etc/my.cnf.d/30-c.ini, but servers on Unix read only *.cnf files from a directory",
			},
		},
		{
			name: "relative paths resolve against the including file's directory",
			fsys: fstest.MapFS{
				"etc/mysql/my.cnf":          file("!include sub/a.cnf\n!includedir conf.d\n"),
				"etc/mysql/sub/a.cnf":       file("[mysqld]\na=1\n!include ../b.cnf\n"),
				"etc/mysql/b.cnf":           file("[mysqld]\nb=1\n"),
				"etc/mysql/conf.d/c.cnf":    file("[mysqld]\nc=1\n"),
				"etc/mysql/conf.d/d.cnf":    file("!include ./e.cnf\n"),
				"etc/mysql/conf.d/e.cnf":    file("[mysqld]\ne=1\n"),
				"etc/mysql/conf.d/e.cnf.bk": file("[mysqld]\nbk=1\n"),
			},
			want: []string{
				`etc/mysql/sub/a.cnf:2 [mysqld] a="1"`,
				`etc/mysql/b.cnf:2 [mysqld] b="1"`,
				`etc/mysql/conf.d/c.cnf:2 [mysqld] c="1"`,
				`etc/mysql/conf.d/e.cnf:2 [mysqld] e="1"`,
				`etc/mysql/conf.d/e.cnf:2 [mysqld] e="1"`,
			},
			wantFiles: []string{"etc/mysql/my.cnf", "etc/mysql/sub/a.cnf", "etc/mysql/b.cnf", "etc/mysql/conf.d/c.cnf", "etc/mysql/conf.d/d.cnf", "etc/mysql/conf.d/e.cnf", "etc/mysql/conf.d/e.cnf"},
			wantWarnings: []string{
				"etc/mysql/my.cnf:1: !include sub/a.cnf: relative path read from the directory of etc/mysql/my.cnf; the servers resolve it against their working directory",
				"etc/mysql/sub/a.cnf:3: !include ../b.cnf: relative path read from the directory of etc/mysql/sub/a.cnf; the servers resolve it against their working directory",
				"etc/mysql/my.cnf:2: !includedir conf.d: relative path read from the directory of etc/mysql/my.cnf; the servers resolve it against their working directory",
				"etc/mysql/conf.d/d.cnf:1: !include ./e.cnf: relative path read from the directory of etc/mysql/conf.d/d.cnf; the servers resolve it against their working directory",
			},
		},
		{
			name: "an included file starts without a group; the includer's group continues after it",
			fsys: fstest.MapFS{
				"my.cnf":  file("[mysqld]\n!include inc.cnf\nafter=1\n"),
				"inc.cnf": file("[client]\nuser=x\n"),
			},
			want: []string{
				`inc.cnf:2 [client] user="x"`,
				`my.cnf:3 [mysqld] after="1"`,
			},
			wantFiles:    []string{"my.cnf", "inc.cnf"},
			wantWarnings: []string{"my.cnf:2: !include inc.cnf: relative path read from the directory of my.cnf; the servers resolve it against their working directory"},
		},
		{
			name: "missing include file is skipped with a warning, as the servers do",
			fsys: fstest.MapFS{
				"etc/my.cnf": file("[mysqld]\na=1\n!include /etc/missing.cnf\nb=2\n"),
			},
			want: []string{
				`etc/my.cnf:2 [mysqld] a="1"`,
				`etc/my.cnf:4 [mysqld] b="2"`,
			},
			wantFiles:    []string{"etc/my.cnf"},
			wantWarnings: []string{"etc/my.cnf:3: !include /etc/missing.cnf: etc/missing.cnf does not exist; skipped, as the servers skip it"},
		},
		{
			name: "the same file included twice, not nested, is read twice",
			fsys: fstest.MapFS{
				"my.cnf":     file("!include /common.cnf\n!include /common.cnf\n"),
				"common.cnf": file("[mysqld]\nx=1\n"),
			},
			want: []string{
				`common.cnf:2 [mysqld] x="1"`,
				`common.cnf:2 [mysqld] x="1"`,
			},
			wantFiles:    []string{"my.cnf", "common.cnf", "common.cnf"},
			wantWarnings: []string{},
		},
		{
			name: "bom and unknown directive and group quirks are warnings",
			fsys: fstest.MapFS{
				"my.cnf": file("\uFEFF[mysqld] key=1\n!includex foo\n[ mysqld]\n[]\n"),
			},
			want:      []string{},
			wantFiles: []string{"my.cnf"},
			wantWarnings: []string{
				`my.cnf:1: UTF-8 byte order mark at the start of the file; MariaDB refuses this file ("Found option without preceding group")`,
				`my.cnf:1: text "key=1" after the group header is ignored`,
				`my.cnf:2: unknown directive "!includex foo" ignored (only !include and !includedir exist)`,
				`my.cnf:3: group name " mysqld" starts with a blank: programs do not read it as [mysqld]`,
				`my.cnf:4: empty group name []: no program reads the options that follow`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := "/my.cnf"
			if _, ok := tt.fsys["etc/my.cnf"]; ok {
				top = "/etc/my.cnf"
			}
			if _, ok := tt.fsys["etc/mysql/my.cnf"]; ok {
				top = "/etc/mysql/my.cnf"
			}
			f, err := Parse(top, append([]ParseOption{WithFS(tt.fsys)}, tt.opts...)...)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertLines(t, "options", describeAll(f.Options), tt.want)
			assertLines(t, "files", f.Files, tt.wantFiles)
			assertLines(t, "warnings", messages(f.Warnings), tt.wantWarnings)
			if f.Path != top {
				t.Errorf("Path = %q, want %q", f.Path, top)
			}
		})
	}
}

func TestParseIncludeErrors(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		opts []ParseOption
		want []string
	}{
		{
			name: "missing includedir directory, as the servers refuse it",
			fsys: fstest.MapFS{"my.cnf": file("[mysqld]\n\n!includedir /etc/mysql/conf.d/\n")},
			want: []string{"my.cnf:3: !includedir /etc/mysql/conf.d/: cannot read directory etc/mysql/conf.d: file does not exist"},
		},
		{
			name: "missing include file with strict includes",
			fsys: fstest.MapFS{"my.cnf": file("[mysqld]\n!include /nope.cnf\n")},
			opts: []ParseOption{WithStrictIncludes()},
			want: []string{"my.cnf:2: !include /nope.cnf: cannot open nope.cnf: file does not exist"},
		},
		{
			name: "file including itself",
			fsys: fstest.MapFS{"my.cnf": file("[mysqld]\n!include my.cnf\n")},
			want: []string{"my.cnf:2: include cycle: my.cnf -> my.cnf"},
		},
		{
			name: "cycle through two files",
			fsys: fstest.MapFS{
				"my.cnf": file("!include a.cnf\n"),
				"a.cnf":  file("[mysqld]\nx=1\n!include ./b.cnf\n"),
				"b.cnf":  file("!include /a.cnf\n"),
			},
			want: []string{"b.cnf:1: include cycle: a.cnf -> b.cnf -> a.cnf"},
		},
		{
			name: "cycle through an includedir",
			fsys: fstest.MapFS{
				"my.cnf":   file("!includedir d\n"),
				"d/x.cnf":  file("[mysqld]\n!includedir ../d\n"),
				"d/y.cnfx": file(""),
			},
			want: []string{"d/x.cnf:2: include cycle: d/x.cnf -> d/x.cnf"},
		},
		{
			name: "nesting deeper than the maximum",
			fsys: fstest.MapFS{
				"my.cnf": file("!include 1.cnf\n"),
				"1.cnf":  file("!include 2.cnf\n"),
				"2.cnf":  file("!include 3.cnf\n"),
				"3.cnf":  file("[mysqld]\n"),
			},
			opts: []ParseOption{WithMaxDepth(2)},
			want: []string{"2.cnf:1: !include 3.cnf: includes nested deeper than 2 levels"},
		},
		{
			name: "syntax error in an included file names that file",
			fsys: fstest.MapFS{
				"my.cnf":  file("[mysqld]\n!include inc.cnf\n"),
				"inc.cnf": file("# no group\nfoo=bar\n"),
			},
			want: []string{"inc.cnf:2: ", `option "foo" without preceding group`},
		},
		{
			name: "include path leaving the file system root",
			fsys: fstest.MapFS{"my.cnf": file("!include ../../etc/passwd\n")},
			want: []string{"my.cnf:1: !include ../../etc/passwd: path \"../../etc/passwd\" leaves the root"},
		},
		{
			name: "include of a directory",
			fsys: fstest.MapFS{"my.cnf": file("!include /d\n"), "d/x.cnf": file("")},
			want: []string{"my.cnf:1: !include /d: cannot open d: is a directory"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("my.cnf", append([]ParseOption{WithFS(tt.fsys)}, tt.opts...)...)
			assertErrorContains(t, err, tt.want...)
			if f != nil {
				t.Errorf("got a result with the error")
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line == 0 {
				t.Errorf("error %#v is not a *ParseError with a line", err)
			}
		})
	}
}

func TestParseTopFileErrors(t *testing.T) {
	_, err := Parse("/nope/my.cnf", WithFS(fstest.MapFS{}))
	assertErrorContains(t, err, "nope/my.cnf: cannot open option file: file does not exist")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("errors.Is(%v, fs.ErrNotExist) = false", err)
	}

	_, err = Parse(filepath.Join(t.TempDir(), "missing.cnf"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("errors.Is(%v, fs.ErrNotExist) = false", err)
	}
}

// TestParseOperatingSystemFiles checks the default source: real files, an
// absolute !includedir and a symlinked top file, as in Debian's
// /etc/mysql/my.cnf.
func TestParseOperatingSystemFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mariadb.cnf", "[client-server]\nsocket=/run/s.sock\n!includedir "+filepath.Join(dir, "conf.d")+"/\n")
	write("conf.d/50-server.cnf", "[mysqld]\nbind-address = 127.0.0.1\n")
	write("conf.d/ignored.txt", "[mysqld]\nx=1\n")
	if err := os.Symlink(filepath.Join(dir, "mariadb.cnf"), filepath.Join(dir, "my.cnf")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "conf.d"), filepath.Join(dir, "conf.d", "loop.cnf")); err != nil {
		t.Fatal(err)
	}

	f, err := Parse(filepath.Join(dir, "my.cnf"))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	assertLines(t, "options", describeAll(f.Options), []string{
		filepath.Join(dir, "my.cnf") + `:2 [client-server] socket="/run/s.sock"`,
		filepath.Join(dir, "conf.d", "50-server.cnf") + `:2 [mysqld] bind_address="127.0.0.1"`,
	})
	assertLines(t, "warnings", messages(f.Warnings), nil)
}

func TestParseSymlinkCycle(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.cnf"), []byte("!include link.cnf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "a.cnf"), filepath.Join(dir, "link.cnf")); err != nil {
		t.Fatal(err)
	}
	_, err := Parse(filepath.Join(dir, "a.cnf"))
	assertErrorContains(t, err, "a.cnf:1: include cycle: ")
}

func TestOptionsHelpers(t *testing.T) {
	f, err := parseReader("t.cnf", strings.NewReader(
		"[mysqld]\ninnodb_file_per_table=1\n[client]\nuser=x\n[MariaDB]\ninnodb-file-per-table=0\n[mysqld-8.0]\nx=1\n"))
	if err != nil {
		t.Fatal(err)
	}
	opts := f.Options
	assertLines(t, "ForSections", describeAll(opts.ForSections("MYSQLD", "mariadb")), []string{
		`t.cnf:2 [mysqld] innodb_file_per_table="1"`,
		`t.cnf:6 [mariadb] innodb_file_per_table="0"`,
	})
	if got := opts.ForSections(); got != nil {
		t.Errorf("ForSections() = %v, want nil", got)
	}
	last, ok := opts.ForSections(flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 0)}.ServerOptionGroups()...).Last("Innodb-File-Per-Table")
	if !ok || last.Value != "0" || last.Line != 6 {
		t.Errorf("Last = %+v, %v; want the [mariadb] line 6 with 0", last, ok)
	}
	if _, ok := opts.Last("nope"); ok {
		t.Error("Last(nope) found something")
	}
}

func TestNormalizeName(t *testing.T) {
	for in, want := range map[string]string{
		"Innodb-File-Per-Table": "innodb_file_per_table",
		"skip_name-resolve":     "skip_name_resolve",
		"":                      "",
	} {
		if got := flavor.OptionName(in); got != want {
			t.Errorf("OptionName(%q) = %q, want %q", in, got, want)
		}
	}
}
