package rehearse

import (
	"os"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// The in-place rehearsal of a datadir as it goes: its state, and the two
// things every step does with it (timed with its log lines; a problem said once).

// slowShutdownWait bounds the slow shutdown (purge and change-buffer merge
// of a large datadir take minutes) and each start on the copy (crash
// recovery, the target's upgrade of its system tables).
const slowShutdownWait = time.Hour

// datadirRun is the rehearsal on the copy as it goes.
type datadirRun struct {
	o  Options
	p  *rehearsal
	ip *report.InPlace
	d  *report.InPlaceDatadir
	sb *sandbox.Sandbox
	// cp and todayOptions are the datadir copied and today's settings,
	// which today's version starts on again for the queries.
	cp           sandbox.DatadirCopy
	todayOptions []string
	// in are the application's statements (nil without --queries); q
	// is their section of the report.
	in *queries.Input
	q  *report.Queries
}

// step times fn as a step of the report with the error-log lines it
// wrote; downtime puts it in the downtime too.
func (r *datadirRun) step(name string, downtime bool, fn func() error) error {
	if r.o.StepProgress != nil {
		r.o.StepProgress(name)
	}
	offset := int64(0)
	if r.sb != nil {
		offset = logSize(r.sb.ErrorLogPath())
	}
	t0 := time.Now()
	err := fn()
	st := report.InPlaceStep{Name: name, DurationS: decimal.Round(time.Since(t0).Seconds(), 2)}
	if r.sb != nil {
		st.Log = errorsAndWarnings(logLines(r.sb.ErrorLogPath(), offset))
	}
	r.d.Steps = append(r.d.Steps, st)
	if downtime {
		r.d.Downtime = append(r.d.Downtime, report.InPlaceStep{Name: name, DurationS: st.DurationS})
	}
	return err
}

// problem adds a critical finding with its fix, once.
func (r *datadirRun) problem(what, fix string) {
	for _, p := range r.d.Problems {
		if p.What == what {
			return
		}
	}
	r.d.Problems = append(r.d.Problems, report.InPlaceProblem{What: what, Fix: fix})
}

// logSize is the size of the file at path (0 when it cannot be read).
func logSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// logLines are the lines of the file at path from offset.
func logLines(path string, offset int64) []string {
	data, err := os.ReadFile(path)
	if err != nil || int64(len(data)) < offset {
		return nil
	}
	text := strings.TrimRight(string(data[offset:]), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}
