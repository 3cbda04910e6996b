package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// compareClasses starts a sandbox of today's server and one of the
// target's, loads the bench schema into both, compares n classes of the
// traffic's shapes on them (errors, warnings, results, plans; no timing)
// and prints how long the comparison took and the process's peak memory.
// Both sandboxes are stopped and removed at the end.
func compareClasses(n int, todayBasedir, targetBasedir string) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("/tmp", "qlb-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil { // the servers run as an account of their own
		return err
	}
	today, err := loadedSandbox(ctx, dir, todayBasedir)
	if err != nil {
		return err
	}
	defer stopSandbox(today)
	target, err := loadedSandbox(ctx, dir, targetBasedir)
	if err != nil {
		return err
	}
	defer stopSandbox(target)
	a, b := open(today), open(target)
	defer a.Close()
	defer b.Close()
	stmts := classes(n)
	began := time.Now()
	res, err := queries.Compare(ctx, queries.Server{Name: "today", DB: a}, queries.Server{Name: "target", DB: b}, stmts, queries.Options{})
	if err != nil {
		return err
	}
	took := time.Since(began)
	fmt.Printf("compare: %d classes (%d statements set aside) compared on %s and %s in %.2f s; statuses %v; peak memory %d MB\n",
		len(res.Classes), setAside(res), res.Today, res.Target, took.Seconds(), res.Counts, peakMB())
	return nil
}

// classes are n statements of the traffic's shapes, each a class of its
// own (the shapes over the tables, literals drawn anew for each round).
func classes(n int) []queries.Statement {
	r := rand.New(rand.NewPCG(31, 1000))
	out := make([]queries.Statement, n)
	for k := range out {
		q := shapes[k%len(shapes)](r, (k/len(shapes))%tables)
		out[k] = queries.Statement{Class: fmt.Sprint(k), SQL: q, Schema: "bench", Weight: float64(n - k)}
	}
	return out
}

func setAside(r *queries.Result) int {
	n := 0
	for _, s := range r.SetAside {
		n += s.Statements
	}
	return n
}

// loadedSandbox starts a sandbox of basedir ("" for the installed server)
// with the bench schema and rows.
func loadedSandbox(ctx context.Context, dir, basedir string) (*sandbox.Sandbox, error) {
	sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: basedir, Dir: dir})
	if err != nil {
		return nil, err
	}
	db := open(sb)
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err == nil {
		defer conn.Close()
		for _, q := range setupStatements() {
			if _, err = stmt.Exec(ctx, conn, q); err != nil {
				break
			}
		}
	}
	if err != nil {
		stopSandbox(sb)
		return nil, fmt.Errorf("loading the bench schema: %w", err)
	}
	return sb, nil
}

func open(sb *sandbox.Sandbox) *sql.DB {
	db, _ := sql.Open("mysql", sb.DSN()) // Open only parses the DSN the sandbox made
	db.SetMaxOpenConns(8)
	return db
}

func stopSandbox(sb *sandbox.Sandbox) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := sb.Stop(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "stopping the sandbox:", err)
	}
}
