package varfile

import (
	"errors"
	"strings"
)

// batchParser reads tab-separated output: "name<TAB>value" lines.
type batchParser struct {
	vars collector
}

var errNoTab = errors.New(`expected "name<TAB>value" (tab-separated batch output); a value with a line break saved with --raw cannot be read back`)

func (p *batchParser) line(_ int, text string) error {
	name, value, ok := strings.Cut(text, "\t")
	if !ok {
		if isNoise(text) {
			return nil
		}
		return errNoTab
	}
	return p.vars.add(name, unescapeBatch(value))
}

func (p *batchParser) finish() error { return nil }

// unescapeBatch decodes the escapes the client writes in batch mode: \t, \n,
// \\ and \0. Other backslashes are kept.
func unescapeBatch(v string) string {
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			if c, ok := batchEscapes[v[i+1]]; ok {
				b.WriteByte(c)
				i++
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// batchEscapes maps the character after a backslash to what it stands for.
var batchEscapes = map[byte]byte{'t': '\t', 'n': '\n', '\\': '\\', '0': 0}
