package bench

import "time"

// Result is a finished calibration.
type Result struct {
	Schema         string
	Workload       string
	TablesPerRound int
	Rounds         int
	Duration       time.Duration
	StopReason     string
	Precision      float64
	Budget         time.Duration
	Variants       []VariantResult
	// Executed counts the workload statements run (warm-up included) by the
	// status counter they raise, e.g. "com_create_table".
	Executed map[string]int64
}

// Summary is a distribution of per-statement times in milliseconds.
type Summary struct {
	P50  float64 `json:"p50"`
	P95  float64 `json:"p95"`
	Mean float64 `json:"mean"`
}

func summary(xs []float64) Summary {
	s := Summary{P50: Median(xs), P95: Percentile(xs, 95)}
	if len(xs) > 0 {
		s.Mean = sum(xs) / float64(len(xs))
	}
	return s
}

// VariantResult is one variant's measurements.
type VariantResult struct {
	Plan
	Create, Drop    Summary
	TablesPerSecond float64
	// Speedup is baseline/variant of the per-round CREATE TABLE time, paired
	// by round: median with a bootstrap 95% interval. DropSpeedup likewise.
	Speedup, DropSpeedup Interval
	// CreateRoundMs and DropRoundMs hold the per-round totals, for
	// comparisons paired by round (across servers too).
	CreateRoundMs, DropRoundMs []float64
}

// Variant returns the named variant, or nil.
func (r *Result) Variant(name string) *VariantResult {
	for i := range r.Variants {
		if r.Variants[i].Name == name {
			return &r.Variants[i]
		}
	}
	return nil
}

func summarize(cfg Config, all map[string]*samples) *Result {
	res := &Result{Schema: cfg.Schema, Workload: cfg.Workload.Name, TablesPerRound: len(cfg.Workload.Creates),
		Precision: cfg.Precision, Budget: cfg.Budget}
	base := all[Baseline]
	for _, p := range cfg.Plans {
		v := VariantResult{Plan: p}
		if s, ok := all[p.Name]; ok {
			v.Create, v.Drop = summary(s.create), summary(s.drop)
			if total := sum(s.create); total > 0 {
				v.TablesPerSecond = float64(len(s.create)) / (total / 1000)
			}
			v.Speedup = BootstrapMedian(PairedRatios(base.roundCreate, s.roundCreate))
			v.DropSpeedup = BootstrapMedian(PairedRatios(base.roundDrop, s.roundDrop))
			v.CreateRoundMs, v.DropRoundMs = s.roundCreate, s.roundDrop
		}
		res.Variants = append(res.Variants, v)
	}
	return res
}
