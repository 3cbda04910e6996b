package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

func class(sql string, s queries.Status, code int, fix string) queries.ClassResult {
	c := queries.ClassResult{SQL: sql, Status: s}
	if s != queries.StatusSame {
		c.Problems = []queries.Problem{{Status: s, Aspect: "error", Code: code, Message: "m", Fix: fix}}
	}
	return c
}

func object(name, status string, code int) SchemaObject {
	return SchemaObject{Kind: "table", Name: name, Source: "shop.sql:1", Status: status,
		Problems: []SchemaProblem{{Kind: status, Code: code, Message: "msg " + name}}}
}

func finding(id string, sev rules.Severity, evidence map[string]string) FindingInfo {
	return FindingInfo{ID: id, Severity: sev.String(), severity: sev, Title: id + " title", Evidence: evidence}
}

// TestJudge: the readiness and the line that says why, for each thing
// that blocks, changes or neither.
func TestJudge(t *testing.T) {
	reserved := "rank is a reserved word on the target: quote it as `rank` or rename it"
	cases := []struct {
		name      string
		r         RehearseReport
		readiness string
		summary   string // the verdict line, exactly
		blockers  []string
		changes   []string
	}{
		{name: "nothing", readiness: Ready, summary: "ready: nothing fails or behaves differently on MySQL 9.7.4 in what this run checked (settings and defaults)"},
		{name: "slower, faster and plans do not decide", r: RehearseReport{Queries: &Queries{Results: []queries.ClassResult{
			class("SELECT 1", queries.StatusSlower, 0, ""), class("SELECT 2", queries.StatusFaster, 0, ""), class("SELECT 3", queries.StatusPlan, 0, "")}}},
			readiness: Ready, summary: "ready: nothing fails or behaves differently on MySQL 9.7.4 in what this run checked (settings and defaults, 3 statements of the application)"},
		{name: "breaks grouped by cause", r: RehearseReport{Queries: &Queries{Results: []queries.ClassResult{
			class("SELECT a AS rank FROM t", queries.StatusBreaks, 1064, reserved),
			class("SELECT MD5('x')", queries.StatusBreaks, 1305, "MD5() is gone"),
			class("SELECT b AS rank FROM t", queries.StatusBreaks, 1064, reserved),
			class("SELECT x FROM t WHERE y = 'a'", queries.StatusChanged, 0, "pin the collation")}}},
			readiness: Blocked, summary: "blocked: 3 statements fail on MySQL 9.7.4",
			blockers: []string{"2 statements: a word reserved on the target (error 1064)", "1 statement: a function the target lacks (error 1305)"},
			changes:  []string{"1 statement: other rows on the target"}},
		{name: "refused and runtime objects", r: RehearseReport{Schema: &Schema{Source: "shop.sql", Objects: []SchemaObject{
			object("a", "refused", 1064), object("b", "refused", 1064), object("c", "runtime", 1305), object("d", "rewritten", 0), object("e", "loaded", 0)}}},
			readiness: Blocked, summary: "blocked: 2 objects refused, 1 object fails when called",
			blockers: []string{"2 objects: refused by the target (error 1064)", "1 object: loaded, but calls something the target lacks (error 1305)"},
			changes:  []string{"1 object: rewritten by the target (collation, character set or defaults)"}},
		{name: "changes only: rows, order, drift that matters", r: RehearseReport{
			Queries: &Queries{Results: []queries.ClassResult{class("SELECT 1", queries.StatusOrder, 0, "")}},
			Findings: []FindingInfo{finding(rules.RuleDefaultDrift, rules.Warning, map[string]string{"variable": "sql_mode"}),
				finding(rules.RuleDefaultDrift, rules.Info, map[string]string{"variable": "max_allowed_packet"}),
				finding("ddl-file-per-table-recommend", rules.Warning, nil)}},
			readiness: Changes, summary: "changes: 1 statement returns rows in another order, 1 default that matters changes",
			changes: []string{"1 statement: the same rows in another order (no ORDER BY)", "1 default that matters changes on the target"}},
		{name: "a setting the target refuses, said once", r: RehearseReport{
			Validation: RehearseValidation{Refused: []RefusedInfo{{Option: "query_cache_size=0", Message: "unknown variable"}}},
			Findings:   []FindingInfo{finding("removed-variable", rules.Critical, map[string]string{"variable": "query_cache_size"})}},
			readiness: Blocked, summary: "blocked: 1 setting the target refuses",
			blockers: []string{"1 setting of today's my.cnf the target refuses to start with"}},
		{name: "a critical finding blocks", r: RehearseReport{Findings: []FindingInfo{finding("account-plugin-unloadable", rules.Critical, nil)}},
			readiness: Blocked, summary: "blocked: 1 critical finding", blockers: []string{"account-plugin-unloadable title"}},
		{name: "an in-place upgrade that failed", r: RehearseReport{InPlace: &InPlace{Error: "the target did not start"}},
			readiness: Blocked, summary: "blocked: the in-place upgrade did not come up clean",
			blockers: []string{"the in-place upgrade failed: the target did not start"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			r.Target = ServerInfo{Flavor: "mysql", Version: "9.7.4"}
			r.Judge()
			v := r.Verdict
			if v.Readiness != tc.readiness || v.Summary != tc.summary {
				t.Errorf("verdict %q %q, want %q %q", v.Readiness, v.Summary, tc.readiness, tc.summary)
			}
			if got := itemTexts(v.Blockers); strings.Join(got, "|") != strings.Join(tc.blockers, "|") {
				t.Errorf("blockers %q, want %q", got, tc.blockers)
			}
			if got := itemTexts(v.Changes); strings.Join(got, "|") != strings.Join(tc.changes, "|") {
				t.Errorf("changes %q, want %q", got, tc.changes)
			}
			worst, _ := r.Worst()
			if v.Readiness == Blocked && worst != rules.Critical {
				t.Errorf("blocked, but the worst severity --fail-on sees is %s", worst)
			}
		})
	}
}

