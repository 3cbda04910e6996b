package stmt

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
)

// recorder keeps the text of every statement it is given and answers none:
// the tests below look at what would be sent, never at a server's answer.
type recorder struct{ sent []string }

var errNotSent = errors.New("recorded, not sent")

func (r *recorder) ExecContext(_ context.Context, query string, _ ...any) (sql.Result, error) {
	r.sent = append(r.sent, query)
	return nil, errNotSent
}

func (r *recorder) QueryContext(_ context.Context, query string, _ ...any) (*sql.Rows, error) {
	r.sent = append(r.sent, query)
	return nil, errNotSent
}

func (r *recorder) QueryRowContext(_ context.Context, query string, _ ...any) *sql.Row {
	r.sent = append(r.sent, query)
	return nil
}

func (r *recorder) PrepareContext(_ context.Context, query string) (*sql.Stmt, error) {
	r.sent = append(r.sent, query)
	return nil, errNotSent
}

// TestEveryHelperTagsOnce sends one statement through each helper, as the
// caller's untagged text and as a text that already carries the tag: the
// text sent starts with the tag, carries it once, and is otherwise the
// caller's.
func TestEveryHelperTagsOnce(t *testing.T) {
	ctx := context.Background()
	helpers := []struct {
		name string
		send func(r *recorder, text string)
	}{
		{"Exec", func(r *recorder, s string) { _, _ = Exec(ctx, r, s) }},
		{"QueryRow", func(r *recorder, s string) { _ = QueryRow(ctx, r, s) }},
		{"Rows", func(r *recorder, s string) {
			for _, err := range Rows(ctx, r, s) {
				if !errors.Is(err, errNotSent) {
					t.Errorf("Rows yielded %v, want the query's error", err)
				}
			}
		}},
		{"RowsWithColumns", func(r *recorder, s string) {
			for range RowsWithColumns(ctx, r, s, func([]*sql.ColumnType) error { return nil }) {
			}
		}},
		{"ReadPairs", func(r *recorder, s string) { _, _ = ReadPairs(ctx, r, s) }},
		{"ReadStrings", func(r *recorder, s string) { _, _ = ReadStrings(ctx, r, s) }},
		{"ReadRow", func(r *recorder, s string) { _, _ = ReadRow(ctx, r, s) }},
		{"Prepare", func(r *recorder, s string) {
			if err := Prepare(ctx, r, s); !errors.Is(err, errNotSent) {
				t.Errorf("Prepare returned %v, want the prepare's error", err)
			}
		}},
	}
	const body = "SELECT 1 /* upgrade-advisor */"
	for _, h := range helpers {
		for _, text := range []string{body, Tag + body} {
			r := &recorder{}
			h.send(r, text)
			if len(r.sent) != 1 {
				t.Fatalf("%s(%q) sent %d statements, want 1", h.name, text, len(r.sent))
			}
			if got := r.sent[0]; got != Tag+body {
				t.Errorf("%s(%q) sent %q, want %q (the tag once, in front)", h.name, text, got, Tag+body)
			}
		}
	}
}

// TestFixedStatementsTagOnce covers the helpers whose statements are their
// own: ReadWarnings, ReadGlobals and SetGlobal.
func TestFixedStatementsTagOnce(t *testing.T) {
	ctx := context.Background()
	r := &recorder{}
	_, _ = ReadWarnings(ctx, r)
	_ = SetGlobal(ctx, r, "innodb_file_per_table", "ON")
	want := []string{Tag + "SHOW WARNINGS", Tag + "SET GLOBAL innodb_file_per_table = ON"}
	if len(r.sent) != len(want) {
		t.Fatalf("sent %q, want %q", r.sent, want)
	}
	for i := range want {
		if r.sent[i] != want[i] {
			t.Errorf("sent %q, want %q", r.sent[i], want[i])
		}
	}
}

func TestTagged(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"SELECT 1", Tag + "SELECT 1"},
		{Tag + "SELECT 1", Tag + "SELECT 1"},
		{"", Tag},
		{strings.TrimSpace(Tag) + "SELECT 1", Tag + strings.TrimSpace(Tag) + "SELECT 1"}, // not the tag: its space is missing
	} {
		if got := Tagged(tc.in); got != tc.want {
			t.Errorf("Tagged(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScriptTagsEachStatementOnce: an --init-file's text, one tagged
// statement a line.
func TestScriptTagsEachStatementOnce(t *testing.T) {
	got := Script("DROP USER IF EXISTS ''@'localhost'", Tag+"FLUSH PRIVILEGES")
	want := Tag + "DROP USER IF EXISTS ''@'localhost';\n" + Tag + "FLUSH PRIVILEGES;\n"
	if got != want {
		t.Errorf("Script = %q, want %q", got, want)
	}
}
