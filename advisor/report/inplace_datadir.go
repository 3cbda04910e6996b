package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// InPlaceDatadir is the in-place upgrade rehearsed on a copy of a real
// datadir (rehearse --in-place --datadir): the downtime each step took on
// this machine, and every table checked and summed before and after.
type InPlaceDatadir struct {
	// Source is the datadir given (never written); Bytes its size on disk.
	Source string `json:"source"`
	Bytes  int64  `json:"bytes"`
	// Copy says how the rehearsal's own copy was made, and CopyS its time.
	Copy  string  `json:"copy"`
	CopyS float64 `json:"copy_s"`
	// TableCount is the application's base tables (the server's own
	// schemas left out).
	TableCount int `json:"table_count"`
	// Downtime are the steps of the upgrade night: the slow shutdown, the
	// target's first start, the upgrade tool, the restart.
	Downtime []InPlaceStep `json:"downtime"`
	// Steps are all the steps, in order, each timed with its log lines.
	Steps []InPlaceStep `json:"steps"`
	// Tables are the application's tables before (today's version) and
	// after (the target).
	Tables []InPlaceTable `json:"tables"`
	// Objects are the views, routines, triggers and events, shown or
	// queried on both sides.
	Objects []InPlaceObject `json:"objects"`
	// Sampled says how the checksums were bounded by --budget ("" when
	// every chunk was summed).
	Sampled string `json:"sampled,omitempty"`
	// Recovery says that today's version had to recover the copy (it was
	// not taken after a clean shutdown), "" when it did not.
	Recovery string `json:"recovery,omitempty"`
	// Problems are what went wrong, each with its fix.
	Problems []InPlaceProblem `json:"problems"`
}

// InPlaceStep is one timed step with its log lines.
type InPlaceStep struct {
	Name      string   `json:"name"`
	DurationS float64  `json:"duration_s"`
	Log       []string `json:"log,omitempty"`
	// Note says what the log lines mean, when they need it.
	Note string `json:"note,omitempty"`
}

// InPlaceTable is one table on today's version and on the target.
type InPlaceTable struct {
	Table          string `json:"table"`
	CheckBefore    string `json:"check_before"`
	CheckAfter     string `json:"check_after"`
	RowsBefore     int64  `json:"rows_before"`
	RowsAfter      int64  `json:"rows_after"`
	ChecksumBefore string `json:"checksum_before"`
	ChecksumAfter  string `json:"checksum_after"`
	// Chunks is how many chunks were summed, of ChunksTotal.
	Chunks      int `json:"chunks"`
	ChunksTotal int `json:"chunks_total"`
}

// InPlaceProblem is a critical finding of the rehearsal and its fix.
type InPlaceProblem struct {
	What string `json:"what"`
	Fix  string `json:"fix"`
}

// DowntimeS is the sum of the downtime steps.
func (d *InPlaceDatadir) DowntimeS() float64 {
	var s float64
	for _, st := range d.Downtime {
		s += st.DurationS
	}
	return s
}

// DowntimeLines are the in-place section's opening lines: the window, its
// steps, and where the times come from.
func (d *InPlaceDatadir) DowntimeLines() []string {
	var parts []string
	for _, st := range d.Downtime {
		parts = append(parts, fmt.Sprintf("%s %.1f s", st.Name, st.DurationS))
	}
	return []string{
		fmt.Sprintf("downtime %.1f s: %s", d.DowntimeS(), strings.Join(parts, ", ")),
		fmt.Sprintf("datadir %s: %s, %d table(s); copied by %s in %.1f s", d.Source, humanBytes(d.Bytes), d.TableCount, d.Copy, d.CopyS),
		"these are this machine's disk's times on a copy: the server's own disk, memory and load make the night's",
	}
}

// humanBytes is n in MiB or GiB.
func humanBytes(n int64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// Findings are the problems as findings of their kind
// (rules.FindingInPlaceDatadir: critical, in the verdict's blockers),
// numbered: "in-place-datadir-1".
func (d *InPlaceDatadir) Findings() []FindingInfo {
	var out []FindingInfo
	for i, p := range d.Problems {
		f := newFinding(rules.FindingInPlaceDatadir, fmt.Sprint(i+1))
		f.Title, f.Detail = "In-place upgrade of the datadir: "+p.What, p.What
		f.Recommendation = RecommendationInfo{MyCnf: []string{}, SQL: []string{}, Tradeoffs: []string{p.Fix}}
		out = append(out, f)
	}
	return out
}
