package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// causeGroup is the statements (query classes) or schema objects that got
// one status for one cause: the same server error, or the same kind of
// difference. The verdict lists blockers and changes by cause, and each
// group is a finding of its own (derivedFindings).
type causeGroup struct {
	Kind   string // "statement" or "object"
	Status string // the class's or object's status
	Code   int    // the server's error or warning code, 0 when none
	Cause  string // what the members have in common, as a noun phrase
	// kind is the kind of finding its status is (statuses.go): the
	// group's finding id, severity and side of the verdict.
	kind    rules.Kind
	Members []VerdictExample
}

// queryGroups groups the query classes that have a severity by status and
// cause, in the order the classes come (worst status first).
func queryGroups(q *Queries) []causeGroup {
	if q == nil {
		return nil
	}
	var out []causeGroup
	for _, c := range q.Results {
		kind, ok := queryStatusKind(c.Status)
		if !ok {
			continue
		}
		p := problemOf(c)
		g := causeGroup{Kind: KindStatement, Status: string(c.Status), Code: p.Code, Cause: queryCause(c.Status, p), kind: kind}
		out = addMember(out, g, VerdictExample{Text: sqlExcerpt(c.SQL), Fix: p.Fix})
	}
	return out
}

// problemOf is the class's problem that gave it its status (the first
// problem when none has it).
func problemOf(c queries.ClassResult) queries.Problem {
	for _, p := range c.Problems {
		if p.Status == c.Status {
			return p
		}
	}
	if len(c.Problems) > 0 {
		return c.Problems[0]
	}
	return queries.Problem{}
}

// queryCause says what a class's problem is, by the server's code where
// the code names the cause.
func queryCause(s queries.Status, p queries.Problem) string {
	switch s {
	case queries.StatusBreaks:
		return breakCause(p)
	case queries.StatusChanged:
		return "other rows on the target"
	case queries.StatusOrder:
		return "the same rows in another order (no ORDER BY)"
	case queries.StatusSlower:
		return "slower on the target"
	case queries.StatusWarned:
		if p.Code != 0 {
			return fmt.Sprintf("a warning only the target gives (warning %d)", p.Code)
		}
		return "a warning only the target gives"
	case queries.StatusPlan:
		return "another plan on the target"
	}
	return string(s) + codeSuffix(p.Code)
}

// breakCause names why statements fail on the target, by the error code
// (and, for a syntax error, by the fix that names a reserved word).
func breakCause(p queries.Problem) string {
	cause := map[int]string{
		1305: "a function the target lacks",
		1193: "a system variable the target lacks",
		1146: "a table missing on the target",
		1054: "a column the target does not know",
		1055: "refused by ONLY_FULL_GROUP_BY",
		1267: "collations the target refuses to compare",
		1271: "collations the target refuses to compare",
		1231: "a value the target refuses",
	}[p.Code]
	switch {
	case p.Code == 1064 && strings.Contains(p.Fix, "reserved word"):
		cause = "a word reserved on the target"
	case p.Code == 1064:
		cause = "syntax the target's parser refuses"
	case cause == "":
		cause = "an error on the target"
	}
	return cause + codeSuffix(p.Code)
}

func codeSuffix(code int) string {
	if code == 0 {
		return ""
	}
	return fmt.Sprintf(" (error %d)", code)
}

// schemaGroupsByCause groups the objects that have a severity by status
// and the code of the problem that gave them their status.
func schemaGroupsByCause(s *Schema) []causeGroup {
	if s == nil {
		return nil
	}
	var out []causeGroup
	stop := plainLoadStop(s)
	for i, o := range s.Objects {
		kind, ok := schemaStatusKind(o.Status)
		if !ok {
			continue
		}
		p := objectProblem(o)
		g := causeGroup{Kind: KindObject, Status: o.Status, Code: p.Code, Cause: objectCause(o.Status, p.Code), kind: kind}
		m := VerdictExample{Text: objectText(s, o, p, kind.Severity), Fix: p.Fix}
		if i == stop.object && stop.after > 0 {
			m.Note = stop.note()
		}
		out = addMember(out, g, m)
	}
	return out
}

// objectText names an object and where it is read; for one that fails on
// the target, with the server's message.
func objectText(s *Schema, o SchemaObject, p SchemaProblem, sev rules.Severity) string {
	text := fmt.Sprintf("%s %s (%s)", o.Kind, o.Name, s.place(o))
	if sev >= rules.Critical && p.Message != "" {
		text += ": " + p.Message
	}
	return text
}

// objectProblem is the problem that gave an object its status.
func objectProblem(o SchemaObject) SchemaProblem {
	for _, p := range o.Problems {
		if p.Kind == o.Status && !p.Today {
			return p
		}
	}
	return SchemaProblem{}
}

func objectCause(status string, code int) string {
	switch status {
	case outcome.StatusRefused:
		return "refused by the target" + codeSuffix(code)
	case outcome.StatusRuntime:
		return "loaded, but calls something the target lacks" + codeSuffix(code)
	case outcome.StatusReserved:
		return "a name reserved on the target"
	case outcome.StatusRewritten:
		return "rewritten by the target (collation, character set or defaults)"
	case outcome.StatusWarned:
		return "warnings at creation" + codeSuffix(code)
	case outcome.StatusBlocked:
		return "failed only because an earlier statement failed"
	}
	return status
}

// addMember adds the member to the group of the same kind, status, code
// and cause, or starts that group.
func addMember(groups []causeGroup, g causeGroup, m VerdictExample) []causeGroup {
	for i := range groups {
		if h := groups[i]; h.Kind == g.Kind && h.Status == g.Status && h.Code == g.Code && h.Cause == g.Cause {
			groups[i].Members = append(groups[i].Members, m)
			return groups
		}
	}
	g.Members = []VerdictExample{m}
	return append(groups, g)
}

// text is the group as one line: "2 statements: a word reserved on the
// target (error 1064)".
func (g causeGroup) text() string {
	return countNoun(len(g.Members), g.Kind) + ": " + g.Cause
}

// countNoun is "1 statement", "3 objects".

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}
