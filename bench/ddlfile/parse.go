package ddlfile

import (
	"io"
	"os"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// ParseFile reads the DDL file at path; see Parse.
func ParseFile(path string) (Tables, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return Tables{}, nil, err
	}
	defer f.Close()
	return Parse(path, f)
}

// Parse reads a DDL file into the calibration workload: the statements that
// run, in file order, and notes on what was ignored or is worth knowing.
// name is used in messages and, without its directory, in Workload.Name.
// Any statement that may not run makes it return an error and no workload.
func Parse(name string, r io.Reader) (Tables, []string, error) {
	src, err := sqlfile.ReadSource(name, r)
	if err != nil {
		return Tables{}, nil, err
	}
	if one, ok := sqlfile.OneTenant(name, src); ok {
		if t, notes, err := parseSource(name, one.Source); err == nil {
			t.Schemas = one.Schemas
			return t, append(notes, one.Note), nil
		}
	}
	return parseSource(name, src)
}

// parseSource is Parse of a file's text.
func parseSource(name, src string) (Tables, []string, error) {
	stmts, rejects := sqlfile.ClientStatements(name, src)
	p := newParser(name)
	p.rejects = rejects
	for _, cs := range stmts {
		parts := sqlfile.SplitServer(cs)
		for _, part := range parts {
			p.read(part, len(parts) > 1)
		}
	}
	p.dropStandIns(sqlfile.ObjectsOf(name, src))
	return p.result()
}
