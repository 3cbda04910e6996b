package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// histogramShape is sysbench's latency histogram geometry: bucket i holds
// latencies of about exp(i/mult + deduct) milliseconds.
type histogramShape struct {
	size     int
	deduct   float64
	mult     float64
	reported float64 // the --percentile sysbench computes per interval
}

// interval is one --report-interval report of the traffic.
type interval struct {
	end        time.Time // when the report line arrived
	seconds    float64   // length of the interval
	events     int64     // transactions
	errors     int64     // ignored errors
	reconnects int64
	reportedMs float64       // sysbench's own --percentile for the interval
	buckets    map[int]int64 // histogram bucket -> transactions
}

// start is when the interval began.
func (iv interval) start() time.Time {
	return iv.end.Add(-time.Duration(iv.seconds * float64(time.Second)))
}

// parseHistogramHeader reads "LOADTEST_HISTOGRAM size deduct mult percentile".
func parseHistogramHeader(line string) (histogramShape, error) {
	f := strings.Fields(line)
	if len(f) != 5 || f[0] != "LOADTEST_HISTOGRAM" {
		return histogramShape{}, fmt.Errorf("not a histogram header: %q", line)
	}
	size, err := strconv.Atoi(f[1])
	if err != nil || size <= 0 || size > 1<<20 {
		return histogramShape{}, fmt.Errorf("histogram header %q: bad size", line)
	}
	var nums [3]float64
	for i := range nums {
		v, err := strconv.ParseFloat(f[2+i], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return histogramShape{}, fmt.Errorf("histogram header %q: bad number %q", line, f[2+i])
		}
		nums[i] = v
	}
	if nums[1] <= 0 || nums[2] <= 0 || nums[2] >= 100 {
		return histogramShape{}, fmt.Errorf("histogram header %q: multiplier or percentile out of range", line)
	}
	return histogramShape{size: size, deduct: nums[0], mult: nums[1], reported: nums[2]}, nil
}

// Bounds on what one interval report may claim, far above any real one, so
// that sums over a run cannot overflow.
const (
	maxCount   = 1 << 40
	maxSeconds = 1e6
)

// parseInterval reads "LOADTEST_INTERVAL total seconds events errors
// reconnects pct_ms buckets" where buckets is "i:count,..." or "-".
func parseInterval(line string, shape histogramShape, arrived time.Time) (interval, error) {
	f := strings.Fields(line)
	if len(f) != 8 || f[0] != "LOADTEST_INTERVAL" {
		return interval{}, fmt.Errorf("not an interval report: %q", line)
	}
	iv := interval{end: arrived, buckets: map[int]int64{}}
	var err error
	if iv.seconds, err = strconv.ParseFloat(f[2], 64); err != nil || !(iv.seconds > 0) || iv.seconds > maxSeconds {
		return interval{}, fmt.Errorf("interval report %q: bad length %q", line, f[2])
	}
	for i, dst := range []*int64{&iv.events, &iv.errors, &iv.reconnects} {
		if *dst, err = strconv.ParseInt(f[3+i], 10, 64); err != nil || *dst < 0 || *dst > maxCount {
			return interval{}, fmt.Errorf("interval report %q: bad count %q", line, f[3+i])
		}
	}
	if iv.reportedMs, err = strconv.ParseFloat(f[6], 64); err != nil || math.IsNaN(iv.reportedMs) {
		return interval{}, fmt.Errorf("interval report %q: bad percentile %q", line, f[6])
	}
	if f[7] == "-" {
		return iv, nil
	}
	for _, b := range strings.Split(f[7], ",") {
		k, v, ok := strings.Cut(b, ":")
		i, err1 := strconv.Atoi(k)
		n, err2 := strconv.ParseInt(v, 10, 64)
		if !ok || err1 != nil || err2 != nil || i < 0 || i >= shape.size || n <= 0 || n > maxCount {
			return interval{}, fmt.Errorf("interval report %q: bad bucket %q", line, b)
		}
		iv.buckets[i] += n
	}
	return iv, nil
}

// bucketMs is the latency a bucket stands for, as sysbench prints it.
func (s histogramShape) bucketMs(i int) float64 {
	return math.Exp(float64(i)/s.mult + s.deduct)
}

// percentileMs is sysbench's percentile of merged buckets: the first bucket
// at which the running count reaches round(n*pct/100). NaN without events.
func (s histogramShape) percentileMs(buckets map[int]int64, pct float64) float64 {
	var n int64
	for _, c := range buckets {
		n += c
	}
	if n == 0 {
		return math.NaN()
	}
	target := int64(math.Floor(float64(n)*pct/100 + 0.5))
	var cur int64
	for i := range s.size {
		cur += buckets[i]
		if cur >= target {
			return s.bucketMs(i)
		}
	}
	return s.bucketMs(s.size - 1)
}

// checkInterval verifies that the histogram read from sysbench gives back the
// percentile sysbench itself reported for the interval: the guard against a
// sysbench whose internal layout differs from the one traffic.lua assumes.
func (s histogramShape) checkInterval(iv interval) error {
	if len(iv.buckets) == 0 {
		return nil
	}
	got := s.percentileMs(iv.buckets, s.reported)
	if math.Abs(got-iv.reportedMs) > 1e-6*math.Max(1, iv.reportedMs) {
		return fmt.Errorf("the latency histogram read from sysbench gives p%g = %.4f ms where sysbench reported %.4f ms: this sysbench's internals differ from 1.0.20's (Debian 12), which traffic.lua reads", s.reported, got, iv.reportedMs)
	}
	return nil
}
