package corpus

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// clientDifference is one row of the table of the clients' readings
// (sqlfile/clientfamily.go): an input, and what each client sends of it,
// statement by statement (as sameStatements reads them). Where both
// clients read alike, the row says so with the same statements.
type clientDifference struct {
	what           string
	input          string
	mysql, mariadb []string
}

var clientDifferences = []clientDifference{
	{"use without a delimiter at a line's start", "SELECT 1;\nuse sent\nSELECT 2;\n",
		[]string{"SELECT 1", "use sent\nSELECT 2"}, []string{"SELECT 1", "USE sent", "SELECT 2"}},
	{"use with a delimiter", "use sent;\nSELECT 2;\n",
		[]string{"USE sent", "SELECT 2"}, []string{"USE sent", "SELECT 2"}},
	{"use inside a statement is text", "SELECT 1\nuse sent\n;\n",
		[]string{"SELECT 1\nuse sent"}, []string{"SELECT 1\nuse sent"}},
	{"go without a delimiter at a line's start", "SELECT 1;\ngo\nSELECT 2;\n",
		[]string{"SELECT 1", "go\nSELECT 2"}, nil}, // MariaDB's client: a command the tool refuses (sends nothing it reads)
	{"backslash g sends the statement", "SELECT 1 \\g\nSELECT 2;\n",
		[]string{"SELECT 1 \\g\nSELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"backslash c clears the statement", "SELECT 1 \\c\nSELECT 2;\n",
		[]string{"SELECT 1 \\c\nSELECT 2"}, []string{"SELECT 2"}},
	{"backslash G sends the statement", "SELECT 1 \\G\nSELECT 2;\n",
		[]string{"SELECT 1 \\G\nSELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"backslash n is dropped or kept", "SELECT 1 \\n, 2;\n",
		[]string{"SELECT 1 \\n, 2"}, []string{"SELECT 1  , 2"}},
	{"an unknown backslash command is kept", "SELECT 1 \\z, 2;\n",
		[]string{"SELECT 1 \\z, 2"}, []string{"SELECT 1 \\z, 2"}},
	{"/*M! hides the delimiter from MySQL's client only", "SELECT 1 /*M!100000 ; */;\nSELECT 2;\n",
		[]string{"SELECT 1 /*M!100000 ; */", "SELECT 2"}, []string{"SELECT 1 /*M!100000", "*/", "SELECT 2"}},
	{"/*! never hides the delimiter", "SELECT 1 /*!100000 ; */;\nSELECT 2;\n",
		[]string{"SELECT 1 /*!100000", "*/", "SELECT 2"}, []string{"SELECT 1 /*!100000", "*/", "SELECT 2"}},
	{"a plain comment hides the delimiter", "SELECT 1 /* ; */;\nSELECT 2;\n",
		[]string{"SELECT 1", "SELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"-- followed by a non-space is code", "SELECT 1 --1\n;\nSELECT 2;\n",
		[]string{"SELECT 1 --1", "SELECT 2"}, []string{"SELECT 1 --1", "SELECT 2"}},
	{"-- followed by a space is a comment", "SELECT 1 -- ;\n;\nSELECT 2;\n",
		[]string{"SELECT 1", "SELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"# is a comment", "SELECT 1 # ;\n;\nSELECT 2;\n",
		[]string{"SELECT 1", "SELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"a comment after the delimiter", "SELECT 1; -- one\n# two\nSELECT 2;\n",
		[]string{"SELECT 1", "SELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"DELIMITER", "DELIMITER //\nSELECT 1; SELECT 2//\ndelimiter ;\nSELECT 3;\n",
		[]string{"SELECT 1; SELECT 2", "SELECT 3"}, []string{"SELECT 1; SELECT 2", "SELECT 3"}},
	{"DELIMITER after a delimiter on its line, sent by backslash g", "SELECT 1; DELIMITER //\nSELECT 2\\g\nSELECT 3;\n",
		[]string{"SELECT 1"}, []string{"SELECT 1", "DELIMITER //SELECT 2", "SELECT 3"}},
	{"DELIMITER after a delimiter on its line, at the end of the file", "SELECT 1; DELIMITER $$\nSELECT 2 $$\n",
		[]string{"SELECT 1"}, []string{"SELECT 1", "DELIMITER $$SELECT 2 $$"}},
	{"a comment nested in /*! hides the delimiter up to the */ after its own", "DELIMITER //\nSELECT 1 /*!50000 + 2 /* c */ + 7 // + 3 */ + 4 //\nSELECT 5 /*!50000 + 2 /* c */ *//**/ + 3 //\nSELECT 6//\n",
		[]string{"SELECT 1 /*!50000 + 2 /* c */ + 7 // + 3 */ + 4", "SELECT 5 /*!50000 + 2 /* c */ *//**/ + 3", "SELECT 6"},
		[]string{"SELECT 1 /*!50000 + 2  + 4", "SELECT 5 /*!50000 + 2  /**/ + 3", "SELECT 6"}},
	{"DELIMITER after a delimiter on its line, the next line reaching a ';': its argument runs to a space", "SELECT 1; DELIMITER //\nSELECT 2;\nSELECT 3//\nSELECT 4;\n",
		[]string{"SELECT 1", "SELECT 3//\nSELECT 4"}, []string{"SELECT 1", "SELECT 3//\nSELECT 4"}},
	{"DELIMITER after a delimiter on its line, a space before the line's end", "SELECT 1; DELIMITER //  \n  SELECT 2;\nSELECT 3//\nSELECT 4;\n",
		[]string{"SELECT 1", "SELECT 3", "SELECT 4"}, []string{"SELECT 1", "SELECT 3", "SELECT 4"}},
	{"DELIMITER after a delimiter on its line, a tab is no end of its argument", "SELECT 1; DELIMITER //\nSELECT\t2;\nSELECT 3//\nDELIMITER ;\nSELECT 4;\n",
		[]string{"SELECT 1", "SELECT 3//\nDELIMITER ;SELECT 4"}, []string{"SELECT 1", "SELECT 3//\nDELIMITER ;SELECT 4"}},
	{"DELIMITER after a delimiter on its line, quoted", "SELECT 1; DELIMITER '//\nSELECT' 2;\nSELECT 3//\nSELECT 4;\n",
		[]string{"SELECT 1", "SELECT 3//\nSELECT 4"}, []string{"SELECT 1", "SELECT 3//\nSELECT 4"}},
	{"a DELIMITER line inside a statement is joined to the next line", "SELECT 1\nDELIMITER //\nSELECT 2;\nSELECT 3;\n",
		[]string{"SELECT 1\nDELIMITER //SELECT 2", "SELECT 3"}, []string{"SELECT 1\nDELIMITER //SELECT 2", "SELECT 3"}},
	{"use with a ';' that is not the delimiter", "DELIMITER $$\nuse sent;\nSELECT 1$$\n",
		[]string{"use sent;\nSELECT 1"}, []string{"USE =", "SELECT 1"}},
	{"a comment after the delimiter, then a DELIMITER line", "SELECT 1; /* c */\nDELIMITER ;;\n# x\nSELECT 2;;\n",
		[]string{"SELECT 1", "SELECT 2"}, []string{"SELECT 1", "SELECT 2"}},
	{"a line comment inside an unterminated /*! is not sent by MariaDB's client", "SELECT 1 /*!50000 + 2 # c ; d\n+ 3 -- e\n;\n",
		[]string{"SELECT 1 /*!50000 + 2 # c ; d\n+ 3 -- e"}, []string{"SELECT 1 /*!50000 + 2 \n+ 3"}},
	{"a backslash at a line's end", "SELECT 1 \\\n, 2;\n",
		[]string{"SELECT 1 \n, 2"}, []string{"SELECT 1 \n, 2"}},
}

// TestClientFamilyDifferences: each row of the table of the clients'
// readings is what MySQL 9.7's client and MariaDB 11.8's client send (read
// from the server's general log), and what the tool's cut as each family
// sends. A row with no statements for a client is one the tool refuses
// for it (a command it does not run): only the tool's refusal is checked.
func TestClientFamilyDifferences(t *testing.T) {
	for _, key := range []string{"mysql-9.7", "mariadb-11.8"} {
		t.Run(key, func(t *testing.T) {
			srv := sandboxtest.ByKey(t, key)
			srv.Require(t)
			l := startLogged(t, srv)
			for _, row := range clientDifferences {
				want := row.mariadb
				if srv.IsMySQL() {
					want = row.mysql
				}
				tool, rejects := sqlfile.ClientStatementsOf("row.sql", row.input, l.family())
				if want == nil {
					if len(rejects) == 0 {
						t.Errorf("%s: the tool's cut as %s does not refuse %q", row.what, l.family(), row.input)
					}
					continue
				}
				real := sameStatements(l.sent(t, row.input), l.family())
				if got := sameStatements(want, l.family()); strings.Join(got, "\x00") != strings.Join(real, "\x00") {
					t.Errorf("%s: the table says %s sends %q, it sends %q", row.what, key, got, real)
				}
				texts := make([]string, len(tool))
				for i, s := range tool {
					texts[i] = s.Text
				}
				if got := sameStatements(texts, l.family()); firstDifference(got, real) >= 0 { // a use the client sent no change for ("USE =") matches any
					t.Errorf("%s: the tool's cut as %s sends %q, the client %q", row.what, l.family(), got, real)
				}
			}
		})
	}
}
