package main

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// shape1020 is sysbench 1.0.20's latency histogram: 1024 buckets from
// 0.001 ms to 100 s, as traffic.lua prints it.
var shape1020 = histogramShape{size: 1024, deduct: math.Log(0.001), mult: 1023 / (math.Log(100000) - math.Log(0.001)), reported: 95}

func TestParseHistogramHeader(t *testing.T) {
	tests := []struct {
		line    string
		wantErr bool
	}{
		{"LOADTEST_HISTOGRAM 1024 -6.9077552789821368 55.535371743164051 95", false},
		{"LOADTEST_HISTOGRAM 0 -6.9 55.5 95", true},
		{"LOADTEST_HISTOGRAM 1024 -6.9 0 95", true},
		{"LOADTEST_HISTOGRAM 1024 -6.9 55.5 100", true},
		{"LOADTEST_HISTOGRAM 1024 -6.9 NaN 95", true},
		{"LOADTEST_HISTOGRAM 1024 -6.9 55.5", true},
		{"LOADTEST_INTERVAL 1024 -6.9 55.5 95", true},
	}
	for _, tt := range tests {
		_, err := parseHistogramHeader(tt.line)
		if (err != nil) != tt.wantErr {
			t.Errorf("parseHistogramHeader(%q) error %v, want error %v", tt.line, err, tt.wantErr)
		}
	}
}

