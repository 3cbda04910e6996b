package advisor

// A/A runs: the same server compared with itself must come out "not shown
// to differ", on every server family we run. Two sandboxes of the same
// binary and options (two processes, two datadirs), and one server named
// twice (two sessions on one process, its globals shared and restored).
// The budget is small, but the verdict is the tool's own, decided by the
// stop rule's interval as in a default run.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// aaBudget keeps an A/A run short; the stop rule still runs its
// sequential looks within it (at least 3 rounds).
const aaBudget = 4 * time.Second

// assertNotShownToDiffer fails unless the compare report's verdict on the
// target's baseline against the source's is "not shown to differ", on the
// interval the stop rule decided on, and the interval is one worth the
// name (containing its ratio; the decision interval no narrower than the
// printed one). Its width is logged, not asserted: on a busy machine a
// short run's interval is honestly wide.
func assertNotShownToDiffer(t *testing.T, r *report.CompareReport) {
	t.Helper()
	base := r.Variants[0].VsSourceBaseline
	if base == nil || r.Decision == nil {
		t.Fatalf("no baseline comparison or no stop-rule decision: %+v / %+v", base, r.Decision)
	}
	deciding := effect.Deciding(*base, r.Decision.Interval)
	if v := effect.OfTime(deciding); v != effect.VerdictNotShown {
		t.Errorf("A/A verdict %q on %v (95%% CI %v): want %q", v, deciding, base, effect.VerdictNotShown)
	}
	if !base.Contains(base.Ratio) || r.Decision.Interval.Width() < base.Width() {
		t.Errorf("implausible intervals: 95%% %v, decision %v", base, r.Decision.Interval)
	}
	if !strings.Contains(strings.Join(r.Summary, " "), string(effect.VerdictNotShown)) {
		t.Errorf("summary does not say %q: %q", effect.VerdictNotShown, r.Summary)
	}
	if !strings.Contains(r.Method, "statements alternate between the source and the target") {
		t.Errorf("method line: %s", r.Method)
	}
	t.Logf("%s; %d rounds, stop %s, decision %q %v (width %.2f)", strings.Join(r.Summary, " "), r.Rounds, r.StopReason, r.Decision.Verdict, r.Decision.Interval, base.Width())
}

func TestMatrixCompareAAOfTwoSandboxes(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		dir := sandboxtest.ShortTempDir(t)
		end := func() server.Endpoint {
			o := srv.Options(sandbox.Options{Dir: dir})
			return server.Endpoint{Spec: "sandbox:", Sandbox: &o}
		}
		r, err := Compare(context.Background(), CompareOptions{ToolVersion: "test", Source: end(), Target: end(),
			Bench: server.BenchOptions{Budget: aaBudget}, SandboxLog: sandboxtest.LogWriter(t)})
		if err != nil {
			t.Fatal(err)
		}
		assertServerIs(t, r.Source.Server, srv)
		assertServerIs(t, r.Target.Server, srv)
		assertNotShownToDiffer(t, r)
	})
}

func TestMatrixCompareAAOfOneServerNamedTwice(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		dsn := srv.SharedDSN(t)
		db := sandboxtest.Open(t, dsn)
		before := sandboxtest.Capture(t, db)
		e, err := server.ParseEndpoint(dsn, server.ConnOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		// SET GLOBAL allowed: both sessions switch the same server's
		// innodb_file_per_table, which must end as it was.
		r, err := Compare(context.Background(), CompareOptions{ToolVersion: "test", Source: e, Target: e,
			Bench: server.BenchOptions{Budget: aaBudget, AllowSetGlobal: true}})
		if err != nil {
			t.Fatal(err)
		}
		before.AssertUnchanged(t, db)
		assertNotShownToDiffer(t, r)
	})
}
