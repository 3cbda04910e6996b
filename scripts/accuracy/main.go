// Command accuracy checks upgrade-advisor's default calibration against the
// classic protocol and a long calibration, on a throwaway server.
//
// The classic protocol: pipe N CREATE TABLE statements through the
// mariadb/mysql client into an empty schema, innodb_file_per_table ON and
// OFF in pairs (order alternating), the first pair discarded as warm-up; the
// speedup is the median of the paired ratios ON/OFF (the ratio of the means
// is printed too).
//
// -mode compare checks compare's and rehearse's two-server verdicts
// instead (compare.go).
//
// The tool: a long calibration (-long, 120 s) is the reference advice; the
// default calibration is repeated (-reps) and each repetition is compared
// with it: ratio, interval, wall time, stop, same advice, and whether the
// long run's ratio lies inside the repetition's interval.
//
// Run it with scripts/accuracy.sh.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// options of a study.
type options struct {
	classicRuns, tables, reps, benchTables int
	auditReps, rehearseReps                int
	mode                                   string
	long, budget                           time.Duration
	blocks                                 bool
	switches                               []int
	basedir                                string
}

func main() {
	var o options
	flag.IntVar(&o.classicRuns, "classic-runs", 12, "classic protocol pairs kept (one more is run and discarded); 0 skips it")
	flag.IntVar(&o.tables, "tables", 1000, "tables per classic run")
	flag.IntVar(&o.reps, "reps", 10, "repetitions of the default calibration")
	flag.IntVar(&o.benchTables, "bench-tables", bench.DefaultTables, "tables per variant per round of the calibration")
	flag.DurationVar(&o.long, "long", 120*time.Second, "budget of the reference calibration; 0 skips it")
	flag.DurationVar(&o.budget, "budget", bench.DefaultBudget, "budget of the default calibration")
	flag.BoolVar(&o.blocks, "blocks", false, "run the variants in blocks instead of alternating statement by statement")
	flag.StringVar(&o.basedir, "basedir", "", "server root or tarball for the sandbox (default: the installed server)")
	flag.StringVar(&o.mode, "mode", "audit", "audit (the calibration against the classic protocol) or compare (two-server verdicts, compare.go)")
	flag.IntVar(&o.auditReps, "audit-reps", 5, "compare mode: default audit runs of the default server, for both_off")
	flag.IntVar(&o.rehearseReps, "rehearse-reps", 5, "compare mode: rehearsals from the server to itself")
	switches := flag.String("switch-every", "0", "statements a variant runs before the next takes over, comma-separated: the repetitions cycle through them (0: the default)")
	flag.Parse()
	for _, f := range strings.Split(*switches, ",") {
		var n int
		fmt.Sscan(f, &n)
		o.switches = append(o.switches, n)
	}
	study := run
	if o.mode == "compare" {
		study = runCompareStudy
	}
	if err := study(o); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	ctx := context.Background()
	sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: o.basedir, Log: os.Stderr})
	if err != nil {
		return err
	}
	defer sb.Stop(context.Background())
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		return err
	}
	defer db.Close()
	var version string
	if err := stmt.QueryRow(ctx, db, "SELECT @@version").Scan(&version); err != nil {
		return err
	}
	fmt.Printf("Server: %s (sandbox), %s, load average at start: %s\n", version, time.Now().UTC().Format(time.RFC3339), loadAverage())

	var classic *classicResult
	if o.classicRuns > 0 {
		if classic, err = classicProtocol(ctx, db, sb.Socket(), o.tables, o.classicRuns); err != nil {
			return err
		}
		classic.print()
	}
	var long *bench.Result
	if o.long > 0 {
		fmt.Fprintf(os.Stderr, "long calibration, budget %s ...\n", o.long)
		if long, err = calibrate(ctx, db, version, o, o.long, 0); err != nil {
			return err
		}
	}
	var reps []*bench.Result
	var walls []time.Duration
	for i := range o.reps {
		fmt.Fprintf(os.Stderr, "default calibration %d/%d ...\n", i+1, o.reps)
		start := time.Now()
		r, err := calibrate(ctx, db, version, o, o.budget, o.switches[i%len(o.switches)])
		if err != nil {
			return err
		}
		reps, walls = append(reps, r), append(walls, time.Since(start))
	}
	printRuns(long, reps, walls, o)
	printDrift(long, reps)
	printSummary(classic, long, reps)
	fmt.Printf("- load average at the end: %s\n", loadAverage())
	return nil
}

