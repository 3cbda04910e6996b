package stmt

import "testing"

func TestQuoting(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{QuoteIdent("a`b"), "`a``b`"},
		{QuoteString(`it's a\b`), `'it''s a\\b'`},
		{QuoteStrings([]string{"shop", "o'neil"}), `'shop', 'o''neil'`},
		{QuoteStrings(nil), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}
