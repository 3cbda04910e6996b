package rules

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
)

// Snippets and titles write numbers as an option file would.
func TestPlainValueWritesNumbersPlainly(t *testing.T) {
	f, _ := knowledge.Lookup("expire_logs_days")
	if got := plainValue(f, "0.000000"); got != "0" {
		t.Errorf("plainValue(0.000000) = %q, want 0", got)
	}
	if got := mycnfLine("expire_logs_days", plainValue(f, "7.000000")); got != "expire_logs_days = 7" {
		t.Errorf("snippet %q", got)
	}
	if got := showValue(f, "30.000000"); got != "30" {
		t.Errorf("showValue = %q, want 30", got)
	}
}
