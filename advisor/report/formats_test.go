package report

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// formatCases are the golden files of the Markdown and HTML reports.
var formatCases = []struct {
	name   string
	class  rules.WorkloadClass
	ext    string
	render func(*bytes.Buffer, *Report) error
}{
	{"ddl-heavy", "", "md", func(b *bytes.Buffer, r *Report) error { return markdown(b, r, TextStyle{}) }},
	{"ddl-heavy", "", "html", func(b *bytes.Buffer, r *Report) error { return Write(b, r, HTML, TextStyle{}) }},
	{"oltp", rules.WorkloadOLTP, "md", func(b *bytes.Buffer, r *Report) error { return markdown(b, r, TextStyle{}) }},
	{"oltp", rules.WorkloadOLTP, "html", func(b *bytes.Buffer, r *Report) error { return Write(b, r, HTML, TextStyle{}) }},
	{string(oldDefaults), oldDefaults, "md", func(b *bytes.Buffer, r *Report) error { return markdown(b, r, TextStyle{}) }},
	{string(oldDefaults), oldDefaults, "html", func(b *bytes.Buffer, r *Report) error { return Write(b, r, HTML, TextStyle{}) }},
}

func TestMarkdownAndHTMLGolden(t *testing.T) {
	for _, tc := range formatCases {
		t.Run(tc.name+"/"+tc.ext, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tc.render(&buf, fixtureReport(tc.class)); err != nil {
				t.Fatal(err)
			}
			golden(t, "audit-"+tc.name+"."+tc.ext, buf.Bytes())
		})
	}
}

// hostile is a string a server or a file path could carry: markup, a table
// cell separator, a backtick fence and a Markdown emphasis.
const hostile = "<script>alert(1)</script> | a|b ``` *x* _y_"

func TestHTMLChartHasAWhiskerPerMeasuredVariant(t *testing.T) {
	r := fixtureReport("")
	// An asymmetric interval reaching below 1.0x, beyond the others.
	r.Benchmark.Variants[1].Speedup = &effect.Interval{Ratio: 1.2, Low: 0.85, High: 2.4}
	page := renderHTML(t, r)
	refX := attrFloat(t, regexp.MustCompile(`<line class="ref" x1="([0-9.]+)"`), page)
	bars := regexp.MustCompile(`(?s)<g class="row" data-variant="([^"]+)">.*?</g>`).FindAllStringSubmatch(page, -1)
	whiskers := regexp.MustCompile(`(?s)<g class="whisker[^"]*" data-variant="([^"]+)">.*?</g>`).FindAllStringSubmatch(page, -1)
	barOf, whiskerOf := map[string]string{}, map[string]string{}
	for _, m := range bars {
		barOf[m[1]] = m[0]
	}
	for _, m := range whiskers {
		whiskerOf[m[1]] = m[0]
	}
	ciLine := regexp.MustCompile(`<line class="ci" x1="([0-9.]+)" y1="[0-9.]+" x2="([0-9.]+)"`)
	dot := regexp.MustCompile(`<circle class="ratio" cx="([0-9.]+)"`)
	for _, v := range r.Benchmark.Variants {
		if !v.Measured {
			continue
		}
		if !strings.Contains(barOf[v.Name], `<rect class="bar`) {
			t.Errorf("%s: no bar in the CREATE p50 chart", v.Name)
		}
		if v.Name == bench.Baseline {
			continue
		}
		g, ok := whiskerOf[v.Name]
		if !ok {
			t.Errorf("%s: no whisker in the speedup chart", v.Name)
			continue
		}
		ci := ciLine.FindStringSubmatch(g)
		if ci == nil || strings.Count(g, `class="ci cap"`) != 2 {
			t.Errorf("%s: whisker needs an interval line and two end caps:\n%s", v.Name, g)
			continue
		}
		low, high := parseFloat(t, ci[1]), parseFloat(t, ci[2])
		ratio := attrFloat(t, dot, g)
		if !(low <= ratio && ratio <= high) {
			t.Errorf("%s: whisker x coordinates not ordered low %.1f <= ratio %.1f <= high %.1f", v.Name, low, ratio, high)
		}
		if (v.Speedup.Ratio > 1) != (ratio > refX) || (v.Speedup.Low < 1) != (low < refX) {
			t.Errorf("%s: %.2fx (%.2f-%.2f) drawn on the wrong side of the 1.0x line at %.1f (low %.1f, ratio %.1f)",
				v.Name, v.Speedup.Ratio, v.Speedup.Low, v.Speedup.High, refX, low, ratio)
		}
		if !strings.Contains(g, fmt.Sprintf("%.2fx (%.2f-%.2f)", v.Speedup.Ratio, v.Speedup.Low, v.Speedup.High)) {
			t.Errorf("%s: whisker lacks its numbers:\n%s", v.Name, g)
		}
	}
	if _, ok := whiskerOf[bench.Baseline]; ok {
		t.Error("the baseline has a whisker; its speedup is 1.0x by definition")
	}
}