// calibrate runs the tool's calibration with its defaults and the budget.
func calibrate(ctx context.Context, db *sql.DB, version string, o options, budget time.Duration, switchEvery int) (*bench.Result, error) {
	fl, err := flavor.Identify(version, "")
	if err != nil {
		return nil, err
	}
	srv := bench.Server{Flavor: fl, FilePerTable: true, StatsPersistent: true, HasStatsPersistent: true}
	cfg := bench.Config{Schema: bench.NewSchemaName(), Workload: bench.ClassicWorkload(o.benchTables),
		Plans: bench.PlanVariants(srv, bench.Permissions{SetGlobal: true}), Budget: budget,
		VariantBlocks: o.blocks, SwitchEvery: switchEvery}
	if budget > 60*time.Second {
		cfg.MinRounds = bench.DefaultMaxRounds // the reference runs its whole budget
	}
	return bench.Run(ctx, db, cfg)
}

// advice is what the rules conclude from a variant of r: a gain is
// recommended when the interval they decide on (the stop rule's decision
// interval, else the printed one) lies wholly above effect.GainThreshold.
func advice(r *bench.Result, v *bench.VariantResult) string {
	iv := v.Speedup
	for _, d := range r.Decisions {
		if d.Variant == v.Name {
			iv = effect.Deciding(v.Speedup, d.Interval)
		}
	}
	if iv.Faster() {
		return "gain"
	}
	return "none"
}

// adviceOf is every measured variant's advice, e.g. "fpt:gain stats:none both:gain".
func adviceOf(r *bench.Result) string {
	var parts []string
	for _, v := range r.Variants {
		if v.Measured && v.Name != bench.Baseline {
			parts = append(parts, short(v.Name)+":"+advice(r, &v))
		}
	}
	return strings.Join(parts, " ")
}

func short(name string) string {
	return map[string]string{bench.FilePerTableOff: "fpt", bench.StatsPersistentOff: "stats", bench.BothOff: "both"}[name]
}

func printRuns(long *bench.Result, reps []*bench.Result, walls []time.Duration, o options) {
	mode := "statement interleaving"
	if o.blocks {
		mode = "variant blocks"
	}
	fmt.Printf("\n### Tool calibrations (%d tables per variant per round, %s)\n\n", o.benchTables, mode)
	fmt.Println("| run | rounds x tables | stop (deciders) | measured s | wall s | file_per_table_off | stats_persistent_off | both_off | advice | = long | long fpt ratio inside |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	if long != nil {
		printRun(fmt.Sprintf("long (%s)", long.Budget), long, long.Duration, long)
	}
	for i, r := range reps {
		name := fmt.Sprintf("default %d", i+1)
		if len(o.switches) > 1 {
			name += fmt.Sprintf(" (switch every %d)", o.switches[i%len(o.switches)])
		}
		printRun(name, r, walls[i], long)
	}
}

func printRun(name string, r *bench.Result, wall time.Duration, long *bench.Result) {
	same, inside := "", ""
	if long != nil && long != r {
		same = yesNo(adviceOf(r) == adviceOf(long))
		inside = yesNo(contains(r.Variant(bench.FilePerTableOff).Speedup, long.Variant(bench.FilePerTableOff).Speedup.Ratio))
	}
	fmt.Printf("| %s | %d x %d | %s | %.1f | %.1f | %s | %s | %s | %s | %s | %s |\n", name, r.Rounds, r.TablesPerRound, stopText(r),
		r.Measured.Seconds(), wall.Seconds(), ratio(r, bench.FilePerTableOff), ratio(r, bench.StatsPersistentOff),
		ratio(r, bench.BothOff), adviceOf(r), same, inside)
}

func stopText(r *bench.Result) string {
	var ds []string
	for _, d := range r.Decisions {
		v := d.Verdict
		if v == "" {
			v = "undecided"
		}
		ds = append(ds, short(d.Variant)+" "+v)
	}
	return r.StopReason + " (" + strings.Join(ds, ", ") + ")"
}

func ratio(r *bench.Result, name string) string {
	v := r.Variant(name)
	if v == nil || !v.Measured {
		return "-"
	}
	return v.Speedup.String()
}

