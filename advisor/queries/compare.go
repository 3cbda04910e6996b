package queries

import (
	"fmt"
	"strings"
)

// sampleComparison is what comparing one sample on both servers found.
type sampleComparison struct {
	problems []Problem
	notes    []string
}

func (c *sampleComparison) add(p Problem)            { c.problems = append(c.problems, p) }
func (c *sampleComparison) note(s string)            { c.notes = append(c.notes, s) }
func (c *sampleComparison) notef(f string, a ...any) { c.note(fmt.Sprintf(f, a...)) }

// compareSample compares today's and the target's observation of one
// statement of kind k; ws is the statement's outline, fx what the fixes
// need to know of both servers.
func compareSample(today, target *observation, k Kind, ws words, fx fixContext, digits int) sampleComparison {
	var c sampleComparison
	compareSession(&c, today, target)
	if !compareErrors(&c, today, target, ws, fx) {
		return c
	}
	compareWarnings(&c, today.warnings, target.warnings)
	switch k {
	case KindQuery:
		compareResults(&c, today.result, target.result, resultShape(ws), fx, digits)
	case KindDML:
		if today.affected != target.affected {
			c.add(Problem{Status: StatusChanged, Aspect: "result", Message: "another number of affected rows",
				Today: fmt.Sprintf("%d rows affected", today.affected), Target: fmt.Sprintf("%d rows affected", target.affected), Fix: fx.changedFix()})
		}
	case KindShow:
		c.note("SHOW and EXPLAIN output is the server's own state: only errors and warnings are compared")
	}
	if (k == KindQuery || k == KindDML) && today.plan != nil && target.plan != nil && !samePlan(today.plan, target.plan) {
		c.add(Problem{Status: StatusPlan, Aspect: "plan", Message: "another plan (table order, access type or key)",
			Today: planText(today.plan), Target: planText(target.plan),
			Fix: "if the class is also slower: ANALYZE TABLE on the target, then an index hint or a rewrite"})
	}
	return c
}

// compareSession reports the logged session's SETs that only the target refuses.
func compareSession(c *sampleComparison, today, target *observation) {
	seen := map[int]bool{}
	for _, e := range today.session {
		seen[e.Code] = true
	}
	for _, e := range target.session {
		if !seen[e.Code] && !sessionRightRefused(c, e) {
			c.add(Problem{Status: StatusBreaks, Aspect: "session", Code: e.Code, Message: e.Message,
				Target: "the logged session's SET fails", Fix: fixFor(e, nil, fixContext{})})
		}
	}
}

// compareErrors compares the errors; it returns whether the rest can be
// compared (both servers ran the statement).
func compareErrors(c *sampleComparison, today, target *observation, ws words, fx fixContext) bool {
	if rightRefused(c, today, target) {
		return false
	}
	a, b := today.err, target.err
	switch {
	case a == nil && b == nil:
		return true
	case a == nil && target.timedOut:
		c.add(Problem{Status: StatusSlower, Aspect: "latency", Code: b.Code, Message: b.Message,
			Today: "ran within the timeout", Target: "stopped by the statement timeout",
			Fix: "compare the plans; ANALYZE TABLE on the target, then an index hint or a rewrite"})
	case a == nil:
		c.add(Problem{Status: StatusBreaks, Aspect: "error", Code: b.Code, Message: b.Message,
			Today: "runs", Target: "error " + b.String(), Fix: fixFor(*b, ws, fx)})
	case b == nil && setupFix(a.Code) == "":
		c.add(Problem{Status: StatusFixed, Aspect: "error", Code: a.Code, Message: a.Message,
			Today: "error " + a.String(), Target: "runs"})
	case today.timedOut && target.timedOut:
		c.note("stopped by the statement timeout on both servers: not compared")
	case b == nil || a.Code == b.Code || setupFix(a.Code) != "":
		// The same error, or today's a setup error (no database, a table
		// not loaded, a right the account lacks): nothing was compared,
		// whatever the target said (it may stop at its parser first).
		c.add(Problem{Status: StatusFailedBoth, Aspect: "error", Code: a.Code, Message: a.Message,
			Today: "error " + a.String(), Target: outcomeText(b), Fix: setupFix(a.Code)})
	default:
		c.add(Problem{Status: StatusChanged, Aspect: "error", Code: b.Code, Message: b.Message,
			Today: "error " + a.String(), Target: "error " + b.String(), Fix: fixFor(*b, ws, fx)})
	}
	return false
}

