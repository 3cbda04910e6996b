package queries

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// fixContext is what the fixes need to know of both servers.
type fixContext struct {
	todayCollation, targetCollation string
	// reserved are the statement's unquoted names that the target
	// reserves and today's server does not (asked of both for a 1064).
	reserved []string
}

// fixesFor reads what the fixes of a class in schema need.
func fixesFor(ctx context.Context, a, b *side, schema string) (fixContext, error) {
	ca, err := a.schemaCollation(ctx, schema)
	if err != nil {
		return fixContext{}, err
	}
	cb, err := b.schemaCollation(ctx, schema)
	if err != nil {
		return fixContext{}, err
	}
	return fixContext{todayCollation: ca, targetCollation: cb}, nil
}

// changedFix is the advice for other results: most come from the
// target's default collation (NO PAD trailing spaces, accent and case
// sensitivity, sort order) or from another sql_mode.
func (fx fixContext) changedFix() string {
	s := "if the difference is in text comparison, DISTINCT, GROUP BY or sorting: pin the collation"
	if fx.todayCollation != "" && fx.todayCollation != fx.targetCollation {
		s += fmt.Sprintf(" (today's default is %s, the target's %s): add COLLATE to the comparison, or give the tables today's collation explicitly", fx.todayCollation, fx.targetCollation)
	} else {
		s += " with COLLATE, or give the tables today's collation explicitly"
	}
	return s + "; otherwise compare the sql_mode of both servers"
}

// removedFunctions are replacements for functions the target lacks.
var removedFunctions = map[string]string{
	"MD5":          "compute the digest in the application, or use SHA2(expr, 256) where the stored values need not match",
	"SHA1":         "use SHA2(expr, 256) where the stored values need not match, or compute SHA-1 in the application",
	"SHA":          "use SHA2(expr, 256) where the stored values need not match, or compute SHA-1 in the application",
	"PASSWORD":     "hash in the application; for accounts use CREATE USER / ALTER USER ... IDENTIFIED BY",
	"OLD_PASSWORD": "hash in the application; for accounts use ALTER USER ... IDENTIFIED BY",
	"ENCRYPT":      "hash in the application, or use SHA2()",
	"ENCODE":       "use AES_ENCRYPT()",
	"DECODE":       "use AES_DECRYPT()",
	"DES_ENCRYPT":  "use AES_ENCRYPT()",
	"DES_DECRYPT":  "use AES_DECRYPT()",
}

// removedVariables are replacements for system variables the target lacks.
var removedVariables = map[string]string{
	"tx_isolation":     "read @@transaction_isolation",
	"tx_read_only":     "read @@transaction_read_only",
	"query_cache_size": "the query cache is gone: drop the read (a connector that sends it needs upgrading)",
	"query_cache_type": "the query cache is gone: drop the read (a connector that sends it needs upgrading)",
}

var (
	nearText        = regexp.MustCompile(`near '([^']*)`)
	missingFunction = regexp.MustCompile(`FUNCTION (?:[^ ]*\.)?([A-Za-z0-9_$]+) does not exist`)
	unknownVariable = regexp.MustCompile(`Unknown system variable '([^']+)'`)
	pleaseUse       = regexp.MustCompile(`(?i)please use (.+?) instead`)
)

