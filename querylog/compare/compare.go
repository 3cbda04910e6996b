package compare

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/querylog"
)

// Column is one column of a result: its name and the type the server
// reports (the driver's DatabaseTypeName: "DECIMAL", "BIGINT", "VARCHAR", ...).
type Column struct {
	Name string
	Type string
}

// Cell is one value: its text as the server sent it, or NULL.
type Cell struct {
	Null bool
	Text string
}

// Result is what one server returned for a statement.
type Result struct {
	Columns []Column
	Rows    [][]Cell
}

// Outcome is the verdict on two results.
type Outcome string

const (
	Same    Outcome = "same"    // the same columns and rows (in the same order where the statement orders)
	Order   Outcome = "order"   // the same rows in another order, and the statement does not order them
	Changed Outcome = "changed" // other columns, another row count or other rows
)

// Diff is the comparison of today's result with the target's.
type Diff struct {
	Outcome Outcome
	Reason  string   // what differs, in a sentence ("" when Same)
	Ignored []string // the columns not compared: their values differ by nature
	// Undetermined: LIMIT without ORDER BY, so which rows come back is not
	// determined and a Changed may be the servers' choice, not a change.
	Undetermined bool
}

// Options tune the comparison.
type Options struct {
	// Tolerance is the relative difference under which two DOUBLE values
	// are equal (default 1e-9; FLOAT columns use at least 1e-6).
	Tolerance float64
}

func (o Options) tolerance() float64 {
	if o.Tolerance > 0 {
		return o.Tolerance
	}
	return 1e-9
}

// Compare compares today's result of statement with the target's.
func Compare(statement string, today, target Result, o Options) Diff {
	shape := querylog.ResultShape(statement)
	d := Diff{Undetermined: shape.Limited && !shape.Ordered}
	if reason := columnsDiffer(today.Columns, target.Columns); reason != "" {
		d.Outcome, d.Reason = Changed, reason
		return d
	}
	cols := plan(today.Columns, target.Columns, shape.Ignored(len(today.Columns)), o.tolerance())
	for i, c := range cols {
		if c.ignored {
			d.Ignored = append(d.Ignored, today.Columns[i].Name)
		}
	}
	if len(today.Rows) != len(target.Rows) {
		d.Outcome, d.Reason = Changed, fmt.Sprintf("%d rows today, %d on the target", len(today.Rows), len(target.Rows))
		return d
	}
	inOrder := sameSequence(cols, today.Rows, target.Rows)
	if inOrder {
		d.Outcome = Same
		return d
	}
	onlyToday, onlyTarget := multisetDifference(cols, today.Rows, target.Rows)
	switch {
	case len(onlyToday) > 0 || len(onlyTarget) > 0:
		d.Outcome = Changed
		d.Reason = fmt.Sprintf("%d of %d rows differ: today %s, on the target %s", max(len(onlyToday), len(onlyTarget)), len(today.Rows),
			firstRow(onlyToday), firstRow(onlyTarget))
	case shape.Ordered:
		d.Outcome = Changed
		d.Reason = "the same rows in another order, and the statement orders them: the sort changed (a collation?), or rows tie on the ORDER BY keys"
	default:
		d.Outcome = Order
		d.Reason = "the same rows in another order; the statement has no ORDER BY at its top level (add one if the application relies on the order)"
	}
	return d
}

// columnsDiffer says how the columns differ: count, names, or the kind of
// their types; "" when they agree.
func columnsDiffer(a, b []Column) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d columns today (%s), %d on the target (%s)", len(a), names(a), len(b), names(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			return fmt.Sprintf("column %d is %q today, %q on the target", i+1, a[i].Name, b[i].Name)
		}
		if ka, kb := kindOf(a[i].Type), kindOf(b[i].Type); !compatible(ka, kb) {
			return fmt.Sprintf("column %q is %s today, %s on the target", a[i].Name, a[i].Type, b[i].Type)
		}
	}
	return ""
}

func names(cs []Column) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return strings.Join(out, ", ")
}

func firstRow(rows [][]Cell) string {
	if len(rows) == 0 {
		return "(none)"
	}
	return showRow(rows[0])
}

// showRow renders a row for a reason, shortened.
func showRow(r []Cell) string {
	parts := make([]string, len(r))
	for i, c := range r {
		if c.Null {
			parts[i] = "NULL"
		} else {
			parts[i] = fmt.Sprintf("%q", c.Text)
		}
	}
	s := "(" + strings.Join(parts, ", ") + ")"
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}
