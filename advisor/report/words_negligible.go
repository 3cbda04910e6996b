package report

// The queries timed beyond the threshold by too little to matter, in one line.

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
)

// negligibleShown is how many negligible classes the line names; the JSON
// report keeps them all with their figures.
const negligibleShown = 8

// negligibleText is the one line that lists the classes timed beyond the
// threshold whose difference is too small to matter (queries.Materiality),
// "" when there are none.
func negligibleText(q *Queries) string {
	var cs []queries.ClassResult
	slower := 0
	for _, c := range q.Results {
		if c.Negligible && c.Latency != nil {
			cs = append(cs, c)
			if c.Latency.Ratio.Ratio > 1 {
				slower++
			}
		}
	}
	if len(cs) == 0 {
		return ""
	}
	s := fmt.Sprintf("%d classes beyond %.2fx by too little to matter (%d slower, %d faster", len(cs), q.Threshold, slower, len(cs)-slower)
	if m := q.Material; m != nil {
		s += fmt.Sprintf("; each under %g%% of the source's time and under %g ms an execution", 100*m.Share, m.PerExecutionMs)
	}
	s += "): "
	var items []string
	for _, c := range cs[:min(len(cs), negligibleShown)] {
		items = append(items, fmt.Sprintf("%s %.2fx", shortExcerpt(c.SQL, 60), c.Latency.Ratio.Ratio))
	}
	s += strings.Join(items, "; ")
	if n := len(cs) - negligibleShown; n > 0 {
		s += fmt.Sprintf("; and %d more (the JSON report has each with its figures)", n)
	}
	return s
}

// shortExcerpt is sqlExcerpt cut to n characters.
func shortExcerpt(s string, n int) string {
	s = sqlExcerpt(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n-3]) + "..."
	}
	return s
}