func contains(iv effect.Interval, x float64) bool { return iv.Low <= x && x <= iv.High }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func printSummary(classic *classicResult, long *bench.Result, reps []*bench.Result) {
	fmt.Printf("\n### Summary\n\n")
	var measured []float64
	same, inside := 0, map[string]int{}
	names := []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff}
	var fpt []float64
	for _, r := range reps {
		measured = append(measured, r.Measured.Seconds())
		fpt = append(fpt, r.Variant(bench.FilePerTableOff).Speedup.Ratio)
		if long == nil {
			continue
		}
		if adviceOf(r) == adviceOf(long) {
			same++
		}
		for _, n := range names {
			if contains(r.Variant(n).Speedup, long.Variant(n).Speedup.Ratio) {
				inside[n]++
			}
		}
	}
	n := len(reps)
	if n == 0 {
		return
	}
	fmt.Printf("- default runs: measured rounds %.1f-%.1f s (median %.1f s); file_per_table_off ratio median %.2fx (%.2f-%.2f)\n",
		slices.Min(measured), slices.Max(measured), paired.Median(measured), paired.Median(fpt), slices.Min(fpt), slices.Max(fpt))
	if long != nil {
		lf := long.Variant(bench.FilePerTableOff).Speedup.Ratio
		fmt.Printf("- same advice as the long run (%s): %d/%d\n", adviceOf(long), same, n)
		for _, name := range names {
			fmt.Printf("- long run's %s ratio %.3fx inside the default run's 95%% interval: %d/%d\n", name, long.Variant(name).Speedup.Ratio, inside[name], n)
		}
		fmt.Printf("- default file_per_table_off median / long run: %.3f; runs within 10%% of the long run: %d/%d\n", paired.Median(fpt)/lf, within(fpt, lf), n)
	}
	for _, name := range names {
		var logs, halves []float64
		for _, r := range reps {
			iv := r.Variant(name).Speedup
			logs = append(logs, math.Log(iv.Ratio))
			halves = append(halves, math.Log(iv.High/iv.Ratio))
		}
		fmt.Printf("- %s: run-to-run standard deviation of the log ratio %.1f%%; median printed 95%% half-width %.1f%% (log scale)\n",
			name, 100*stddev(logs), 100*paired.Median(halves))
	}
	if classic != nil {
		cm := classic.pairedMedian()
		fmt.Printf("- default file_per_table_off median / classic paired median: %.3f; runs within 10%% of it: %d/%d\n", paired.Median(fpt)/cm, within(fpt, cm), n)
		if long != nil {
			fmt.Printf("- long run file_per_table_off / classic paired median: %.3f\n", long.Variant(bench.FilePerTableOff).Speedup.Ratio/classic.pairedMedian())
		}
	}
}

