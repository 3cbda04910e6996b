package report

// The SVG charts of the HTML report: CREATE TABLE time per variant, and the
// speedups with their 95% intervals as whiskers.

import (
	"fmt"
	"math"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

const (
	chartWidth    = 720.0
	chartLabelW   = 170.0 // variant names, right-aligned before the plot
	chartRowH     = 30.0
	chartBarH     = 16.0
	chartTop      = 10.0
	timePlotW     = 450.0 // bars; their value labels follow them
	speedPlotW    = 380.0 // whiskers; the numbers go in a column after it
	speedTop      = 24.0  // room for the reference line's label
	speedAxisH    = 28.0  // tick labels under the plot
	capHalfHeight = 7.0
)

// timeChart is a horizontal bar per variant: CREATE TABLE p50 per
// statement, scaled to the longest; a variant that was not measured gets a
// row saying so instead of a bar.
type timeChart struct {
	Width, Height string
	Desc          string
	Rows          []timeBar
}

// timeBar is one row of the time chart: the variant's name, its bar and
// the number after it, or a note when it was not measured.
type timeBar struct {
	Name      string
	Measured  bool
	Baseline  bool
	Title     string
	Y, TextY  string
	LabelX    string
	X, W, H   string
	ValueX    string
	ValueText string
}

// newTimeChart lays out the time chart, one row per variant in report order.
func newTimeChart(variants []VariantInfo) timeChart {
	longest := 0.0
	for _, v := range variants {
		if isMeasured(v) {
			longest = max(longest, v.CreateMs.P50)
		}
	}
	c := timeChart{Width: coord(chartWidth), Height: coord(2*chartTop + chartRowH*float64(len(variants)))}
	var desc []string
	for i, v := range variants {
		top := chartTop + chartRowH*float64(i)
		row := timeBar{Name: v.Name, Measured: isMeasured(v), Baseline: v.Name == bench.Baseline,
			LabelX: coord(chartLabelW - 10), TextY: coord(top + chartRowH/2 + 4), X: coord(chartLabelW)}
		if !row.Measured {
			row.Title = v.Name + ": " + notMeasuredText(v)
			row.ValueText = "not measured (see the table)"
			row.ValueX = coord(chartLabelW + 6)
			desc = append(desc, v.Name+" not measured")
		} else {
			w := scaled(v.CreateMs.P50, longest, timePlotW)
			row.Y, row.W, row.H = coord(top+(chartRowH-chartBarH)/2), coord(w), coord(chartBarH)
			row.ValueText = fmt.Sprintf("%.2f ms", v.CreateMs.P50)
			row.ValueX = coord(chartLabelW + w + 6)
			row.Title = fmt.Sprintf("%s: CREATE TABLE p50 %.2f ms per statement (p95 %.2f ms)", v.Name, v.CreateMs.P50, v.CreateMs.P95)
			desc = append(desc, fmt.Sprintf("%s %.2f ms", v.Name, v.CreateMs.P50))
		}
		c.Rows = append(c.Rows, row)
	}
	c.Desc = "CREATE TABLE p50 per statement, in milliseconds (shorter is faster): " + strings.Join(desc, "; ") + "."
	return c
}

// scaled maps value in [0, longest] to [0, width]; nothing to scale gives 0.
func scaled(value, longest, width float64) float64 {
	if longest <= 0 || value <= 0 || math.IsNaN(value) {
		return 0
	}
	return math.Min(value/longest, 1) * width
}

// speedupChart draws, for every measured variant but the baseline, the
// speedup ratio as a dot and its 95% interval as a whisker with end caps,
// on a linear axis that always includes the 1.0x reference line.
type speedupChart struct {
	Width, Height  string
	Desc           string
	PlotTop        string
	PlotBottom     string
	AxisX1, AxisX2 string
	RefX, RefLabel string
	RefLabelY      string
	GainX          string
	GainLabel      string
	Ticks          []chartTick
	Rows           []whisker
}

// chartTick is a mark on the ratio axis with its label under it.
type chartTick struct {
	X, Label                    string
	GridTop, Top, Bottom, TextY string
}

// whisker is one variant's row: x coordinates of the interval's ends and
// of the ratio, with the numbers written after the plot.
type whisker struct {
	Name              string
	Title             string
	Gain              bool
	Y, CapTop, CapBot string
	TextY             string
	LabelX            string
	Low, Ratio, High  string
	ValueX, ValueText string
}

// newSpeedupChart lays out the speedup chart; nil when no variant but the
// baseline was measured.
func newSpeedupChart(variants []VariantInfo) *speedupChart {
	var shown []VariantInfo
	for _, v := range variants {
		if isMeasured(v) && v.Name != bench.Baseline && v.Speedup != nil {
			shown = append(shown, v)
		}
	}
	if len(shown) == 0 {
		return nil
	}
	axis := newRatioAxis(shown)
	plotBottom := speedTop + chartRowH*float64(len(shown))
	gain := 1 + effect.Margin
	c := &speedupChart{
		Width: coord(chartWidth), Height: coord(plotBottom + speedAxisH),
		PlotTop: coord(speedTop - 6), PlotBottom: coord(plotBottom),
		AxisX1: coord(axis.x(axis.lo)), AxisX2: coord(axis.x(axis.hi)),
		RefX: coord(axis.x(1)), RefLabel: "1.0x = no change", RefLabelY: coord(speedTop - 10),
		GainX: coord(axis.x(gain)), GainLabel: fmt.Sprintf("%.2fx", gain),
	}
	for _, t := range axis.ticks() {
		c.Ticks = append(c.Ticks, chartTick{X: coord(axis.x(t)), Label: axis.label(t),
			GridTop: coord(speedTop - 6), Top: coord(plotBottom), Bottom: coord(plotBottom + 4), TextY: coord(plotBottom + 17)})
	}
	var desc []string
	for i, v := range shown {
		c.Rows = append(c.Rows, newWhisker(v, axis, speedTop+chartRowH*float64(i)))
		desc = append(desc, fmt.Sprintf("%s %.2fx (95%% CI %.2f to %.2f)", v.Name, v.Speedup.Ratio, v.Speedup.Low, v.Speedup.High))
	}
	c.Desc = "CREATE TABLE speedup against the baseline with 95% confidence intervals (right of 1.0x is faster): " + strings.Join(desc, "; ") + "."
	return c
}

// newWhisker lays out one variant's row of the speedup chart, top being
// the row's upper edge.
func newWhisker(v VariantInfo, axis ratioAxis, top float64) whisker {
	s := v.Speedup
	cy := top + chartRowH/2
	return whisker{
		Name:  v.Name,
		Title: fmt.Sprintf("%s: CREATE TABLE speedup %.2fx, 95%% CI %.2f-%.2f", v.Name, s.Ratio, s.Low, s.High),
		Gain:  s.Low > effect.GainThreshold,
		Y:     coord(cy), CapTop: coord(cy - capHalfHeight), CapBot: coord(cy + capHalfHeight),
		TextY: coord(cy + 4), LabelX: coord(chartLabelW - 10),
		Low: coord(axis.x(s.Low)), Ratio: coord(axis.x(s.Ratio)), High: coord(axis.x(s.High)),
		ValueX:    coord(chartLabelW + speedPlotW + 14),
		ValueText: fmt.Sprintf("%.2fx (%.2f-%.2f)", s.Ratio, s.Low, s.High),
	}
}

// ratioAxis is a linear scale of speedup ratios onto the plot's width,
// from lo to hi, which are multiples of step.
type ratioAxis struct {
	lo, hi, step float64
}

// newRatioAxis spans every interval shown, 1.0x and the gain threshold,
// widened to round tick values.
func newRatioAxis(vs []VariantInfo) ratioAxis {
	lo, hi := 1.0, effect.GainThreshold
	for _, v := range vs {
		for _, x := range []float64{v.Speedup.Low, v.Speedup.Ratio, v.Speedup.High} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	step := tickStep(hi - lo)
	lo = math.Floor(lo/step+1e-9) * step
	hi = math.Ceil(hi/step-1e-9) * step
	// Keep a margin so a dot or cap never sits on the frame.
	if hi-maxHigh(vs) < step/4 {
		hi += step
	}
	if minLow(vs)-lo < step/4 && lo-step >= 0 {
		lo -= step
	}
	return ratioAxis{lo: lo, hi: hi, step: step}
}

// maxHigh is the highest upper end of the intervals.
func maxHigh(vs []VariantInfo) float64 {
	m := 0.0
	for _, v := range vs {
		m = math.Max(m, v.Speedup.High)
	}
	return m
}

// minLow is the lowest lower end of the intervals.
func minLow(vs []VariantInfo) float64 {
	m := math.Inf(1)
	for _, v := range vs {
		m = math.Min(m, v.Speedup.Low)
	}
	return m
}

// tickStep is a round step (1, 2 or 5 times a power of ten) that divides
// span into at most eight intervals.
func tickStep(span float64) float64 {
	if span <= 0 || math.IsNaN(span) || math.IsInf(span, 0) {
		return 0.1
	}
	base := math.Pow(10, math.Floor(math.Log10(span/8)))
	for _, m := range []float64{1, 2, 5, 10} {
		if span/(m*base) <= 8 {
			return m * base
		}
	}
	return 10 * base
}

// x is the horizontal position of ratio; values off the axis are clamped
// to its ends.
func (a ratioAxis) x(ratio float64) float64 {
	if a.hi <= a.lo || math.IsNaN(ratio) {
		return chartLabelW
	}
	f := (math.Min(math.Max(ratio, a.lo), a.hi) - a.lo) / (a.hi - a.lo)
	return chartLabelW + f*speedPlotW
}

// ticks are the round values from lo to hi.
func (a ratioAxis) ticks() []float64 {
	var out []float64
	n := int(math.Round((a.hi - a.lo) / a.step))
	for i := 0; i <= n; i++ {
		out = append(out, decimal.Round(a.lo+float64(i)*a.step, 3))
	}
	return out
}

// label writes a tick value with as many decimals as the step needs.
func (a ratioAxis) label(t float64) string {
	decimals := 0
	for step := a.step; step < 0.999 && decimals < 3; step *= 10 {
		decimals++
	}
	return fmt.Sprintf("%.*fx", max(decimals, 1), t)
}

// coord formats an SVG coordinate with one decimal, so the output is
// deterministic and compact.
func coord(v float64) string {
	return fmt.Sprintf("%.1f", v)
}
