package report

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// RehearseReport is the result of `rehearse`: today's settings carried to
// the target version, and CREATE TABLE measured on sandboxes of today's
// version and of the target, rounds interleaved.
type RehearseReport struct {
	SchemaVersion int `json:"schema_version"`
	// Verdict is the readiness the report judged (Judge), first in every
	// format; nil when it judges no target.
	Verdict *Verdict `json:"verdict,omitempty"`
	Command string   `json:"command"`
	Tool    ToolInfo `json:"tool"`
	// Today is the server the rehearsal starts from: inspected (read-only)
	// or described by --config and --server-version.
	Today  ServerInfo `json:"today"`
	Target ServerInfo `json:"target"`
	// Migration: today's server and the target are of different vendors.
	Migration bool `json:"migration"`
	// SourceRuns says a sandbox of today's version ran here; when false
	// the target as carried over is the reference and Reference says so.
	SourceRuns bool   `json:"source_runs_locally"`
	Reference  string `json:"reference"`
	// Carryover is the decision for each of today's explicit settings.
	Carryover []carryover.CarriedOption `json:"carryover"`
	// Refused are the options the target's binary refused when it
	// validated the carried-over options (they are dropped in Carryover too).
	Validation RehearseValidation `json:"validation"`
	// Pins are the DDL-relevant settings whose default changes, pinned to
	// today's value on the target_pinned side.
	Pins  []carryover.DriftPin `json:"pins"`
	Sides []RehearseSide       `json:"sides"`
	// PinnedVsCarried: the pinned target's baseline time / the carried-over
	// target's, paired by round (< 1: pinning today's behaviour is faster).
	PinnedVsCarried *effect.Interval `json:"pinned_vs_carried,omitempty"`
	// Workload is the class the my.cnf's DDL lines follow (as audit).
	Workload   string `json:"workload"`
	Rounds     int    `json:"rounds"`
	StopReason string `json:"stop_reason"`
	// Warmup is how the warm-up before the measured rounds went: the
	// sandboxes were started for the run, so it lasts until they settle.
	Warmup    *WarmupInfo `json:"warmup,omitempty"`
	DurationS float64     `json:"duration_s"`
	Method    string      `json:"method"`
	Summary   []string    `json:"summary"`
	// SummaryAction tells, line by line, whether Summary asks something of
	// the user ([!!] in text) or only informs ([--]); see AddSummary.
	SummaryAction []bool        `json:"summary_action,omitempty"`
	Findings      []FindingInfo `json:"findings"`
	// MyCnf is the my.cnf for the target, each line commented with why.
	MyCnf string `json:"mycnf"`
	// Schema is the user's schema put through the target (and today's
	// version); SchemaTiming its creation timed on each side.
	Schema       *Schema       `json:"schema,omitempty"`
	SchemaTiming *SchemaTiming `json:"schema_timing,omitempty"`
	// Queries is the application's statements on today's version and the
	// carried target (--queries), nil without it.
	Queries *Queries `json:"queries,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// InPlace is the in-place upgrade rehearsal (--in-place), nil without it.
	InPlace *InPlace `json:"in_place,omitempty"`
	// Replication is the upgrade day rehearsed (--replication), nil without it.
	Replication *Replication `json:"replication,omitempty"`
}

// RehearseValidation is what the target's binary said about the options.
type RehearseValidation struct {
	Command string        `json:"command"`
	Refused []RefusedInfo `json:"refused"`
	Source  []RefusedInfo `json:"source_refused,omitempty"`
}

// RefusedInfo is an option a server binary refused, with its message (and
// the file:line it came from, when known).
type RefusedInfo struct {
	Option  string `json:"option"`
	Where   string `json:"where,omitempty"`
	Message string `json:"message"`
}

// RehearseSide is one sandbox of the rehearsal: today's version with
// today's settings ("today"), or the target with its defaults
// ("target_defaults"), with today's settings carried over
// ("target_carried"), or carried over with today's DDL behaviour pinned
// ("target_pinned").
type RehearseSide struct {
	Name      string            `json:"name"`
	Label     string            `json:"label"`
	Server    ServerInfo        `json:"server"`
	Options   []string          `json:"options"`
	Benchmark *BenchmarkInfo    `json:"benchmark"`
	Variants  []RehearseVariant `json:"variants"`
	// Decision is the stop rule's decision on this side's baseline against
	// the reference's (time ratio this side / the reference); nil on the
	// reference.
	Decision *Decision `json:"decision,omitempty"`
}

// The sides of a rehearsal, by RehearseSide.Name.
const (
	SideToday          = "today"
	SideTargetDefaults = "target_defaults"
	SideTargetCarried  = "target_carried"
	SideTargetPinned   = "target_pinned"
	// SideTargetBothOff is the schema timing's target with
	// innodb_file_per_table and innodb_stats_persistent off.
	SideTargetBothOff = "target_both_off"
)

// Variant is the named variant of the named side, nil when the rehearsal
// has none.
func (r *RehearseReport) Variant(side, variant string) *RehearseVariant {
	for i := range r.Sides {
		if r.Sides[i].Name != side {
			continue
		}
		for j := range r.Sides[i].Variants {
			if r.Sides[i].Variants[j].Name == variant {
				return &r.Sides[i].Variants[j]
			}
		}
	}
	return nil
}

// RehearseVariant is one calibration variant on one side, against the
// reference side's baseline (paired by round).
type RehearseVariant struct {
	Name        string            `json:"name"`
	Settings    map[string]string `json:"settings"`
	Measured    bool              `json:"measured"`
	Reason      string            `json:"reason,omitempty"` // why it was not measured
	CreateP50Ms float64           `json:"create_p50_ms,omitempty"`
	// VsReference: this variant's CREATE TABLE time / the reference's
	// baseline time (> 1: slower than the reference).
	VsReference *effect.Interval `json:"vs_reference,omitempty"`
	// Recovers: not shown more than the margin slower than today (effect.Recovers)
	// (only when today's version ran).
	Recovers bool `json:"recovers"`
}

// Worst returns the most severe finding's severity, and false when there
// are none.
func (r *RehearseReport) Worst() (rules.Severity, bool) {
	return (&Report{Findings: r.Findings, Schema: r.Schema, Queries: r.Queries, Verdict: r.Verdict}).Worst()
}

// SchemaTiming is the creation of the user's schema timed on each side of
// a rehearsal: today's version, the target as carried over, and the target
// with innodb_file_per_table and innodb_stats_persistent off.
type SchemaTiming struct {
	Tables   int `json:"tables"`
	Views    int `json:"views"`
	Routines int `json:"routines"`
	Triggers int `json:"triggers"`
	Events   int `json:"events"`
	Rounds   int `json:"rounds"`
	// Stop is why the measured rounds stopped (a paired.Stop reason).
	Stop   string `json:"stop,omitempty"`
	Method string `json:"method"`
	// Reference is the side every other side's time is compared with
	// (today's, or the carried target's when today's version cannot run).
	Reference string             `json:"reference,omitempty"`
	Sides     []SchemaTimingSide `json:"sides"`
}

// SchemaTimingSide is one side's times.
type SchemaTimingSide struct {
	Name    string    `json:"name"`
	MedianS float64   `json:"median_s"`
	TimesS  []float64 `json:"times_s"`
	// Versus is this side's time over the reference's, paired by round,
	// with its 95% interval (nil for the reference).
	Versus *effect.Interval `json:"versus_reference,omitempty"`
	// Decision is the stop rule's (wider) decision interval on Versus.
	Decision *effect.Interval `json:"decision_interval,omitempty"`
}

// InPlace is an in-place upgrade rehearsed: today's version made the
// datadir (settings and schema), shut down, and the target started on it
// and ran its upgrade step.
type InPlace struct {
	Source string `json:"source"`
	Target string `json:"target"`
	// SlowShutdown: today's server shut down with innodb_fast_shutdown=0.
	SlowShutdown bool `json:"slow_shutdown"`
	// UpgradeTool is the target's upgrade program ("" when the server
	// upgrades itself at start, MySQL 8.0.16+), with its time and output.
	UpgradeTool      string  `json:"upgrade_tool"`
	UpgradeDurationS float64 `json:"upgrade_duration_s"`
	UpgradeOutput    string  `json:"upgrade_output"`
	// FirstStartLog are the errors and warnings of the target's first start
	// on the old datadir (before the upgrade step); RestartLog those of a
	// start after it.
	FirstStartLog []string `json:"first_start_log"`
	RestartLog    []string `json:"restart_log"`
	// TablesChecked and TablesFailed come from the upgrade tool's output.
	TablesChecked int      `json:"tables_checked"`
	TablesFailed  []string `json:"tables_failed"`
	// Objects are the schema's objects checked on the upgraded server;
	// with Groups, those of the one schema of each group that was loaded.
	Objects []InPlaceObject `json:"objects"`
	// Groups are the schemas of the same definition, one of each loaded,
	// upgraded and checked (as the schema check groups them); none with
	// --no-group or when no two schemas are alike.
	Groups []SchemaSet `json:"groups,omitempty"`
	// Clean: the upgrade step succeeded, nothing failed, and the restart
	// after it logged no error.
	Clean bool   `json:"clean"`
	Error string `json:"error,omitempty"`
	// Datadir is the rehearsal on a copy of a real datadir (--datadir),
	// nil when today's version made the datadir from the schema.
	Datadir *InPlaceDatadir `json:"datadir,omitempty"`
}

// schemasOf is how many schemas an object stands for: its group's size,
// or 1.
func (p *InPlace) schemasOf(o InPlaceObject) int {
	if o.Group <= 0 || o.Group > len(p.Groups) {
		return 1
	}
	return p.Groups[o.Group-1].Count
}

// ObjectCount is how many objects of the schema the rehearsal stands for:
// those checked, each counted once for every schema of its group.
func (p *InPlace) ObjectCount() int {
	n := 0
	for _, o := range p.Objects {
		n += p.schemasOf(o)
	}
	return n
}

// Failed counts the objects that failed after the upgrade, each once for
// every schema of its group.
func (p *InPlace) Failed() int {
	n := 0
	for _, o := range p.Objects {
		if o.Status != "ok" {
			n += p.schemasOf(o)
		}
	}
	return n
}

// Verdict says in one sentence whether the upgraded server came up clean.
func (p *InPlace) Verdict() string {
	switch {
	case p.Error != "":
		return "the in-place upgrade failed: " + p.Error
	case p.Datadir != nil && p.Clean:
		return fmt.Sprintf("the upgraded server came up clean: %s on a copy of %s's datadir, %d table(s) checked, every row count and checksum agrees, %d view(s), routine(s), trigger(s) and event(s) usable",
			p.Target, p.Source, len(p.Datadir.Tables), len(p.Datadir.Objects))
	case p.Datadir != nil && len(p.Datadir.Problems) > 0:
		return fmt.Sprintf("the upgraded datadir did NOT pass: %d problem(s), the first: %s", len(p.Datadir.Problems), p.Datadir.Problems[0].What)
	case p.Clean:
		return fmt.Sprintf("the upgraded server came up clean: %s on %s's datadir, upgrade step passed, %d table(s) checked, %d object(s) of the schema usable, no error at the restart",
			p.Target, p.Source, p.TablesChecked, p.ObjectCount())
	}
	return fmt.Sprintf("the upgraded server did NOT come up clean: %d table(s) failed the upgrade step, %d object(s) of the schema failed, %d error line(s) at the restart",
		len(p.TablesFailed), p.Failed(), countErrors(p.RestartLog))
}

func countErrors(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, "[ERROR]") {
			n++
		}
	}
	return n
}
