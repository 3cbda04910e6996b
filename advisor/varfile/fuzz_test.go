package varfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"Variable_name\tValue\na\t\\t\\n\\\\\\0\\\n",
		"+---+---+\n| a | b |\n| c | d\ne |\n+---+---+\n",
		"+--+--+\n||||\n",
		"*************************** 1. row ***************************\nVariable_name: a\nValue: b\nc\n\n1 row in set\n",
		"mysql: [Warning] x\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vars, err := Parse(bytes.NewReader(data))
		if err != nil {
			if vars != nil {
				t.Fatalf("variables returned with error %v", err)
			}
			return
		}
		for k := range vars {
			if k == "" || k != strings.ToLower(k) {
				t.Fatalf("bad key %q", k)
			}
		}
	})
}
