package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// Every kind of report is written through Write in every format it has;
// a format it does not have is an error, and a fleet run writes its
// summary table for Markdown, as it always did.
func TestEveryKindWritesThroughWrite(t *testing.T) {
	rehearsal, _ := rehearseFixture(t)
	audit := fixtureReport("")
	comparison := &CompareReport{Command: "compare", Tool: ToolInfo{Version: "1.2.3"}, Rounds: 3, StopReason: "decided", Method: "paired"}
	fleet := Fleet{{Host: "db1", Report: audit, Duration: 2 * time.Second}, {Host: "db2", Err: errors.New("refused"), Duration: time.Second}}
	tests := []struct {
		name   string
		doc    Document
		format Format
		want   string // in the output; "" when the format is refused
	}{
		{"audit text", audit, Text, "upgrade-advisor 1.2.3"},
		{"audit JSON", audit, JSON, `"schema_version": 1`},
		{"audit Markdown", audit, Markdown, "# upgrade-advisor"},
		{"audit HTML", audit, HTML, "<!DOCTYPE html>"},
		{"schema check HTML", schemaFixture(t), HTML, "<!DOCTYPE html>"},
		{"compare text", comparison, Text, "upgrade-advisor 1.2.3 — compare"},
		{"compare JSON", comparison, JSON, `"command": "compare"`},
		{"compare Markdown", comparison, Markdown, "# upgrade-advisor compare"},
		{"compare HTML", comparison, HTML, ""},
		{"rehearse text", rehearsal, Text, "rehearse:"},
		{"rehearse JSON", rehearsal, JSON, `"command": "rehearse"`},
		{"rehearse Markdown", rehearsal, Markdown, "# upgrade-advisor rehearse"},
		{"rehearse HTML", rehearsal, HTML, "<!DOCTYPE html>"},
		{"fleet text", fleet, Text, "2 host(s): 1 ok, 1 failed"},
		{"fleet JSON", fleet, JSON, `{"host":"db2","duration_s":1,"error":"refused"}`},
		{"fleet Markdown is its text", fleet, Markdown, "2 host(s): 1 ok, 1 failed"},
		{"fleet HTML", fleet, HTML, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Write(&b, tc.doc, tc.format, TextStyle{})
			if tc.want == "" {
				if err == nil || !strings.Contains(err.Error(), "has no HTML form") {
					t.Errorf("want the format refused, got %v:\n%s", err, b.String())
				}
				return
			}
			if err != nil || !strings.Contains(b.String(), tc.want) {
				t.Errorf("err %v, output lacks %q:\n%s", err, tc.want, b.String())
			}
		})
	}
}