func itemTexts(items []VerdictItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Text)
	}
	return out
}

// TestBlockersAreFindings: the breaking statements and refused objects
// are critical findings, one a cause, counted with the rules' findings;
// judging again replaces them rather than adding them twice.
func TestBlockersAreFindings(t *testing.T) {
	r := &Report{Target: &TargetInfo{Flavor: "mysql", Version: "9.7"},
		Schema: &Schema{Source: "s.sql", Objects: []SchemaObject{object("a", "refused", 1064)}},
		Queries: &Queries{Results: []queries.ClassResult{class("SELECT MD5('x')", queries.StatusBreaks, 1305, "fix"),
			class("SELECT MD5('y')", queries.StatusBreaks, 1305, "fix")}},
		Findings: []FindingInfo{finding(rules.RuleDefaultDrift, rules.Info, map[string]string{"variable": "x"})}}
	r.Judge()
	r.Judge()
	counts := map[string]int{}
	for _, f := range r.Findings {
		counts[f.ID]++
	}
	if counts["query-breaks"] != 1 || counts["schema-refused"] != 1 || counts[rules.RuleDefaultDrift] != 1 || len(r.Findings) != 3 {
		t.Fatalf("findings %v, want one query-breaks, one schema-refused and the drift", counts)
	}
	if got := findingCounts(severityGroups(r.Findings)); got != "2 critical, 0 warning, 1 info" {
		t.Errorf("findings count %q, want the two blockers counted as critical", got)
	}
	if r.Findings[0].Title != "2 statements: a function the target lacks (error 1305)" &&
		r.Findings[1].Title != "2 statements: a function the target lacks (error 1305)" {
		t.Errorf("findings %+v: want the breaks grouped by their code", r.Findings)
	}
}

