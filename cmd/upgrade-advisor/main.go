// Command upgrade-advisor inspects a MySQL or MariaDB server, measures what
// CREATE/DROP TABLE cost under the settings that changed between versions,
// and prints measured, upgrade-aware my.cnf advice.
//
// This package holds flags, signals and exit codes only; the work is in
// package advisor.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

func main() {
	// The driver logs connection trouble to stderr itself; the errors it
	// returns say the same, explained, so its own lines are silenced.
	mysql.SetLogger(log.New(io.Discard, "", 0))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newApp().RunContext(ctx, normalizeArgs(os.Args))
	interrupted := ctx.Err() != nil
	stop()
	os.Exit(exitCode(err, interrupted))
}

// exitCode maps the outcome to the documented exit codes (the code each
// error carries, exitcode.Of) and prints errors; findings print
// nothing more, the report says them.
func exitCode(err error, interrupted bool) int {
	code := exitcode.Of(err)
	switch {
	case err == nil || code == exitcode.Findings:
		return code
	case interrupted:
		var cerr *advisor.CleanupError
		if errors.As(err, &cerr) {
			fmt.Fprintf(os.Stderr, "upgrade-advisor: interrupted, and the cleanup is incomplete: %v\n", err)
		} else {
			fmt.Fprintln(os.Stderr, "upgrade-advisor: interrupted; nothing is left behind (any scratch schema dropped, any changed global restored)")
		}
		return exitcode.Error
	}
	fmt.Fprintf(os.Stderr, "upgrade-advisor: %v\n", err)
	return code
}
