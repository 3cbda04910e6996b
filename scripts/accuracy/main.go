// Command accuracy compares upgrade-advisor's default calibration with the
// classic protocol on a throwaway server, and measures the overhead of the
// tool's statement loop against the mysql client.
//
// The classic protocol: pipe N CREATE TABLE statements through the
// mariadb/mysql client into an empty schema, several runs per setting,
// settings interleaved, and compare the average times. Speedup per setting =
// baseline average / setting average.
//
// Run it with scripts/accuracy.sh (which installs mariadb-server if missing).
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
)

// setting is one configuration of the classic protocol.
type setting struct {
	variant string
	globals map[string]string
}

var settings = []setting{
	{bench.Baseline, map[string]string{"innodb_file_per_table": "ON", "innodb_stats_persistent": "ON"}},
	{bench.FilePerTableOff, map[string]string{"innodb_file_per_table": "OFF", "innodb_stats_persistent": "ON"}},
	{bench.StatsPersistentOff, map[string]string{"innodb_file_per_table": "ON", "innodb_stats_persistent": "OFF"}},
	{bench.BothOff, map[string]string{"innodb_file_per_table": "OFF", "innodb_stats_persistent": "OFF"}},
}

func main() {
	runs := flag.Int("runs", 3, "classic protocol runs per setting")
	tables := flag.Int("tables", 1000, "tables per classic run")
	budgets := flag.String("budget", bench.DefaultBudget.String(), "the tool's calibration budget(s), comma-separated (default: its default)")
	overheadRuns := flag.Int("overhead-runs", 5, "runs of the client-overhead comparison")
	flag.Parse()
	var list []time.Duration
	for _, b := range strings.Split(*budgets, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(b))
		if err != nil {
			fmt.Fprintln(os.Stderr, "accuracy: -budget:", err)
			os.Exit(2)
		}
		list = append(list, d)
	}
	if err := run(*runs, *tables, list, *overheadRuns); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

func run(runs, tables int, budgets []time.Duration, overheadRuns int) error {
	ctx := context.Background()
	client, err := findClient()
	if err != nil {
		return err
	}
	sb, err := sandbox.Start(ctx, sandbox.Options{Log: os.Stderr})
	if err != nil {
		return err
	}
	defer sb.Stop(context.Background())
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		return err
	}
	defer db.Close()
	file, err := writeStatements(tables)
	if err != nil {
		return err
	}
	defer os.Remove(file)

	fmt.Fprintf(os.Stderr, "classic protocol: %d CREATE TABLE through %s, %d runs per setting, interleaved ...\n", tables, filepath.Base(client), runs)
	classicStart := time.Now()
	classic, err := classicProtocol(ctx, db, client, sb.Socket(), file, runs)
	if err != nil {
		return err
	}
	classicWall := time.Since(classicStart)

	for _, budget := range budgets {
		fmt.Fprintf(os.Stderr, "tool: calibration with budget %s ...\n", budget)
		toolStart := time.Now()
		report, err := advisor.Run(ctx, advisor.Options{Command: "bench", ToolVersion: "accuracy", Sandbox: true,
			Conn: advisor.ConnOptions{DSN: sb.DSN()}, Bench: advisor.BenchOptions{Budget: budget}})
		if err != nil {
			return err
		}
		printAccuracy(classic, report, classicWall, time.Since(toolStart), runs, tables, budget)
	}

	fmt.Fprintf(os.Stderr, "client overhead: %d runs ...\n", overheadRuns)
	return clientOverhead(ctx, db, client, sb.Socket(), file, tables, overheadRuns)
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

// classicProtocol returns, per variant, the wall time of every run.
func classicProtocol(ctx context.Context, db *sql.DB, client, socket, file string, runs int) (map[string][]float64, error) {
	out := map[string][]float64{}
	for r := range runs {
		for i := range settings {
			s := settings[(i+r)%len(settings)]
			secs, err := classicRun(ctx, db, client, socket, file, s)
			if err != nil {
				return nil, err
			}
			out[s.variant] = append(out[s.variant], secs)
		}
	}
	return out, restoreDefaults(ctx, db)
}

