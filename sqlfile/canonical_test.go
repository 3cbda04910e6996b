package sqlfile

import (
	"errors"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

var (
	mariadb1011 = flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	mysql97     = flavor.Flavor{Vendor: flavor.VendorMySQL, Version: flavor.V(9, 7, 4)}
)

func TestCanonicalText(t *testing.T) {
	cases := []struct {
		name   string
		server flavor.Flavor
		in     string
		want   string // "" when refused
	}{
		{"plain", mysql97, "CREATE TABLE t (a int)", "CREATE TABLE t (a int)"},
		{"comments of every kind", mysql97, "CREATE /* a */ TABLE t -- b\n(a int) # c\n", "CREATE TABLE t (a int)"},
		{"double-quoted string", mysql97, `CREATE TABLE t (a int) COMMENT "x'y"`, "CREATE TABLE t (a int) COMMENT 'x''y'"},
		{"escapes decoded and re-encoded", mysql97, `SELECT 'a\'b\\c\%d\ne'`, "SELECT 'a''b\\\\c\\\\%d\ne'"},
		{"introducer and hex stay joined", mysql97, "SELECT _utf8mb4'x', X'41', N\"y\"", "SELECT _utf8mb4'x', X'41', N'y'"},
		{"quoted name", mysql97, "SELECT `a``b`", "SELECT `a``b`"},
		{"versioned comment run", mysql97, "SELECT 1 /*!80000 + 1 */", "SELECT 1 + 1"},
		{"versioned comment skipped", mysql97, "SELECT 1 /*!99999 + 1 */", "SELECT 1"},
		{"MariaDB comment on MySQL", mysql97, "SELECT 1 /*M!100000 + 1 */", "SELECT 1"},
		{"MariaDB comment on MariaDB", mariadb1011, "SELECT 1 /*M!100000 + 1 */", "SELECT 1 + 1"},
		{"nested comment attack", mariadb1011, `CREATE TABLE t1 (a int) /*M!999999 /* */ COMMENT ' */ DATA DIRECTORY "/d" /* ' /* */ ENGINE=InnoDB`, ""},
		{"mariadb-dump's sandbox line", mariadb1011, "/*M!999999\\- enable the sandbox mode */ SELECT 1", "SELECT 1"},
		{"unterminated string", mysql97, "SELECT 'a", ""},
		{"not UTF-8", mysql97, "SELECT '\xd6\\'", ""},
		{"a backslash before a multibyte character", mysql97, "SELECT '中\\中'", "SELECT '中中'"},
		{"dashes that would become a comment", mysql97, "SELECT 1--/**/ 1", ""},
		{"versioned comment, version unknown", flavor.Flavor{}, "SELECT 1 /*!50000 + 1 */", ""},
		{"unversioned comment, version unknown", flavor.Flavor{}, "SELECT 1 /*! + 1 */", "SELECT 1 + 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Canonical(c.in, c.server)
			switch {
			case c.want == "" && err == nil:
				t.Errorf("canonical text %q; want a refusal", got)
			case c.want == "" && !errors.Is(err, ErrNotCanonical):
				t.Errorf("err = %v; want ErrNotCanonical", err)
			case c.want != "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && got != c.want:
				t.Errorf("canonical text\n  %q\nwant\n  %q", got, c.want)
			}
		})
	}
}

// FuzzCanonical: whatever the text, a canonical text that is built holds
// exactly the tokens judged (kinds and values, in order), no comment of any
// kind, reads the same in every sql_mode that changes lexing, and is its
// own canonical text.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{
		"CREATE TABLE t (a int) ENGINE=InnoDB",
		`CREATE TABLE t1 (a int) /*M!999999 /* */ COMMENT ' */ DATA DIRECTORY "/tmp/x/dd" /* ' /* */ ENGINE=InnoDB`,
		"CREATE TABLE t1 (a int) COMMENT '中\\\\'' DATA DIRECTORY \"/tmp/x/dd2\" -- '",
		"SELECT 1 /*!50100 + 2 */ -- x\n, `a``b`, \"q\\\"\", _utf8mb4'z', 1.5e-3, @@version",
		"ALTER TABLE t2 /*M!100100 ENGINE=Aria */ RENAME TO x",
		"SELECT 1--1 # c\n",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, sql string, mariadb bool) {
		server := mysql97
		if mariadb {
			server = mariadb1011
		}
		got, err := Canonical(sql, server)
		if err != nil {
			return
		}
		toks, conds := LexStatement(sql, 1)
		judged, err := canonicalTokens(toks, conds, server)
		if err != nil {
			t.Fatalf("Canonical accepted %q but its tokens are refused: %v", sql, err)
		}
		for _, mode := range []SQLMode{{}, {NoBackslashEscapes: true}, {ANSIQuotes: true}} {
			sent, sentConds := Lex(got, mode, 1)
			if len(sentConds) > 0 || len(sent) != len(judged) {
				t.Fatalf("%q -> %q: %d tokens under %s, %d judged", sql, got, len(sent), mode, len(judged))
			}
			for i := range sent {
				if sent[i].kind != judged[i].kind || sent[i].kind == TokIssue {
					t.Fatalf("%q -> %q: token %d is %v, judged %v", sql, got, i, sent[i], judged[i])
				}
				if mode == (SQLMode{}) && tokenValue(sent[i]) != tokenValue(judged[i]) {
					t.Fatalf("%q -> %q: token %d reads %q, judged %q", sql, got, i, tokenValue(sent[i]), tokenValue(judged[i]))
				}
			}
		}
		if !onlyTokensAndSpaces(got) {
			t.Fatalf("%q -> %q holds something besides its tokens and single spaces", sql, got)
		}
		again, err := Canonical(got, server)
		if err != nil || again != got {
			t.Fatalf("%q -> %q is not its own canonical text: %q, %v", sql, got, again, err)
		}
	})
}

// onlyTokensAndSpaces reports a text whose every byte is in a token or is
// one space between two tokens: no comment, no other whitespace.
func onlyTokensAndSpaces(text string) bool {
	toks, _ := Lex(text, SQLMode{}, 1)
	at := 0
	for _, t := range toks {
		if gap := text[at:t.pos]; gap != "" && (gap != " " || at == 0) {
			return false
		}
		at = t.end
	}
	return at == len(text)
}

// tokenValue is what a token means in the default sql_mode.
func tokenValue(t Token) string {
	switch t.kind {
	case TokIdent:
		return t.val
	case TokString:
		return StringValue(t.text)
	}
	return t.text
}
