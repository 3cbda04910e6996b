package main

import (
	"strconv"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/urfave/cli/v2"
)

// footprintFlags bound what audit and bench do to a live server: pace,
// limits on the server's signals, operator files.
func footprintFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagname.Bare(flagname.Pace), Value: "auto", Usage: "after each statement sleep this many times its duration (like gh-ost's --nice-ratio): auto (" + pace(advisor.AutoPaceRatio) + " while other sessions keep the server busy, else none), off, or a ratio such as 1; --budget counts statement time only", Category: catBench},
		&cli.Int64Flag{Name: flagname.Bare(flagname.MaxHistoryLength), Value: advisor.DefaultMaxHistoryLength, Usage: "pause while InnoDB's history list is longer than this (0: do not check)", Category: catBench},
		&cli.Int64Flag{Name: flagname.Bare(flagname.MaxPendingFsyncs), Value: advisor.DefaultMaxPendingFsyncs, Usage: "pause while InnoDB has more fsyncs pending than this (0: do not check)", Category: catBench},
		&cli.StringFlag{Name: flagname.Bare(flagname.PauseFile), Usage: "pause between statements while this file exists (create it to pause, remove it to resume)", Category: catBench},
		&cli.StringFlag{Name: flagname.Bare(flagname.AbortFile), Usage: "stop as soon as this file exists: drop the scratch schema, restore the globals, exit 2", Category: catBench},
	}
}

func pace(r float64) string {
	return strconv.FormatFloat(r, 'g', -1, 64) + "x"
}

// footprintOptions adds footprintFlags to the limits benchOptions read
// (--max-threads-running, --load-wait); a bad --pace is a usage error.
func footprintOptions(c *cli.Context, o advisor.FootprintOptions) (advisor.FootprintOptions, error) {
	p, err := advisor.ParsePace(c.String("pace"))
	if err != nil {
		return o, err
	}
	o.Pace, o.PauseFile, o.AbortFile = p, c.String("pause-file"), c.String("abort-file")
	o.MaxHistoryLength, o.MaxPendingFsyncs = offIfZero(c.Int64("max-history-length")), offIfZero(c.Int64("max-pending-fsyncs"))
	return o, nil
}

// offIfZero maps a flag's 0 ("do not check") to the options' off (-1).
func offIfZero(v int64) int64 {
	if v == 0 {
		return -1
	}
	return v
}