// within counts the xs within 10% of ref.
func within(xs []float64, ref float64) int {
	n := 0
	for _, x := range xs {
		if math.Abs(x/ref-1) <= 0.10 {
			n++
		}
	}
	return n
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// classicResult is the wall time of every kept run, by file_per_table.
type classicResult struct {
	tables   int
	on, off  []float64
	wall     time.Duration
	runsKept int
}

func (c *classicResult) pairedMedian() float64 {
	ratios := make([]float64, len(c.on))
	for i := range c.on {
		ratios[i] = c.on[i] / c.off[i]
	}
	return paired.Median(ratios)
}

func (c *classicResult) print() {
	fmt.Printf("\n### Classic protocol: %d CREATE TABLE through the client, innodb_file_per_table ON/OFF, %d pairs kept (first pair discarded), %.1f s\n\n",
		c.tables, c.runsKept, c.wall.Seconds())
	fmt.Println("| pair | ON s | OFF s | ON/OFF |")
	fmt.Println("|---|---|---|---|")
	for i := range c.on {
		fmt.Printf("| %d | %.2f | %.2f | %.2fx |\n", i+1, c.on[i], c.off[i], c.on[i]/c.off[i])
	}
	fmt.Printf("\nPaired median %.2fx; ratio of means %.2fx.\n", c.pairedMedian(), mean(c.on)/mean(c.off))
}

// classicProtocol runs pairs+1 pairs of the classic protocol, ON and OFF in
// alternating order, and discards the first pair.
func classicProtocol(ctx context.Context, db *sql.DB, socket string, tables, pairs int) (*classicResult, error) {
	client, err := findClient()
	if err != nil {
		return nil, err
	}
	file, err := writeStatements(tables)
	if err != nil {
		return nil, err
	}
	defer os.Remove(file)
	fmt.Fprintf(os.Stderr, "classic protocol: %d CREATE TABLE through %s, %d pairs ...\n", tables, filepath.Base(client), pairs+1)
	res := &classicResult{tables: tables, runsKept: pairs}
	start := time.Now()
	defer stmt.SetGlobal(context.Background(), db, "innodb_file_per_table", "ON")
	for p := range pairs + 1 {
		times := map[string]float64{}
		order := []string{"ON", "OFF"}
		if p%2 == 1 {
			order = []string{"OFF", "ON"}
		}
		for _, fpt := range order {
			if times[fpt], err = classicRun(ctx, db, client, socket, file, fpt); err != nil {
				return nil, err
			}
		}
		if p > 0 {
			res.on, res.off = append(res.on, times["ON"]), append(res.off, times["OFF"])
		}
	}
	res.wall = time.Since(start)
	return res, nil
}

func classicRun(ctx context.Context, db *sql.DB, client, socket, file, fpt string) (float64, error) {
	if err := stmt.SetGlobal(ctx, db, "innodb_file_per_table", fpt); err != nil {
		return 0, err
	}
	if _, err := stmt.Exec(ctx, db, "CREATE DATABASE classic"); err != nil {
		return 0, err
	}
	defer stmt.Exec(ctx, db, "DROP DATABASE classic") //nolint:errcheck // the sandbox is thrown away
	return pipeFile(client, socket, "classic", file)
}

func findClient() (string, error) {
	for _, c := range []string{"mariadb", "mysql"} {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no mariadb or mysql client on PATH (apt-get install mariadb-client)")
}

// writeStatements writes the classic protocol's file of CREATE TABLE statements.
func writeStatements(n int) (string, error) {
	f, err := os.CreateTemp("", "accuracy-*.sql")
	if err != nil {
		return "", err
	}
	defer f.Close()
	for i := range n {
		fmt.Fprintf(f, bench.ClassicTableDDL+";\n", fmt.Sprintf("t%05d", i))
	}
	return f.Name(), nil
}

// pipeFile times `client -S socket db < file`.
func pipeFile(client, socket, schema, file string) (float64, error) {
	in, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	cmd := exec.Command(client, "--no-defaults", "-S", socket, "-u", "root", schema)
	cmd.Stdin = in
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%s: %w: %s", client, err, out)
	}
	return time.Since(start).Seconds(), nil
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / math.Max(1, float64(len(xs)))
}

// printDrift shows whether a variant's ratio moves within a run: the long
// run's round-total ratio (Σ baseline / Σ variant CREATE TABLE ms) over
// successive stretches of its rounds, and the default runs' first three
// rounds pooled. A short run that reads high against the long run while the
// long run's own first rounds read high too is a start-of-run effect, not
// scatter.
func printDrift(long *bench.Result, reps []*bench.Result) {
	if long == nil || long.Rounds < 6 {
		return
	}
	fmt.Printf("\n### Drift within a run (round-total ratios)\n\n")
	fmt.Println("| variant | long: rounds 1-3 | 4-10 | 11-30 | 31-end | all | default runs: rounds 1-3 pooled |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, name := range []string{bench.FilePerTableOff, bench.StatsPersistentOff, bench.BothOff} {
		cells := []string{name}
		for _, span := range [][2]int{{0, 3}, {3, 10}, {10, 30}, {30, long.Rounds}, {0, long.Rounds}} {
			cells = append(cells, roundRatio(long, name, span[0], span[1]))
		}
		var b, v float64
		for _, r := range reps {
			bb, vv := roundSums(r, name, 0, 3)
			b, v = b+bb, v+vv
		}
		cells = append(cells, ratioText(b, v))
		fmt.Println("| " + strings.Join(cells, " | ") + " |")
	}
}

// roundSums is Σ baseline and Σ variant CREATE TABLE ms over rounds [from, to).
func roundSums(r *bench.Result, name string, from, to int) (float64, float64) {
	base, v := r.Variant(bench.Baseline), r.Variant(name)
	if base == nil || v == nil {
		return 0, 0
	}
	to = min(to, len(base.CreateRoundMs), len(v.CreateRoundMs))
	var sb, sv float64
	for i := from; i < to; i++ {
		sb, sv = sb+base.CreateRoundMs[i], sv+v.CreateRoundMs[i]
	}
	return sb, sv
}

func roundRatio(r *bench.Result, name string, from, to int) string {
	return ratioText(roundSums(r, name, from, to))
}

func ratioText(b, v float64) string {
	if b <= 0 || v <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.3fx", b/v)
}

// stddev is the sample standard deviation.
func stddev(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	m := mean(xs)
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss / float64(len(xs)-1))
}
