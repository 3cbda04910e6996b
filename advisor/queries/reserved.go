package queries

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// reservedWords is what one server says of its reserved words, read once:
// information_schema.KEYWORDS with its RESERVED column (MySQL 8.0 and
// later), the keyword list alone (MariaDB 10.6 and later: each keyword is
// then tried unquoted, once), or nothing (every word is tried).
type reservedWords struct {
	loaded   bool
	reserved map[string]bool // nil when the server has no RESERVED column
	keywords map[string]bool // nil when the server has no KEYWORDS table
	probed   map[string]bool
}

// isReserved reports whether the side refuses word as an unquoted name.
func (s *side) isReserved(ctx context.Context, word string) (bool, error) {
	rw := &s.words
	if !rw.loaded {
		if err := rw.load(ctx, s); err != nil {
			return false, err
		}
	}
	key := strings.ToLower(word)
	switch {
	case rw.reserved != nil:
		return rw.reserved[key], nil
	case rw.keywords != nil && !rw.keywords[key]:
		return false, nil
	}
	if r, ok := rw.probed[key]; ok {
		return r, nil
	}
	_, err := stmt.Exec(ctx, s.DB, "DO (SELECT "+word+" FROM (SELECT 1 AS "+stmt.QuoteIdent(word)+") AS upgrade_advisor_probe)")
	se, isServer := asServerError(err)
	if err != nil && !isServer {
		return false, fmt.Errorf("asking %s whether %s is reserved: %w", s.Name, word, err)
	}
	r := err != nil && se.Code == 1064
	rw.probed[key] = r
	return r, nil
}

// load reads the side's keyword table, where it has one.
func (rw *reservedWords) load(ctx context.Context, s *side) error {
	rw.probed = map[string]bool{}
	cols, err := stmt.ReadStrings(ctx, s.DB, `SELECT COLUMN_NAME FROM information_schema.COLUMNS
		WHERE TABLE_SCHEMA = 'information_schema' AND TABLE_NAME = 'KEYWORDS'`)
	if err != nil {
		return fmt.Errorf("asking %s for its keyword table: %w", s.Name, err)
	}
	if len(cols) > 0 {
		if rw.keywords, err = readWords(ctx, s, "SELECT WORD FROM information_schema.KEYWORDS"); err != nil {
			return err
		}
	}
	if len(cols) > 1 {
		if rw.reserved, err = readWords(ctx, s, "SELECT WORD FROM information_schema.KEYWORDS WHERE RESERVED = 1"); err != nil {
			return err
		}
	}
	rw.loaded = true
	return nil
}

func readWords(ctx context.Context, s *side, query string) (map[string]bool, error) {
	ws, err := stmt.ReadStrings(ctx, s.DB, query)
	if err != nil {
		return nil, fmt.Errorf("reading the keywords of %s: %w", s.Name, err)
	}
	out := make(map[string]bool, len(ws))
	for _, w := range ws {
		out[strings.ToLower(w)] = true
	}
	return out, nil
}

// newlyReserved returns the unquoted names of the statement that the
// target reserves and today's server does not: the words a 1064 of the
// target is about. Function calls (a word before "(") are not names.
func newlyReserved(ctx context.Context, today, target *side, ws words) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for i, w := range ws {
		key := strings.ToLower(w.Text)
		if !ws.bare(i, w.Text) || !isName(w.Text) || ws.at(i+1) == "(" || seen[key] {
			continue
		}
		seen[key] = true
		onTarget, err := target.isReserved(ctx, w.Text)
		if err != nil || !onTarget {
			if err != nil {
				return nil, err
			}
			continue
		}
		onToday, err := today.isReserved(ctx, w.Text)
		if err != nil {
			return nil, err
		}
		if !onToday {
			out = append(out, key)
		}
	}
	return out, nil
}

// withReserved adds to fx the names a target's 1064 may be about.
func withReserved(ctx context.Context, a, b *side, target *observation, ws words, fx fixContext) (fixContext, error) {
	if target.err == nil || target.err.Code != 1064 {
		return fx, nil
	}
	r, err := newlyReserved(ctx, a, b, ws)
	if err != nil {
		return fx, err
	}
	fx.reserved = r
	return fx, nil
}