// TestNoTargetNoVerdict: an audit without --target judges nothing.
func TestNoTargetNoVerdict(t *testing.T) {
	r := &Report{Findings: []FindingInfo{finding("ddl-file-per-table", rules.Info, nil)}}
	r.Judge()
	if r.Verdict != nil {
		t.Errorf("verdict %+v without a target", r.Verdict)
	}
}

// TestFoldDrift: information-level drift nothing of the user's sets or
// the measurement changes is folded; a warning, a set or a measured
// variable is listed; --verbose lists all.
func TestFoldDrift(t *testing.T) {
	fs := []FindingInfo{
		finding(rules.RuleDefaultDrift, rules.Info, map[string]string{"variable": "max_allowed_packet"}),
		finding(rules.RuleDefaultDrift, rules.Info, map[string]string{"variable": "innodb_file_per_table"}),
		finding(rules.RuleDefaultDrift, rules.Info, map[string]string{"variable": "table_open_cache"}),
		finding(rules.RuleDefaultDrift, rules.Warning, map[string]string{"variable": "sql_mode"}),
		finding("target-scope", rules.Info, nil),
	}
	touched := map[string]bool{"innodb_file_per_table": true, "table_open_cache": true}
	listed, folded := foldFindings(fs, touched, false)
	if len(folded) != 1 || folded[0].Evidence["variable"] != "max_allowed_packet" || len(listed) != 4 {
		t.Errorf("folded %v, listed %d: want max_allowed_packet folded alone", folded, len(listed))
	}
	if listed, folded := foldFindings(fs, touched, true); len(folded) != 0 || len(listed) != len(fs) {
		t.Errorf("--verbose folded %d", len(folded))
	}
	if got := foldedLine(19); got != "19 defaults differ on the target that nothing of yours sets; --verbose lists them" {
		t.Errorf("line %q", got)
	}
}

// TestCompareIsReady: compare runs nothing of the application, so its
// verdict is ready, saying what it checked, first in text and Markdown.
func TestCompareIsReady(t *testing.T) {
	r := &CompareReport{Target: CompareSide{Server: ServerInfo{Flavor: "mariadb", Version: "10.11.19"}}}
	r.Judge()
	if r.Verdict.Readiness != Ready || !strings.Contains(r.Verdict.Summary, "CREATE TABLE only") {
		t.Fatalf("verdict %+v", r.Verdict)
	}
	for _, f := range []Format{Text, Markdown} {
		var b strings.Builder
		if err := Write(&b, r, f, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		if lines := strings.Split(b.String(), "\n"); len(lines) < 3 || !strings.Contains(lines[1]+lines[2], r.Verdict.Summary) {
			t.Errorf("%s: the verdict is not first after the title:\n%s", f, b.String())
		}
	}
}

// TestSettingBlockerNamesTheLine: a critical finding on an option of the
// file is a blocker that names the option, its line and the finding's fix.
func TestSettingBlockerNamesTheLine(t *testing.T) {
	f := finding("removed-variable", rules.Critical, map[string]string{"variable": "query_cache_size", "value": "16M", "locations": "my.cnf:3"})
	f.Recommendation.MyCnf = []string{"# remove query_cache_size (my.cnf:3): not accepted by MySQL 9.7.4"}
	r := &RehearseReport{Target: ServerInfo{Flavor: "mysql", Version: "9.7.4"}, Findings: []FindingInfo{f}}
	r.Judge()
	b := r.Verdict.Blockers
	if len(b) != 1 || len(b[0].Examples) != 1 || b[0].Examples[0].Text != "query_cache_size=16M (my.cnf:3)" ||
		b[0].Examples[0].Fix != "remove query_cache_size (my.cnf:3): not accepted by MySQL 9.7.4" || b[0].Kind != KindSetting {
		t.Errorf("blockers %+v", b)
	}
}

// TestNothingRanIsNotReady: a check that put nothing through the target
// (settings against the knowledge base, a schema checked without the
// target's binaries) is unverified, with the way to make it real; the
// target's binary asked, a schema loaded into its sandbox or statements
// run on it make it ready. What the knowledge base finds still blocks.
func TestNothingRanIsNotReady(t *testing.T) {
	target := &TargetInfo{Flavor: "mariadb", Version: "11.8"}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"settings, knowledge base", Report{Target: target}, Unverified},
		{"schema, knowledge base", Report{Target: target, Schema: &Schema{Target: "MariaDB 11.8" + outcome.KnowledgeOnly,
			Objects: []SchemaObject{object("a", "loaded", 0)}}}, Unverified},
		{"the binary asked", Report{Target: &TargetInfo{Flavor: "mariadb", Version: "11.8", Binary: "/opt/mariadb-11.8/bin/mariadbd"}}, Ready},
		{"schema in a sandbox", Report{Target: target, Schema: &Schema{Target: "MariaDB 11.8.9 (sandbox)",
			Objects: []SchemaObject{object("a", "loaded", 0)}}}, Ready},
		{"statements run", Report{Target: target, Queries: &Queries{}}, Ready},
		{"a critical finding still blocks", Report{Target: target, Findings: []FindingInfo{finding("removed-variable", rules.Critical, nil)}}, Blocked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			r.Judge()
			if r.Verdict.Readiness != tc.want {
				t.Fatalf("readiness %s, want %s: %s", r.Verdict.Readiness, tc.want, r.Verdict.Summary)
			}
			if tc.want == Unverified && (strings.Contains(r.Verdict.Summary, "ready") || !strings.Contains(r.Verdict.Summary, "--target-basedir")) {
				t.Errorf("summary %q: want no ready and the way to run it", r.Verdict.Summary)
			}
			var b strings.Builder
			if err := Write(&b, &r, Text, TextStyle{}); err != nil {
				t.Fatal(err)
			}
			if tc.want == Unverified && !strings.Contains(b.String(), "[??] unverified: ") {
				t.Errorf("text lacks the unverified verdict:\n%s", b.String())
			}
		})
	}
}