func TestParseInterval(t *testing.T) {
	at := time.Unix(1000, 0)
	tests := []struct {
		line    string
		wantErr bool
		events  int64
		buckets map[int]int64
	}{
		{"LOADTEST_INTERVAL 1.000 1.002 608 1 0 11.65 379:1,388:2,388:3", false, 608, map[int]int64{379: 1, 388: 5}},
		{"LOADTEST_INTERVAL 2.000 1.000 0 0 0 0.001 -", false, 0, map[int]int64{}},
		{"LOADTEST_INTERVAL 2.000 0 5 0 0 1.0 1:5", true, 0, nil},
		{"LOADTEST_INTERVAL 2.000 1.0 -5 0 0 1.0 1:5", true, 0, nil},
		{"LOADTEST_INTERVAL 2.000 1.0 5 0 0 1.0 1024:5", true, 0, nil},
		{"LOADTEST_INTERVAL 2.000 1.0 5 0 0 1.0 1:0", true, 0, nil},
		{"LOADTEST_INTERVAL 2.000 1.0 5 0 0 1.0 1;5", true, 0, nil},
		{"LOADTEST_INTERVAL 2.000 1.0 5 0 0 1.0", true, 0, nil},
	}
	for _, tt := range tests {
		iv, err := parseInterval(tt.line, shape1020, at)
		if (err != nil) != tt.wantErr {
			t.Errorf("parseInterval(%q) error %v, want error %v", tt.line, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if iv.events != tt.events || fmt.Sprint(iv.buckets) != fmt.Sprint(tt.buckets) || !iv.end.Equal(at) {
			t.Errorf("parseInterval(%q) = %d events, buckets %v, end %v; want %d, %v, %v", tt.line, iv.events, iv.buckets, iv.end, tt.events, tt.buckets, at)
		}
	}
}

// TestPercentileIsSysbenchs checks the rule sysbench uses: the first bucket
// where the running count reaches round(n*pct/100).
func TestPercentileIsSysbenchs(t *testing.T) {
	tests := []struct {
		buckets map[int]int64
		pct     float64
		want    int // bucket
	}{
		{map[int]int64{10: 1}, 95, 10},
		{map[int]int64{10: 94, 20: 6}, 95, 20},
		{map[int]int64{10: 95, 20: 5}, 95, 10},
		{map[int]int64{10: 98, 20: 1, 30: 1}, 99, 20},
		{map[int]int64{10: 990, 20: 5, 30: 5}, 99, 10},
		{map[int]int64{10: 5, 30: 995}, 1, 30},
	}
	for _, tt := range tests {
		got := shape1020.percentileMs(tt.buckets, tt.pct)
		if want := shape1020.bucketMs(tt.want); got != want {
			t.Errorf("p%g of %v = %.4f ms, want bucket %d (%.4f ms)", tt.pct, tt.buckets, got, tt.want, want)
		}
	}
	if got := shape1020.percentileMs(map[int]int64{}, 95); !math.IsNaN(got) {
		t.Errorf("p95 of nothing = %v, want NaN", got)
	}
}

func TestBucketsMatchSysbenchRange(t *testing.T) {
	if lo, hi := shape1020.bucketMs(0), shape1020.bucketMs(1023); math.Abs(lo-0.001) > 1e-12 || math.Abs(hi-100000) > 1e-6 {
		t.Errorf("bucket 0 = %g ms, bucket 1023 = %g ms; want sysbench's 0.001 and 100000", lo, hi)
	}
}

func TestCheckIntervalRefusesAnotherLayout(t *testing.T) {
	iv := interval{buckets: map[int]int64{400: 90, 500: 10}}
	iv.reportedMs = shape1020.percentileMs(iv.buckets, 95)
	if err := shape1020.checkInterval(iv); err != nil {
		t.Errorf("matching percentile refused: %v", err)
	}
	iv.reportedMs = shape1020.bucketMs(400)
	if err := shape1020.checkInterval(iv); err == nil || !strings.Contains(err.Error(), "1.0.20") {
		t.Errorf("mismatching percentile: error %v, want one naming sysbench 1.0.20", err)
	}
}

func TestSummariseMergesHistograms(t *testing.T) {
	ivs := []interval{
		{seconds: 1, events: 100, errors: 1, buckets: map[int]int64{400: 100}},
		{seconds: 1, events: 100, reconnects: 2, buckets: map[int]int64{400: 90, 600: 10}},
	}
	s := summarise(shape1020, ivs)
	if s.Events != 200 || s.TPS != 100 || s.Errors != 1 || s.Reconnects != 2 || s.Intervals != 2 {
		t.Errorf("counts: %+v", s)
	}
	// 10 of 200 in bucket 600: the merged p95 (190th) is bucket 400, the p99
	// (198th) bucket 600, the worst one-second p95 bucket 600.
	if s.P95Ms != shape1020.bucketMs(400) || s.P99Ms != shape1020.bucketMs(600) || s.MaxP95Ms != shape1020.bucketMs(600) {
		t.Errorf("p95 %.3f p99 %.3f worst %.3f; want buckets 400, 600, 600", s.P95Ms, s.P99Ms, s.MaxP95Ms)
	}
}

func TestInWindow(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var ivs []interval
	for i := 1; i <= 10; i++ { // interval i covers [t0+i-1, t0+i]
		ivs = append(ivs, interval{end: t0.Add(time.Duration(i) * time.Second), seconds: 1, events: int64(i)})
	}
	tests := []struct {
		name     string
		from, to time.Duration
		in, out  []int64
	}{
		{"middles inside", 2200 * time.Millisecond, 5600 * time.Millisecond, []int64{3, 4, 5, 6}, []int64{1, 2, 7, 8, 9, 10}},
		{"shorter than a second: the overlapping ones", 3100 * time.Millisecond, 3300 * time.Millisecond, []int64{4}, []int64{1, 2, 3, 5, 6, 7, 8, 9, 10}},
		{"across a boundary", 3900 * time.Millisecond, 4200 * time.Millisecond, []int64{4, 5}, []int64{1, 2, 3, 6, 7, 8, 9, 10}},
		{"after the run", 20 * time.Second, 30 * time.Second, nil, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
	}
	events := func(ivs []interval) []int64 {
		var out []int64
		for _, iv := range ivs {
			out = append(out, iv.events)
		}
		return out
	}
	for _, tt := range tests {
		from, to := t0.Add(tt.from), t0.Add(tt.to)
		if got := events(inWindow(ivs, from, to)); fmt.Sprint(got) != fmt.Sprint(tt.in) {
			t.Errorf("%s: intervals in %v, want %v", tt.name, got, tt.in)
		}
		if got := events(outsideWindow(ivs, from, to)); fmt.Sprint(got) != fmt.Sprint(tt.out) {
			t.Errorf("%s: intervals outside %v, want %v", tt.name, got, tt.out)
		}
	}
}

func FuzzParseInterval(f *testing.F) {
	f.Add("LOADTEST_INTERVAL 1.000 1.002 608 1 0 11.65 379:1,388:2")
	f.Add("LOADTEST_INTERVAL 2.000 1.000 0 0 0 0.001 -")
	f.Add("LOADTEST_HISTOGRAM 1024 -6.9 55.5 95")
	f.Fuzz(func(t *testing.T, line string) {
		iv, err := parseInterval(line, shape1020, time.Unix(0, 0))
		if err != nil {
			return
		}
		if !(iv.seconds > 0) || iv.events < 0 || iv.errors < 0 || iv.reconnects < 0 {
			t.Fatalf("accepted %q with bad counts: %+v", line, iv)
		}
		for b, n := range iv.buckets {
			if b < 0 || b >= shape1020.size || n <= 0 {
				t.Fatalf("accepted %q with bucket %d:%d", line, b, n)
			}
		}
		s := summarise(shape1020, []interval{iv})
		if s.P99Ms < s.P95Ms {
			t.Fatalf("%q: p99 %v < p95 %v", line, s.P99Ms, s.P95Ms)
		}
	})
}

// TestReadKeepsReportsMixedIntoOtherOutput feeds sysbench-like output where
// the last report follows an unfinished line of sysbench's own.
func TestReadKeepsReportsMixedIntoOtherOutput(t *testing.T) {
	header := fmt.Sprintf("LOADTEST_HISTOGRAM 1024 %.17g %.17g 95", shape1020.deduct, shape1020.mult)
	p95 := shape1020.bucketMs(400)
	out := strings.Join([]string{
		"Threads started!",
		header,
		fmt.Sprintf("LOADTEST_INTERVAL 1.000 1.000 10 0 0 %.17g 400:10", p95),
		fmt.Sprintf("SQL statistics:LOADTEST_INTERVAL 2.000 1.000 20 1 0 %.17g 400:20", p95),
		"    transactions: 30",
	}, "\n")
	var r trafficRun
	rest, err := r.read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if s := r.all(); s.Intervals != 2 || s.Events != 30 || s.Errors != 1 {
		t.Errorf("read %d intervals, %d transactions, %d errors; want 2, 30, 1", s.Intervals, s.Events, s.Errors)
	}
	if !strings.Contains(rest, "Threads started!") || !strings.Contains(rest, "SQL statistics:") || strings.Contains(rest, "LOADTEST_") {
		t.Errorf("other output kept: %q", rest)
	}
}
