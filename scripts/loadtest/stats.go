package main

import (
	"math"
	"time"
)

// trafficStats summarises the traffic over a set of report intervals.
type trafficStats struct {
	Seconds    float64 `json:"seconds"`
	Intervals  int     `json:"intervals"`
	Events     int64   `json:"transactions"`
	TPS        float64 `json:"tps"`
	P95Ms      float64 `json:"p95_ms"`
	P99Ms      float64 `json:"p99_ms"`
	MaxP95Ms   float64 `json:"max_interval_p95_ms"` // the worst one-second p95
	Errors     int64   `json:"errors"`
	Reconnects int64   `json:"reconnects"`
}

// summarise merges the intervals' histograms and counts.
func summarise(shape histogramShape, ivs []interval) trafficStats {
	s := trafficStats{Intervals: len(ivs)}
	merged := map[int]int64{}
	for _, iv := range ivs {
		s.Seconds += iv.seconds
		s.Events += iv.events
		s.Errors += iv.errors
		s.Reconnects += iv.reconnects
		for b, n := range iv.buckets {
			merged[b] += n
		}
		if p := shape.percentileMs(iv.buckets, 95); p > s.MaxP95Ms {
			s.MaxP95Ms = p
		}
	}
	if s.Seconds > 0 {
		s.TPS = float64(s.Events) / s.Seconds
	}
	s.P95Ms = nanToZero(shape.percentileMs(merged, 95))
	s.P99Ms = nanToZero(shape.percentileMs(merged, 99))
	return s
}

// inWindow returns the intervals whose middle lies within [from, to]; when
// the window is shorter than any interval's middle, those that overlap it.
func inWindow(ivs []interval, from, to time.Time) []interval {
	in, _ := splitWindow(ivs, from, to)
	return in
}

// outsideWindow returns the intervals that do not overlap [from, to] at all:
// the same run's traffic before and after the audit's rounds.
func outsideWindow(ivs []interval, from, to time.Time) []interval {
	_, out := splitWindow(ivs, from, to)
	return out
}

func splitWindow(ivs []interval, from, to time.Time) (in, out []interval) {
	var mid, overlap []interval
	for _, iv := range ivs {
		start := iv.start()
		middle := start.Add(iv.end.Sub(start) / 2)
		if !middle.Before(from) && !middle.After(to) {
			mid = append(mid, iv)
		}
		if start.Before(to) && iv.end.After(from) {
			overlap = append(overlap, iv)
		} else {
			out = append(out, iv)
		}
	}
	if len(mid) > 0 {
		return mid, out
	}
	return overlap, out
}

func nanToZero(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
}

// ratio is a/b, 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