// TestPlainLoadNote: the first refusal in the file's order (not one today
// shares) carries the line saying where a load without --force stops and
// how many objects it leaves out; none for a schema read from a server.
func TestPlainLoadNote(t *testing.T) {
	obj := func(kind, name string, line int, status string, p ...SchemaProblem) SchemaObject {
		return SchemaObject{Kind: kind, Name: name, Source: "d.sql:" + strconv.Itoa(line), Status: status, Problems: p}
	}
	refused := SchemaProblem{Kind: "refused", Code: 1231, Message: "m"}
	shared := SchemaProblem{Kind: "refused", Code: 1064, Message: "m", Today: true}
	s := &Schema{Source: "d.sql", Objects: []SchemaObject{
		obj("table", "a", 10, "loaded"),
		obj("table", "b", 20, "loaded", shared),
		obj("statement", "SET sql_mode", 232, "refused", refused),
		obj("procedure", "p", 240, "loaded"),
		obj("table", "c", 300, "refused", refused),
		obj("view", "v", 310, "loaded"),
	}}
	var notes []string
	for _, g := range schemaGroupsByCause(s) {
		for _, m := range g.Members {
			if m.Note != "" {
				notes = append(notes, m.Text+" | "+m.Note)
			}
		}
	}
	want := "statement SET sql_mode (line 232): m | a load without --force stops here: 3 objects after it are not created"
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q, want [%q]", notes, want)
	}
	s.Source = "server 127.0.0.1:3306"
	for _, g := range schemaGroupsByCause(s) {
		for _, m := range g.Members {
			if m.Note != "" {
				t.Errorf("a schema read from a server has a plain-load note: %q", m.Note)
			}
		}
	}
	last := &Schema{Source: "d.sql", Objects: []SchemaObject{obj("table", "a", 1, "loaded"), obj("statement", "use shop", 2, "refused", refused)}}
	for _, g := range schemaGroupsByCause(last) {
		for _, m := range g.Members {
			if m.Note != "" {
				t.Errorf("a refusal with nothing after it has a plain-load note: %q", m.Note)
			}
		}
	}
}
