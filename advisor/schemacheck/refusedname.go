package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// nameRefusals words the fix of a definition the target's grammar refused
// (1064) by the names in it that the target reserves: "rank is a reserved
// word on the target" rather than "a name may have become reserved".
func nameRefusals(ctx context.Context, r *Result, tp, sp *prober) error {
	for k := range r.Problems {
		p := &r.Problems[k]
		if p.Kind != outcome.StatusRefused || p.Code != 1064 {
			continue
		}
		words, err := reservedIn(ctx, r.Object, tp, sp)
		if err != nil {
			return err
		}
		if len(words) > 0 {
			p.Fix = reservedWordsFix(words, sp != nil)
		}
	}
	return nil
}

// reservedIn returns the definition's names the target reserves. With
// today's server at hand every unquoted word is asked, and only those
// today's server does not reserve are kept (a keyword the definition
// uses as one is reserved on both); without it, only the object's own
// name and a table's column names are asked.
func reservedIn(ctx context.Context, o sqlfile.Object, tp, sp *prober) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, name := range candidateNames(o, sp != nil) {
		key := strings.ToLower(name)
		if seen[key] {
			continue
		}
		seen[key] = true
		res, err := tp.Reserved(ctx, name)
		if err != nil || !res {
			if err != nil {
				return nil, err
			}
			continue
		}
		if sp != nil {
			if today, err := sp.Reserved(ctx, name); err != nil {
				return nil, err
			} else if today {
				continue
			}
		}
		out = append(out, key)
	}
	return out, nil
}

// candidateNames are the words of a definition that may be names.
func candidateNames(o sqlfile.Object, everyWord bool) []string {
	if !everyWord {
		names := []string{o.Name}
		if o.Kind == sqlfile.KindTable {
			names = append(names, sqlfile.ColumnNames(o.SQL)...)
		}
		return names
	}
	ws, _ := sqlfile.Outline(o.SQL)
	var out []string
	for i, w := range ws {
		if w.Kind == sqlfile.Bare && sqlfile.IsBareWord(w.Text) && (i+1 >= len(ws) || ws[i+1].Text != "(") {
			out = append(out, w.Text)
		}
	}
	return out
}

// reservedWordsFix names the words to quote.
func reservedWordsFix(words []string, comparedToday bool) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "`" + w + "`"
	}
	today := ""
	if comparedToday {
		today = " (today's server does not reserve it)"
	}
	if len(words) == 1 {
		return fmt.Sprintf("%s is a reserved word on the target%s: quote it as %s in the definition and in every query, or rename it", words[0], today, quoted[0])
	}
	if comparedToday {
		today = " (today's server does not reserve them)"
	}
	return fmt.Sprintf("%s are reserved words on the target%s: quote them as %s in the definition and in every query, or rename them", strings.Join(words, ", "), today, strings.Join(quoted, ", "))
}
