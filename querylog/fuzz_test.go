package querylog

import (
	"bytes"
	"strings"
	"testing"
)

func FuzzFingerprint(f *testing.F) {
	for _, s := range []string{"SELECT * FROM t WHERE id IN (1,2,3)", "INSERT INTO t VALUES (1,'a'),(2,NULL)",
		"select /*!40001 SQL_NO_CACHE */ `a` from t -- c\n", "SELECT -1.5e3, 0x1F, _utf8mb4'x', @@session.x", "'unterminated", "/* open"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Fingerprint(s)
		if again := Fingerprint(s); again != got {
			t.Fatalf("not deterministic: %q then %q", got, again)
		}
		if lead := Fingerprint(" \n" + s); lead != got {
			t.Fatalf("leading whitespace changed the class: %q vs %q", lead, got)
		}
	})
}

// checkStatements asserts what every reader guarantees of its statements.
func checkStatements(t *testing.T, data []byte, got []Statement) {
	lines := bytes.Count(data, []byte{'\n'}) + 1
	for _, s := range got {
		if strings.TrimSpace(s.Text) == "" {
			t.Fatalf("empty statement %+v", s)
		}
		if s.Line < 1 || s.Line > lines {
			t.Fatalf("line %d outside 1..%d: %+v", s.Line, lines, s)
		}
	}
}

func FuzzSlowLog(f *testing.F) {
	f.Add([]byte("# Time: 261202  7:49:34\n# User@Host: root[root] @ localhost []\n# Thread_id: 5  Schema: shop  QC_hit: No\n" +
		"# Query_time: 0.000044  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0\nuse `shop`;\nSET timestamp=1796197774;\nSELECT 1;\n"))
	f.Add([]byte("/usr/sbin/mysqld, Version: 9.7.4 (x). started with:\nTcp port: 0  Unix socket: s\nTime  Id Command  Argument\n" +
		"# Time: 2026-12-02T07:49:49.762891Z\n# User@Host: a[a] @ localhost []  Id:    11\nSET timestamp=1;\n# administrator command: Quit;\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got []Statement
		if _, err := readSlowLog(bytes.NewReader(data), func(s Statement) { got = append(got, s) }); err != nil {
			t.Fatal(err)
		}
		checkStatements(t, data, got)
	})
}

func FuzzGeneralLog(f *testing.F) {
	f.Add([]byte("261202  7:49:34\t     3 Connect\troot@localhost on crm using Socket\n\t\t     3 Query\tSELECT a\n FROM t\n\t\t     3 Quit\t\n"))
	f.Add([]byte("2026-12-02T07:50:38.533206Z\t    8 Init DB\tshop\n2026-12-02T07:50:38.533206Z\t    8 Query\tUSE x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got []Statement
		if _, err := readGeneralLog(bytes.NewReader(data), func(s Statement) { got = append(got, s) }); err != nil {
			t.Fatal(err)
		}
		checkStatements(t, data, got)
	})
}

// FuzzRead reads anything as whatever it looks like (statement files
// included) and checks the classes add up.
func FuzzRead(f *testing.F) {
	f.Add([]byte("USE shop;\nSET NAMES utf8mb4;\nSELECT 1;\nDELIMITER //\nSELECT 2//\n"))
	f.Add([]byte("# Time: 261202  7:49:34\n# User@Host: root[root] @ localhost []\nSELECT 1;\n"))
	f.Add([]byte("261202  7:49:34\t     3 Query\tSELECT 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Read("fuzz", bytes.NewReader(data), Options{})
		if err != nil {
			return // a statement file the client splitter refuses whole
		}
		n := 0
		for _, c := range res.Classes {
			n += c.Count
			if c.Fingerprint == "" || len(c.Samples) == 0 || len(c.Samples) > DefaultSamples {
				t.Fatalf("class %+v", c)
			}
		}
		if n != res.Statements {
			t.Fatalf("classes count %d statements, the result %d", n, res.Statements)
		}
	})
}