// compareWarnings reports the warning codes only the target gives (each
// once, with its message and fix); codes only today gives are noted.
func compareWarnings(c *sampleComparison, today, target []Condition) {
	count := map[int]int{}
	for _, w := range today {
		count[w.Code]++
	}
	reported := map[int]bool{}
	for _, w := range target {
		if count[w.Code] > 0 {
			count[w.Code]--
			continue
		}
		if reported[w.Code] {
			continue
		}
		reported[w.Code] = true
		c.add(Problem{Status: StatusWarned, Aspect: "warning", Code: w.Code, Message: w.Message,
			Target: w.Level + " " + fmt.Sprint(w.Code), Fix: warningFix(w)})
	}
	var gone []string
	for _, w := range today {
		if count[w.Code] > 0 {
			gone = append(gone, fmt.Sprintf("%d", w.Code))
			count[w.Code] = 0
		}
	}
	if len(gone) > 0 {
		c.notef("warnings given today and not by the target: %s", strings.Join(gone, ", "))
	}
}

// compareResults compares the columns and rows of two results.
func compareResults(c *sampleComparison, a, b *resultSet, sh shape, fx fixContext, digits int) {
	if a == nil || b == nil {
		return
	}
	if len(a.columns) != len(b.columns) {
		c.add(Problem{Status: StatusChanged, Aspect: "result", Message: "another number of columns",
			Today: columnsText(a.columns), Target: columnsText(b.columns), Fix: fx.changedFix()})
		return
	}
	for i := range a.columns {
		ca, cb := a.columns[i], b.columns[i]
		fa, fb := family(ca.Type), family(cb.Type)
		if ca.Name != cb.Name || (fa != fb && fa != "null" && fb != "null") {
			c.add(Problem{Status: StatusChanged, Aspect: "result", Message: fmt.Sprintf("column %d differs", i+1),
				Today: ca.Name + " " + ca.Type, Target: cb.Name + " " + cb.Type, Fix: fx.changedFix()})
			return
		}
	}
	masked := sh.masked(len(a.columns))
	if names := maskedNames(a.columns, masked); names != "" {
		c.notef("values that differ by nature not compared: %s", names)
	}
	switch {
	case a.truncated || b.truncated:
		c.notef("the result exceeds the cap (%d rows read today, %d on the target): rows not compared", len(a.rows), len(b.rows))
		return
	case sh.rowsVolatile:
		c.note("the rows depend on chance (RAND(), UUID() outside the select list): rows not compared")
		return
	}
	cn := newCanon(a.columns, b.columns, masked, digits)
	ra, rb := cn.rows(a.rows), cn.rows(b.rows)
	onlyA, onlyB, exA, exB := multisetDiff(ra, rb)
	if onlyA+onlyB > 0 && sh.limited && !sh.ordered && len(ra) == len(rb) {
		c.add(Problem{Status: StatusOrder, Aspect: "order",
			Message: fmt.Sprintf("other rows under LIMIT without ORDER BY (which rows come back is not determined): %d of %d differ", onlyA, len(ra)),
			Today:   exampleRow(exA), Target: exampleRow(exB), Fix: "add ORDER BY (on a unique key) for the rows the application relies on"})
		return
	}
	if onlyA+onlyB > 0 {
		c.add(Problem{Status: StatusChanged, Aspect: "result",
			Message: fmt.Sprintf("other rows: %d rows today, %d on the target; %d only today, %d only on the target", len(ra), len(rb), onlyA, onlyB),
			Today:   exampleRow(exA), Target: exampleRow(exB), Fix: fx.changedFix()})
		return
	}
	if sh.ordered {
		if !sameOrder(cn, a.rows, b.rows, keyColumns(sh.orderKeys, a.columns)) {
			c.add(Problem{Status: StatusChanged, Aspect: "result", Message: "the rows come in another order although the statement orders them",
				Today: firstRows(ra), Target: firstRows(rb), Fix: fx.changedFix()})
		}
		return
	}
	for i := range ra {
		if ra[i] != rb[i] {
			c.add(Problem{Status: StatusOrder, Aspect: "order", Message: "the same rows in another order (the statement has no ORDER BY)",
				Today: firstRows(ra), Target: firstRows(rb), Fix: "add ORDER BY for the order the application relies on"})
			return
		}
	}
}

func columnsText(cs []Column) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name
	}
	return strings.Join(parts, ", ")
}

func maskedNames(cs []Column, masked []bool) string {
	var names []string
	for i, m := range masked {
		if m {
			names = append(names, cs[i].Name)
		}
	}
	return strings.Join(names, ", ")
}

func exampleRow(r string) string {
	if r == "" {
		return ""
	}
	return "e.g. " + shortRow(r)
}

// firstRows shows the first rows of a result.
func firstRows(rs []string) string {
	n := min(len(rs), 3)
	parts := make([]string, n)
	for i := range n {
		parts[i] = shortRow(rs[i])
	}
	s := strings.Join(parts, " ")
	if len(rs) > n {
		s += " ..."
	}
	return s
}
