package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

const catQueries = "The application's queries"

// queryFlags are the flags of the query rehearsal (check and rehearse).
func queryFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagname.Bare(flagname.Queries), Usage: "the application's statements to run on today's version and the target (sandboxes with the same schema and data; never on a live server) and compare class by class: a slow log (MySQL's or MariaDB's; best with long_query_time=0), a general log, a file of statements, or the word live: read from today's server (performance_schema digests or mysql.slow_log, read-only)", Category: catQueries},
		&cli.StringFlag{Name: flagname.Bare(flagname.QueriesFormat), Usage: "read --queries as slow, general or file instead of detecting the format from its first lines", Category: catQueries},
		&cli.DurationFlag{Name: flagname.Bare(flagname.QueryBudget), Value: 60 * time.Second, Usage: "time limit of the latency timing of all classes (executions alternating between the two servers, a 95% interval per class); the heaviest classes are timed first, the lightest left untimed when it runs out", Category: catQueries},
		&cli.DurationFlag{Name: flagname.Bare(flagname.QueryTimeout), Value: 10 * time.Second, Usage: "each execution of a statement is stopped after this long (a statement stopped on the target only is slower)", Category: catQueries},
		&cli.Float64Flag{Name: flagname.Bare(flagname.SlowerThan), Value: rehearse.DefaultSlowerThan, Usage: "a class is slower when its 95% interval of the target's time over today's lies wholly above this ratio (faster: below its reciprocal)", Category: catQueries},
		&cli.IntFlag{Name: flagname.Bare(flagname.SampleRows), Usage: "with --queries and a live server (the connection flags): load the sandboxes with at most this many rows of each table read from it (one read-only snapshot, tagged SELECTs) instead of leaving them empty", Category: catQueries},
		&cli.StringFlag{Name: flagname.Bare(flagname.Database), Aliases: []string{"D"}, Usage: "the default schema of the statements --queries gives no schema for, as the mysql client's -D (mysql -D shop < statements.sql): a file of statements without USE, a general log's lines before the session's first USE. A logged session's own schema (its USE, a slow log's Schema:) always wins. Default: the one schema the schema file creates; when it creates several, statements without a schema fail with 1046 No database selected on both servers and the run tests nothing", Category: catQueries},
		&cli.Float64Flag{Name: flagname.Bare(flagname.MaterialPercent), Value: 100 * rehearse.DefaultMateriality.Share, Usage: "a class beyond --slower-than is called slower (or faster) only when the time the target adds (or saves) matters: at least this percentage of the source's total time (a slow log's Query_time summed; without times, estimated from the measured times), or at least --material-ms an execution; the rest are listed together as negligible", Category: catQueries},
		&cli.Float64Flag{Name: flagname.Bare(flagname.MaterialMS), Value: rehearse.DefaultMateriality.PerExecutionMs, Usage: "a class beyond --slower-than whose difference is at least this many milliseconds an execution is slower (or faster) whatever its share of the source's time (see --material-percent)", Category: catQueries},
		&cli.IntFlag{Name: flagname.Bare(flagname.QueryClasses), Value: 1000, Usage: "compare at most this many classes (statements grouped by fingerprint), the heaviest by the log's time, or by count when it has no times", Category: catQueries},
	}
}

// queryOptions reads the query flags; nil without --queries, and a flag of
// the query rehearsal without it is a usage error. The job validates the
// values (rehearse.QueryOptions.Validate).
func queryOptions(c *cli.Context) (*rehearse.QueryOptions, error) {
	src := c.String("queries")
	if src == "" {
		for _, f := range []string{"queries-format", "query-budget", "query-timeout", "slower-than", "query-classes", "database", "material-percent", "material-ms"} {
			if c.IsSet(f) {
				return nil, fmt.Errorf("%w: --%s goes with --queries (a slow log, general log, file of statements, or live)", exitcode.ErrUsage, f)
			}
		}
		return nil, nil
	}
	q := &rehearse.QueryOptions{Source: src, Format: c.String("queries-format"), MaxClasses: c.Int("query-classes"),
		Database: c.String("database")}
	q.Compare.StatementTimeout, q.Compare.Latency = c.Duration("query-timeout"), true
	q.Compare.Budget, q.Compare.Threshold = c.Duration("query-budget"), c.Float64("slower-than")
	q.Compare.Material = &rehearse.Materiality{Share: c.Float64("material-percent") / 100, PerExecutionMs: c.Float64("material-ms")}
	q.Compare.Progress = newProgress(c).queries
	return q, nil
}

// untestedError is the error (exit code 2) of a query rehearsal that
// tested nothing (report.Queries.UntestedText), nil otherwise: the report
// is written first, so the user sees every class's error.
func untestedError(q *report.Queries) error {
	if msg := q.UntestedText(); msg != "" {
		return fmt.Errorf("%w: %s", exitcode.ErrUsage, msg)
	}
	return nil
}