func TestHostileStringsAreEscaped(t *testing.T) {
	r := hostileReport()
	page := renderHTML(t, r)
	if strings.Contains(strings.ToLower(page), "<script") {
		t.Errorf("HTML contains a raw <script> tag:\n%s", page)
	}
	if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("HTML lacks the escaped string")
	}

	md := renderMarkdown(t, r)
	if line, ok := rawHTMLLine(md); ok {
		t.Errorf("Markdown has a '<' outside code that is not escaped (raw HTML): %s", line)
	}
	checkTableCells(t, md)
	checkCodeFences(t, md)
}

// rawHTMLLine finds a line with a '<' that GitHub could take for the start
// of raw HTML: outside code blocks and code spans, and not escaped.
func rawHTMLLine(md string) (string, bool) {
	inBlock := ""
	for _, line := range strings.Split(md, "\n") {
		if fence := leadingFence(line); fence != "" && (inBlock == "" || fence == inBlock) {
			if inBlock == "" {
				inBlock = fence
			} else {
				inBlock = ""
			}
			continue
		}
		if inBlock == "" && strings.Contains(outsideCodeSpans(line), "<") {
			return line, true
		}
	}
	return "", false
}

func leadingFence(line string) string {
	n := 0
	for n < len(line) && line[n] == '`' {
		n++
	}
	if n < 3 {
		return ""
	}
	return line[:n]
}

// outsideCodeSpans drops code spans and backslash-escaped characters from
// a line of Markdown, leaving the text that could be markup.
func outsideCodeSpans(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\':
			i++
		case line[i] == '`':
			n := 1
			for i+n < len(line) && line[i+n] == '`' {
				n++
			}
			fence := line[i : i+n]
			end := closingRun(line, i+n, fence)
			if end < 0 {
				i += n - 1
				continue
			}
			i = end + n - 1
		default:
			b.WriteByte(line[i])
		}
	}
	return b.String()
}

// closingRun is the index of the next run of exactly len(fence) backticks
// from i, or -1.
func closingRun(line string, i int, fence string) int {
	for i < len(line) {
		j := strings.Index(line[i:], fence)
		if j < 0 {
			return -1
		}
		start := i + j
		end := start + len(fence)
		if end < len(line) && line[end] == '`' {
			for end < len(line) && line[end] == '`' {
				end++
			}
			i = end
			continue
		}
		return start
	}
	return -1
}

// checkTableCells splits every table row as GitHub does (a pipe ends a cell
// unless a backslash escapes it, code spans included) and wants as many
// cells as the table's header.
func checkTableCells(t *testing.T, md string) {
	t.Helper()
	columns, tables := 0, 0
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			columns = 0
			continue
		}
		n := countCells(line)
		if columns == 0 {
			columns = n
			tables++
			continue
		}
		if n != columns {
			t.Errorf("table row has %d cells, header %d: %s", n, columns, line)
		}
	}
	if tables < 3 {
		t.Errorf("want the settings, config and calibration tables, found %d tables", tables)
	}
}

func countCells(row string) int {
	pipes := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			pipes++
		}
	}
	return pipes - 1
}

// checkCodeFences wants the my.cnf block to close with its own fence even
// when the snippet contains backticks.
func checkCodeFences(t *testing.T, md string) {
	t.Helper()
	_, after, ok := strings.Cut(md, "## my.cnf snippet\n\n")
	if !ok {
		t.Fatal("no my.cnf section")
	}
	open, rest, _ := strings.Cut(after, "\n")
	fence := strings.TrimSuffix(open, "ini")
	if !strings.HasPrefix(fence, "```") || strings.Trim(fence, "`") != "" {
		t.Fatalf("my.cnf block does not open with a fence: %q", open)
	}
	body, _, ok := strings.Cut(rest, "\n"+fence+"\n")
	if !ok || !strings.Contains(body, hostile) {
		t.Errorf("my.cnf block (fence %q) does not hold the whole snippet:\n%s", fence, after)
	}
}

