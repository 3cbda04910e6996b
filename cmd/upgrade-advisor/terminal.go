package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// useColor decides colour: --color always/never, else only on a terminal
// and without NO_COLOR.
func useColor(c *cli.Context) bool {
	switch strings.ToLower(c.String("color")) {
	case "always":
		return true
	case "never":
		return false
	}
	_, noColor := os.LookupEnv("NO_COLOR")
	return !noColor && c.App.Writer == os.Stdout && isTerminal(os.Stdout)
}

// progress draws a one-line bar on stderr when it is a terminal.
type progress struct {
	w       io.Writer
	enabled bool
	drawn   time.Time // when the line was last drawn (queries redraw at most 10 times a second)
	phase   string
}

func newProgress(c *cli.Context) *progress {
	return &progress{w: c.App.ErrWriter, enabled: !c.Bool("quiet") && c.App.ErrWriter == os.Stderr && isTerminal(os.Stderr)}
}

func (p *progress) update(pr advisor.CalibrationProgress) {
	if !p.enabled {
		return
	}
	const width = 30
	frac := min(pr.Elapsed.Seconds()/max(pr.Budget.Seconds(), 1), 1)
	filled := int(frac * width)
	label := fmt.Sprintf("round %d of CREATE/DROP TABLE", pr.Round)
	if pr.Warmup {
		label = "warm-up of CREATE/DROP TABLE"
	}
	fmt.Fprintf(p.w, "\rcalibrating [%s%s] %s, %s / %s ", strings.Repeat("#", filled), strings.Repeat("-", width-filled),
		label, pr.Elapsed.Round(100*time.Millisecond), pr.Budget)
}

// step shows the in-place rehearsal's step as it begins, on a terminal.
func (p *progress) step(name string) {
	if p.enabled {
		fmt.Fprintf(p.w, "\r\033[Kin-place: %s ...", name)
	}
}

// queries draws how far the comparison of the application's statements
// is: the classes compared of all, then the timing against its budget.
func (p *progress) queries(pr rehearse.QueryProgress) {
	if !p.enabled || pr.Phase == p.phase && time.Since(p.drawn) < 100*time.Millisecond {
		return
	}
	p.drawn, p.phase = time.Now(), pr.Phase
	if pr.Phase == rehearse.QueryPhaseCompare {
		fmt.Fprintf(p.w, "\r\033[Kstatements: comparing class %d of %d on both servers, %s ", pr.Done+1, pr.Total, pr.Elapsed.Round(100*time.Millisecond))
		return
	}
	const width = 30
	filled := int(min(pr.Elapsed.Seconds()/max(pr.Budget.Seconds(), 1), 1) * width)
	fmt.Fprintf(p.w, "\r\033[Kstatements: timing [%s%s] pass %d, %d of %d classes settled, %s / %s ", strings.Repeat("#", filled), strings.Repeat("-", width-filled),
		pr.Pass, pr.Done, pr.Total, pr.Elapsed.Round(100*time.Millisecond), pr.Budget)
}

func clearProgress(c *cli.Context) {
	if newProgress(c).enabled {
		fmt.Fprint(c.App.ErrWriter, "\r\033[K")
	}
}

// progressLog is where sandbox start-up lines go (nowhere with --quiet).
func progressLog(c *cli.Context) io.Writer {
	if c.Bool("quiet") {
		return io.Discard
	}
	return c.App.ErrWriter
}