func classicRun(ctx context.Context, db *sql.DB, client, socket, file string, s setting) (float64, error) {
	for k, v := range s.globals {
		if err := bench.SetGlobal(ctx, db, k, v); err != nil {
			return 0, err
		}
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE classic"); err != nil {
		return 0, err
	}
	defer db.ExecContext(ctx, "DROP DATABASE classic")
	secs, err := pipeFile(client, socket, "classic", file)
	return secs, err
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

func restoreDefaults(ctx context.Context, db *sql.DB) error {
	for k, v := range settings[0].globals {
		if err := bench.SetGlobal(ctx, db, k, v); err != nil {
			return err
		}
	}
	return nil
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

func printAccuracy(classic map[string][]float64, r *report.Report, classicWall, toolWall time.Duration, runs, tables int, budget time.Duration) {
	base := mean(classic[bench.Baseline])
	fmt.Printf("\n### Accuracy: classic protocol (%d tables x %d runs per setting) vs calibration with --budget %s\n\n", tables, runs, budget)
	fmt.Println("| variant | classic mean s | classic speedup | tool speedup (95% CI) | tool / classic |")
	fmt.Println("|---|---|---|---|---|")
	for _, s := range settings {
		c := mean(classic[s.variant])
		cs := base / c
		tool := variantOf(r, s.variant)
		if tool == nil || tool.Speedup == nil {
			fmt.Printf("| %s | %.2f | %.2fx | not measured | |\n", s.variant, c, cs)
			continue
		}
		fmt.Printf("| %s | %.2f | %.2fx | %.2fx (%.2f-%.2f) | %.3f |\n", s.variant, c, cs,
			tool.Speedup.Ratio, tool.Speedup.Low, tool.Speedup.High, tool.Speedup.Ratio/cs)
	}
	b := r.Benchmark
	fmt.Printf("\nWall time: classic protocol %.1f s; tool %.1f s (%d rounds of %d tables, stopped on %s) = %.2f of the classic time.\n",
		classicWall.Seconds(), toolWall.Seconds(), b.Rounds, b.TablesPerRound, b.StopReason, toolWall.Seconds()/classicWall.Seconds())
}

func variantOf(r *report.Report, name string) *report.VariantInfo {
	for i := range r.Benchmark.Variants {
		if r.Benchmark.Variants[i].Name == name {
			return &r.Benchmark.Variants[i]
		}
	}
	return nil
}

// clientOverhead runs the same CREATE TABLE file through the client and
// through the tool's statement loop (bench.ExecTimed), interleaved, and
// compares wall times.
func clientOverhead(ctx context.Context, db *sql.DB, client, socket, file string, tables, runs int) error {
	stmts, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSpace(string(stmts)), "\n")
	var viaClient, viaTool, toolSum []float64
	for r := range runs {
		for _, useClient := range []bool{r%2 == 0, r%2 != 0} {
			if _, err := db.ExecContext(ctx, "CREATE DATABASE overhead"); err != nil {
				return err
			}
			if useClient {
				secs, err := pipeFile(client, socket, "overhead", file)
				if err != nil {
					return err
				}
				viaClient = append(viaClient, secs)
			} else {
				wall, sum, err := toolLoop(ctx, db, lines)
				if err != nil {
					return err
				}
				viaTool, toolSum = append(viaTool, wall), append(toolSum, sum)
			}
			if _, err := db.ExecContext(ctx, "DROP DATABASE overhead"); err != nil {
				return err
			}
		}
	}
	c, t, s := mean(viaClient), mean(viaTool), mean(toolSum)
	fmt.Printf("\n### Client overhead: %d CREATE TABLE, %d runs each, interleaved\n\n", tables, runs)
	fmt.Println("| path | mean wall s | vs client |")
	fmt.Println("|---|---|---|")
	fmt.Printf("| %s < file | %.3f | 1.000 |\n", filepath.Base(client), c)
	fmt.Printf("| tool statement loop (wall) | %.3f | %.3f |\n", t, t/c)
	fmt.Printf("| tool statement loop (sum of timed statements) | %.3f | %.3f |\n", s, s/c)
	return nil
}

// toolLoop runs the statements on one connection exactly as the calibration
// does and returns the wall time and the sum of the per-statement times.
func toolLoop(ctx context.Context, db *sql.DB, stmts []string) (float64, float64, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "USE overhead"); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	sum := 0.0
	for _, s := range stmts {
		ms, err := bench.ExecTimed(ctx, conn, strings.TrimSuffix(s, ";"), time.Minute)
		if err != nil {
			return 0, 0, err
		}
		sum += ms
	}
	return time.Since(start).Seconds(), sum / 1000, nil
}
