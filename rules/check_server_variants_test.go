package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func TestServerVariantsAreLabelledAndNeverActive(t *testing.T) {
	s := measuredSnapshot(WorkloadDDLHeavy, nil, nil, nil)
	s.Bench.Variants = append(s.Bench.Variants,
		Variant{Name: "doublewrite_off", Measured: true, CreateP50: 2.0, Speedup: effect.Interval{Ratio: 1.45, Low: 1.3, High: 1.6},
			ServerOption: "innodb_doublewrite=0", DurabilityCost: "torn pages", StagingOnly: true},
		Variant{Name: "log_file_size_1g", Measured: true, CreateP50: 2.8, Speedup: effect.Interval{Ratio: 1.02, Low: 0.95, High: 1.1},
			ServerOption: "innodb_log_file_size=1G", DurabilityCost: "none"})
	fs := checkServerVariants(s)
	if len(fs) != 2 {
		t.Fatalf("want 2 findings, got %d", len(fs))
	}
	dw := ddlTestFinding(fs, "server-variant-doublewrite_off")
	if dw == nil || !strings.HasPrefix(dw.Title, "Staging/test only") || !strings.Contains(dw.Detail, "torn pages") {
		t.Fatalf("doublewrite finding: %+v", dw)
	}
	for _, f := range fs {
		if f.Severity != Info {
			t.Errorf("%s: severity %s", f.ID, f.Severity)
		}
		for _, l := range f.Recommendation.MyCnf {
			if !strings.HasPrefix(l, "#") {
				t.Errorf("%s: active my.cnf line %q", f.ID, l)
			}
		}
	}
	if lf := ddlTestFinding(fs, "server-variant-log_file_size_1g"); lf == nil || !strings.Contains(lf.Title, "no gain") {
		t.Errorf("log file size finding: %+v", lf)
	}
}
