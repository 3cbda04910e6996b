package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
)

// The "under load" section appears in every format with the load, the
// pace, each pause's cause and, when disturbed, the warning.
func TestLoadSectionInEveryFormat(t *testing.T) {
	r := &Report{Command: "audit", Load: &footprint.Load{
		UnderLoad: true, OthersQuestionsPerS: 5230, OthersQuestionsPerSMax: 7012, ThreadsRunning: 3.2, ThreadsRunningMax: 6,
		HistoryLengthMax: 812, PendingFsyncsMax: -1, Replicas: 0, Pace: "auto", PaceRatio: 3, PacedS: 41.5, HeldS: 44.5,
		Pauses:    []footprint.Pause{{Cause: "history list length", Detail: "InnoDB history list length 2000 > --max-history-length 1000", Count: 2, Seconds: 3}},
		Disturbed: true, Disturbance: "the throttle waited for history list length",
	}}
	wants := []string{"measured under load", "5230/s", "pending fsyncs max unknown", "3x", "41.5 s", "waiting for history list length", "less certain"}
	for _, f := range []Format{Text, Markdown} {
		var b bytes.Buffer
		if err := Write(&b, r, f, TextStyle{}); err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(strings.ToLower(b.String()), strings.ToLower(w)) {
				t.Errorf("format %d report lacks %q:\n%s", f, w, b.String())
			}
		}
	}
	var b bytes.Buffer
	if err := Write(&b, r, JSON, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	var back struct{ Load footprint.Load }
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Load.Pauses[0].Cause != "history list length" || !back.Load.Disturbed || back.Load.PaceRatio != 3 {
		t.Errorf("JSON load section: %+v", back.Load)
	}
	b.Reset()
	r.Load = nil
	if err := Write(&b, r, Text, TextStyle{}); err != nil || strings.Contains(b.String(), "Server load") {
		t.Errorf("a report without a calibration shows a load section: %v\n%s", err, b.String())
	}
}
