package footprint

import (
	"errors"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

func TestParsePace(t *testing.T) {
	tests := []struct {
		in        string
		want      Pace
		wantError bool
	}{
		{"auto", Pace{}, false},
		{"", Pace{}, false},
		{"off", Pace{Fixed: true}, false},
		{"0", Pace{Fixed: true}, false},
		{"1.5", Pace{Fixed: true, Ratio: 1.5}, false},
		{" 2 ", Pace{Fixed: true, Ratio: 2}, false},
		{"-1", Pace{}, true},
		{"101", Pace{}, true},
		{"NaN", Pace{}, true},
		{"fast", Pace{}, true},
	}
	for _, tt := range tests {
		got, err := ParsePace(tt.in)
		if tt.wantError {
			if !errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), "--pace") {
				t.Errorf("ParsePace(%q) = %v, %v; want a usage error naming --pace", tt.in, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParsePace(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestPaceRatioFollowsTheServersLoadOnlyWhenAuto(t *testing.T) {
	tests := []struct {
		pace Pace
		busy bool
		want float64
	}{
		{Pace{}, true, AutoPaceRatio},
		{Pace{}, false, 0},
		{Pace{Fixed: true}, true, 0},
		{Pace{Fixed: true, Ratio: 1}, false, 1},
		{Pace{Fixed: true, Ratio: 1}, true, 1},
	}
	for _, tt := range tests {
		if got := tt.pace.ratio(tt.busy); got != tt.want {
			t.Errorf("%s busy=%v: ratio %g, want %g", tt.pace, tt.busy, got, tt.want)
		}
	}
}

func TestIsBusy(t *testing.T) {
	tests := []struct {
		perSecond float64
		running   int64
		want      bool
	}{
		{0, 0, false},
		{busyQuestionsPerSecond - 1, busyThreadsRunning - 1, false},
		{busyQuestionsPerSecond, 0, true},
		{0, busyThreadsRunning, true},
	}
	for _, tt := range tests {
		if got := isBusy(tt.perSecond, tt.running); got != tt.want {
			t.Errorf("isBusy(%g, %d) = %v", tt.perSecond, tt.running, got)
		}
	}
}

func TestLoadGuardNamesTheSignalAboveItsLimit(t *testing.T) {
	g := loadGuard{maxThreads: 25, maxHistory: 1000, maxFsyncs: 4}
	tests := []struct {
		s     serverSignals
		cause string
		flag  string
	}{
		{serverSignals{ThreadsRunning: 3, HistoryLength: 10, PendingFsyncs: 0}, "", ""},
		{serverSignals{ThreadsRunning: 26, HistoryLength: 10}, "Threads_running", "--max-threads-running"},
		{serverSignals{ThreadsRunning: 3, HistoryLength: 1001}, "history list length", "--max-history-length"},
		{serverSignals{ThreadsRunning: 3, HistoryLength: -1, PendingFsyncs: 5}, "pending fsyncs", "--max-pending-fsyncs"},
		{serverSignals{ThreadsRunning: 3, HistoryLength: -1, PendingFsyncs: -1}, "", ""},
	}
	for _, tt := range tests {
		if got := g.cause(tt.s); got != tt.cause {
			t.Errorf("%+v: cause %q, want %q", tt.s, got, tt.cause)
		}
		if why := g.overLimit(tt.s); !strings.Contains(why, tt.flag) || (tt.flag == "") != (why == "") {
			t.Errorf("%+v: %q does not name %q", tt.s, why, tt.flag)
		}
	}
	off := loadGuard{maxThreads: 25}
	if why := off.overLimit(serverSignals{HistoryLength: 1e9, PendingFsyncs: 1e9}); why != "" {
		t.Errorf("limits off, yet held: %s", why)
	}
}

func TestLimitOrDefault(t *testing.T) {
	for _, tt := range []struct{ in, want int64 }{{0, 7}, {-1, 0}, {3, 3}} {
		if got := limitOrDefault(tt.in, 7); got != tt.want {
			t.Errorf("limitOrDefault(%d) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestDisturbanceOnThrottleOrWideIntervalUnderLoad(t *testing.T) {
	res := func(low, high float64) *bench.Result {
		return &bench.Result{Variants: []bench.VariantResult{
			{Plan: bench.Plan{Name: bench.Baseline, Measured: true}, Speedup: effect.Interval{Ratio: 1, Low: 1, High: 1}},
			{Plan: bench.Plan{Name: bench.FilePerTableOff, Measured: true}, Speedup: effect.Interval{Ratio: 1.5, Low: low, High: high}},
		}}
	}
	tests := []struct {
		name  string
		load  Load
		res   *bench.Result
		wants string
	}{
		{"quiet, wide", Load{}, res(1.0, 2.0), ""},
		{"busy, narrow", Load{UnderLoad: true}, res(1.45, 1.55), ""},
		{"busy, wide", Load{UnderLoad: true}, res(1.0, 2.0), "file_per_table_off's interval"},
		{"throttled", Load{Pauses: []Pause{{Cause: "history list length"}}}, res(1.45, 1.55), "waited for history list length"},
		{"operator pause only", Load{Pauses: []Pause{{Cause: "pause file"}}}, res(1.45, 1.55), ""},
	}
	for _, tt := range tests {
		got := disturbance(&tt.load, tt.res)
		if (tt.wants == "") != (got == "") || !strings.Contains(got, tt.wants) {
			t.Errorf("%s: disturbance %q, want %q", tt.name, got, tt.wants)
		}
	}
}