func TestNotMeasuredVariantShowsItsReason(t *testing.T) {
	r := fixtureReport("")
	v := &r.Benchmark.Variants[1]
	v.Measured, v.CreateMs, v.DropMs, v.Speedup, v.DropSpeedup = false, nil, nil, nil, nil
	v.Reason = "SET GLOBAL is not allowed"
	v.Flag = "--allow-set-global (restored afterwards) or --sandbox"
	want := "not measured: SET GLOBAL is not allowed (measure it with --allow-set-global (restored afterwards) or --sandbox)"

	md := renderMarkdown(t, r)
	if !strings.Contains(md, "| `"+v.Name+"` |") || !strings.Contains(md, want+" |") {
		t.Errorf("Markdown lacks the row %q:\n%s", want, md)
	}
	page := renderHTML(t, r)
	if !strings.Contains(page, `<td class="missing" colspan="3">`+want+`</td>`) {
		t.Errorf("HTML table lacks %q", want)
	}
	if strings.Contains(page, `class="whisker" data-variant="`+v.Name+`"`) ||
		strings.Contains(page, `class="whisker gain" data-variant="`+v.Name+`"`) {
		t.Error("a variant that was not measured has a whisker")
	}
	row := regexp.MustCompile(`(?s)<g class="row" data-variant="` + v.Name + `">.*?</g>`).FindString(page)
	if !strings.Contains(row, "not measured") || strings.Contains(row, "<rect") {
		t.Errorf("CREATE chart row of a variant that was not measured:\n%s", row)
	}
}

func TestHTMLIsSelfContained(t *testing.T) {
	page := renderHTML(t, fixtureReport(""))
	for _, s := range []string{"<script", "<link", "<img", "<iframe", "src=", "href=", "url(", "@import", "http:", "https:", "javascript:"} {
		if strings.Contains(strings.ToLower(page), s) {
			t.Errorf("HTML contains %q; the page must not load anything", s)
		}
	}
	for _, s := range []string{"<!DOCTYPE html>", "<style>", "<svg", "<title id=\"time-title\">", "<title id=\"speedup-title\">", "<desc id=\"speedup-desc\">", `role="img"`} {
		if !strings.Contains(page, s) {
			t.Errorf("HTML lacks %q", s)
		}
	}
}

func TestMarkdownAndHTMLAreDeterministic(t *testing.T) {
	for i := 0; i < 5; i++ {
		a, b := fixtureReport(""), fixtureReport("")
		if renderMarkdown(t, a) != renderMarkdown(t, b) || renderHTML(t, a) != renderHTML(t, b) {
			t.Fatal("two renderings of the same report differ")
		}
	}
}

func TestMarkdownGroupsFindingsBySeverity(t *testing.T) {
	r := fixtureReport("")
	r.Findings = append(r.Findings, FindingInfo{ID: "x-critical", Severity: "critical", Title: "something critical"})
	md := renderMarkdown(t, r)
	for _, h := range []string{"### Critical (1)", "### Warning (1)", "### Info (1)", "## Findings: 1 critical, 1 warning, 1 info"} {
		if !strings.Contains(md, "\n"+h+"\n") {
			t.Errorf("Markdown lacks heading %q", h)
		}
	}
	if strings.Index(md, "something critical") > strings.Index(md, "### Warning") {
		t.Error("critical finding not under the Critical heading")
	}
}

// hostileReport is the fixture with hostile strings in every free-text
// field a renderer shows.
func hostileReport() *Report {
	r := fixtureReport("")
	r.Server.Address = "root@tcp(" + hostile + ")"
	r.Server.VersionComment = hostile
	r.Target = &TargetInfo{Flavor: "mysql", Version: hostile}
	r.Settings["innodb_flush_method"] = SettingInfo{Value: hostile, Origin: rules.OriginConfig}
	r.Settings[hostile] = SettingInfo{Value: "1", Origin: rules.OriginRuntime, File: hostile}
	r.Config = []ConfigInfo{{Name: hostile, Value: hostile, Section: hostile, File: "/etc/my|sql/" + hostile, Line: 3, Loose: true}}
	r.Workload.Reason = hostile
	r.Benchmark.Method = hostile
	v := &r.Benchmark.Variants[2]
	v.Mechanism = hostile
	w := &r.Benchmark.Variants[3]
	w.Measured, w.Reason, w.Flag = false, hostile, hostile
	f := &r.Findings[0]
	f.Title, f.Detail, f.ID = hostile, hostile, hostile
	f.Recommendation.SQL = []string{hostile}
	f.Recommendation.Tradeoffs = []string{hostile}
	r.Notes = []string{hostile}
	r.MyCnf = "[mysqld]\n```\n" + hostile + "\n"
	item := VerdictItem{Text: hostile, Examples: []VerdictExample{{Text: hostile, Fix: hostile}, {Text: hostile + "`"}}}
	r.Verdict = &Verdict{Readiness: Blocked, Summary: hostile, Blockers: []VerdictItem{item}, Changes: []VerdictItem{item}}
	return r
}

func renderHTML(t *testing.T, r *Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, r, HTML, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func renderMarkdown(t *testing.T, r *Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := markdown(&buf, r, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func attrFloat(t *testing.T, re *regexp.Regexp, s string) float64 {
	t.Helper()
	m := re.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no match for %s", re)
	}
	return parseFloat(t, m[1])
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
