package mycnf

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// addSeedFiles adds every option file of the Debian 12 testdata tree to the
// corpus of f.
func addSeedFiles(f *testing.F) {
	err := filepath.WalkDir(filepath.Join("testdata", "debian12"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err == nil {
			f.Add(data)
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
}

var fuzzSeeds = []string{
	"[mysqld]\nskip-name-resolve\nloose-x = 'a # b' # c\n",
	"\uFEFF[client]\r\npassword=\"p\\\"w\\\\\"\r\n",
	"!include x\n!includedir y\n[a]\n=\n",
	"[mysqld\n",
	"x=1\n",
	"[m]\nv=\"\\",
	"[]\n;\n#\n!\n",
}

// lineCount is the number of lines a scanner sees in data.
func lineCount(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

func FuzzParseReader(f *testing.F) {
	addSeedFiles(f)
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := parseReader("fuzz.cnf", bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.cnf:") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		lines := lineCount(data)
		for _, o := range res.Options {
			checkFuzzedOption(t, o, lines)
		}
	})
}

func checkFuzzedOption(t *testing.T, o Option, lines int) {
	t.Helper()
	if o.Name == "" {
		t.Fatalf("option with an empty name: %+v", o)
	}
	if o.Line < 1 || o.Line > lines {
		t.Fatalf("option line %d outside 1..%d: %+v", o.Line, lines, o)
	}
	if o.Name != flavor.OptionName(o.Name) {
		t.Fatalf("name %q not normalised", o.Name)
	}
	if !o.HasValue && o.Value != "" {
		t.Fatalf("value without HasValue: %+v", o)
	}
}

// FuzzParseIncludes follows the includes of a fuzzed top file through a
// small tree that includes the top file back, to exercise cycle and depth
// handling.
func FuzzParseIncludes(f *testing.F) {
	f.Add([]byte("!include a.cnf\n[mysqld]\nx=1\n"))
	f.Add([]byte("!includedir d\n!include /missing.cnf\n"))
	f.Add([]byte("!include b.cnf\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{
			"my.cnf":    {Data: data},
			"a.cnf":     {Data: []byte("[mysqld]\na=1\n!include my.cnf\n")},
			"b.cnf":     {Data: []byte("!include c.cnf\n")},
			"c.cnf":     {Data: []byte("!include b.cnf\n")},
			"d/1.cnf":   {Data: []byte("[client]\nuser=x\n!includedir ..\n")},
			"d/2.ini":   {Data: []byte("[mysqld]\ny=2\n")},
			"d/sub/x.c": {Data: []byte("garbage")},
		}
		res, err := Parse("my.cnf", WithFS(fsys), WithMaxDepth(4))
		if err != nil {
			return
		}
		for _, o := range res.Options {
			content, ok := fsys[o.File]
			if !ok {
				t.Fatalf("option from a file not in the tree: %+v", o)
			}
			checkFuzzedOption(t, o, lineCount(content.Data))
		}
	})
}
