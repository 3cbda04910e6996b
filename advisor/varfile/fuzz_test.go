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
		f.Add(firstLines(data, 12))
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
		vars, err := parse(bytes.NewReader(data))
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

// firstLines returns the first n lines of data: small seeds keep the fuzzer
// fast, and a dozen lines hold every construct of the testdata captures
// except the widest values.
func firstLines(data []byte, n int) []byte {
	end := 0
	for i := 0; i < n && end < len(data); i++ {
		next := bytes.IndexByte(data[end:], '\n')
		if next < 0 {
			return data
		}
		end += next + 1
	}
	return data[:end]
}