// fixFor returns the fix for an error of the target, "" when none is known.
func fixFor(e serverError, ws words, fx fixContext) string {
	switch e.Code {
	case 1064:
		return syntaxFix(e.Message, ws, fx.reserved)
	case 1305:
		if m := missingFunction.FindStringSubmatch(e.Message); m != nil {
			if f, ok := removedFunctions[strings.ToUpper(m[1])]; ok {
				return m[1] + "() is gone on the target: " + f
			}
		}
	case 1193:
		if m := unknownVariable.FindStringSubmatch(e.Message); m != nil {
			if f, ok := removedVariables[strings.ToLower(m[1])]; ok {
				return f
			}
			return "the variable is gone on the target: drop the read or the SET"
		}
	case 1055:
		return "add the column to GROUP BY, wrap it in ANY_VALUE() or an aggregate, or take ONLY_FULL_GROUP_BY out of the target's sql_mode"
	case 1267, 1271:
		return "add COLLATE to one side of the comparison" + collations(fx)
	case 1231:
		if strings.Contains(e.Message, "NO_AUTO_CREATE_USER") {
			return "drop NO_AUTO_CREATE_USER from the sql_mode (MySQL 8.0 removed it)"
		}
		return "the target refuses the value: drop it from the SET or use the target's equivalent"
	case 1146:
		return "the table is missing on the target: load the same schema on both sandboxes"
	}
	return ""
}

func collations(fx fixContext) string {
	if fx.todayCollation == "" {
		return ""
	}
	return fmt.Sprintf(" (today's default %s, the target's %s)", fx.todayCollation, fx.targetCollation)
}

// syntaxFix explains a 1064 by the word where the target's parser stopped,
// or by the statement's names that only the target reserves (the parser
// often stops at the word after one: "near 'FROM ...'" for "rank FROM").
func syntaxFix(msg string, ws words, reserved []string) string {
	m := nearText.FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	near, _ := sqlfile.Outline(m[1])
	if len(near) == 0 {
		return ""
	}
	w := near[0].Text
	switch {
	case ws.topLevel("SHOW", "MASTER", "STATUS"):
		return "use SHOW BINARY LOG STATUS (MySQL 8.2 and later)"
	case ws.topLevel("SHOW", "SLAVE", "STATUS"):
		return "use SHOW REPLICA STATUS"
	case (w == "ASC" || w == "DESC") && ws.topLevel("GROUP", "BY"):
		return "GROUP BY ... ASC/DESC is gone: drop the direction and sort with ORDER BY"
	case w == "(" && calls(ws, "PASSWORD"):
		return "PASSWORD() is gone on the target: " + removedFunctions["PASSWORD"]
	case w == "SQL_CACHE":
		return "drop SQL_CACHE (the query cache is gone)"
	case near[0].Kind == sqlfile.Bare && len(near) > 1 && near[1].Text == "(" && calls(ws, w):
		return w + "() is not known to the target's parser: see its release notes for the replacement"
	case len(reserved) > 0:
		return reservedFix(reserved)
	}
	return ""
}

// reservedFix names the words to quote.
func reservedFix(reserved []string) string {
	if len(reserved) == 1 {
		return fmt.Sprintf("%s is a reserved word on the target (today's server does not reserve it): quote it as `%s` or rename it", reserved[0], reserved[0])
	}
	quoted := make([]string, len(reserved))
	for i, w := range reserved {
		quoted[i] = "`" + w + "`"
	}
	return fmt.Sprintf("%s are reserved words on the target (today's server does not reserve them): quote them as %s or rename them", strings.Join(reserved, ", "), strings.Join(quoted, ", "))
}

// calls reports whether the statement calls function f.
func calls(ws words, f string) bool {
	for i := range ws {
		if ws.bare(i, f) && ws.at(i+1) == "(" {
			return true
		}
	}
	return false
}

// isName reports whether w can be an unquoted name (not a number or operator).
func isName(w string) bool {
	if w == "" || (w[0] >= '0' && w[0] <= '9') {
		return false
	}
	for _, r := range w {
		if !(r == '_' || r == '$' || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r >= 0x80) {
			return false
		}
	}
	return true
}

// warningFix returns the fix for a warning only the target gives.
func warningFix(w Condition) string {
	if m := pleaseUse.FindStringSubmatch(w.Message); m != nil {
		return "use " + m[1] + " instead"
	}
	switch w.Code {
	case 3719:
		return "say utf8mb4 (or utf8mb3 to keep today's meaning)"
	case 1681:
		return "drop the deprecated word the message names"
	case 1287:
		return "replace the deprecated syntax before the release that removes it"
	}
	return ""
}
