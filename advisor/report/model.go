package report

import (
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/decimal"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/effect"
)

// keySettings are the variables the report shows: those that matter for DDL
// cost and for upgrades.
var keySettings = []string{
	"innodb_file_per_table", "innodb_stats_persistent", "innodb_stats_auto_recalc", "innodb_stats_on_metadata",
	"innodb_flush_log_at_trx_commit", "innodb_flush_method", "innodb_doublewrite", "sync_binlog", "log_bin",
	"innodb_buffer_pool_size", "innodb_adaptive_hash_index", "table_open_cache", "table_definition_cache", "read_only",
}

// SchemaVersion is the version of the JSON report's structure.
const SchemaVersion = 1

// Report is the result of a job; its JSON form is the documented schema.
type Report struct {
	SchemaVersion int `json:"schema_version"`
	// Verdict is the readiness the report judged (Judge), first in every
	// format; nil when it judges no target.
	Verdict   *Verdict               `json:"verdict,omitempty"`
	Command   string                 `json:"command"`
	Tool      ToolInfo               `json:"tool"`
	Server    ServerInfo             `json:"server"`
	Settings  map[string]SettingInfo `json:"settings"`
	Workload  WorkloadInfo           `json:"workload"`
	Benchmark *BenchmarkInfo         `json:"benchmark,omitempty"`
	Load      *footprint.Load        `json:"load,omitempty"`
	Target    *TargetInfo            `json:"target,omitempty"`
	Config    []ConfigInfo           `json:"config,omitempty"`
	Schema    *Schema                `json:"schema,omitempty"`
	Queries   *Queries               `json:"queries,omitempty"`
	Findings  []FindingInfo          `json:"findings"`
	MyCnf     string                 `json:"mycnf"`
	Notes     []string               `json:"notes,omitempty"`
}

// ToolInfo names the tool.
type ToolInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// ServerInfo identifies the server.
type ServerInfo struct {
	Address        string `json:"address"`
	Flavor         string `json:"flavor"`
	Version        string `json:"version"`
	VersionString  string `json:"version_string"`
	VersionComment string `json:"version_comment"`
	ReadOnly       bool   `json:"read_only"`
	Sandbox        bool   `json:"sandbox,omitempty"`
}

// WorkloadInfo is the workload class and how it was decided.
type WorkloadInfo struct {
	Class      string  `json:"class"`
	Source     string  `json:"source"`
	Reason     string  `json:"reason"`
	UptimeS    int64   `json:"uptime_s"`
	DDLPerHour float64 `json:"ddl_per_hour"`
	DDLShare   float64 `json:"ddl_share"`
}

// BenchmarkInfo is the calibration's result.
type BenchmarkInfo struct {
	Method         string  `json:"method"`
	Workload       string  `json:"workload"`
	TablesPerRound int     `json:"tables_per_round"`
	Rounds         int     `json:"rounds"`
	StopReason     string  `json:"stop_reason"`
	Precision      float64 `json:"precision"`
	BudgetS        float64 `json:"budget_s"`
	DurationS      float64 `json:"duration_s"`
	// MeasuredS is the time of the measured rounds that the budget counts
	// (DurationS adds the warm-up, cleanup between rounds and the time held
	// by pacing and pauses, load.held_s).
	MeasuredS float64 `json:"measured_s"`
	// Interleaving is how the variants alternated: "statements" or "blocks".
	Interleaving string `json:"interleaving,omitempty"`
	// Warmup is how the warm-up before the measured rounds went.
	Warmup *WarmupInfo `json:"warmup,omitempty"`
	// Tenants is set for a --ddl-file of tenant schemas calibrated with one
	// of them: how many share the tables (each variant's all_schemas_s).
	Tenants   *TenantsCost  `json:"tenants,omitempty"`
	Decisions []Decision    `json:"decisions,omitempty"`
	Variants  []VariantInfo `json:"variants"`
}

// VariantInfo is one variant of the calibration.
type VariantInfo struct {
	Name string `json:"name"`
	// Changes are the settings the variant changes from the server as it
	// runs, with their new value; Direction says which way: "on" (what the
	// new defaults would cost), "off" (what turning them off would save),
	// "mixed", or empty for the baseline.
	Changes   map[string]string `json:"changes,omitempty"`
	Direction string            `json:"direction,omitempty"`
	Measured  bool              `json:"measured"`
	Reason    string            `json:"reason,omitempty"`
	Flag      string            `json:"flag,omitempty"`
	Mechanism string            `json:"mechanism"`
	Settings  map[string]string `json:"settings"`
	CreateMs  *bench.Summary    `json:"create_ms,omitempty"`
	// AllSchemasS is, with BenchmarkInfo.Tenants, what creating the
	// calibrated statements in every schema that shares them takes with
	// this variant: the mean statement time x the statements x the schemas.
	AllSchemasS     float64          `json:"all_schemas_s,omitempty"`
	DropMs          *bench.Summary   `json:"drop_ms,omitempty"`
	TablesPerSecond float64          `json:"tables_per_s,omitempty"`
	Speedup         *effect.Interval `json:"speedup,omitempty"`
	DropSpeedup     *effect.Interval `json:"drop_speedup,omitempty"`
	// Set for variants measured on a separate sandbox (settings that need a restart).
	ServerOption   string `json:"server_option,omitempty"`
	DurabilityCost string `json:"durability_cost,omitempty"`
	StagingOnly    bool   `json:"staging_only,omitempty"`
}

// TargetInfo is the version the upgrade goes to.
type TargetInfo struct {
	Flavor  string `json:"flavor"`
	Version string `json:"version"`
	// Binary is the target's server binary that was asked about today's
	// settings (check --target-basedir); "" when none was.
	Binary string `json:"binary,omitempty"`
}

// ConfigInfo is one server option read from --config, with where it is.
type ConfigInfo struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Section string `json:"section"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Loose   bool   `json:"loose,omitempty"`
}

// ConfigOf is the report form of the options read from --config.
func ConfigOf(opts []rules.ConfigOption) []ConfigInfo {
	var out []ConfigInfo
	for _, o := range opts {
		out = append(out, ConfigInfo{Name: o.Name, Value: o.Value, Section: o.Section, File: o.File, Line: o.Line, Loose: o.Loose})
	}
	return out
}

// FindingInfo is a finding in the report.
type FindingInfo struct {
	ID              string             `json:"id"`
	Severity        string             `json:"severity"`
	Title           string             `json:"title"`
	Detail          string             `json:"detail"`
	Evidence        map[string]string  `json:"evidence,omitempty"`
	MeasuredSpeedup *SpeedupInfo       `json:"measured_speedup,omitempty"`
	Recommendation  RecommendationInfo `json:"recommendation"`
	severity        rules.Severity
}

// SpeedupInfo ties a finding to a measured variant.
type SpeedupInfo struct {
	Variant string `json:"variant"`
	// The speedup and its 95% interval: "ratio", "ci_low", "ci_high".
	effect.Interval
	BaselineMs float64 `json:"baseline_ms"`
	VariantMs  float64 `json:"variant_ms"`
}

// RecommendationInfo is what to change.
type RecommendationInfo struct {
	MyCnf     []string `json:"mycnf"`
	SQL       []string `json:"sql"`
	Tradeoffs []string `json:"tradeoffs"`
}

// Worst returns the highest severity of the findings (the schema's objects
// and the queries' classes among them) and whether there are any; a
// blocked verdict is critical.
func (r *Report) Worst() (rules.Severity, bool) {
	w, any := rules.Info, false
	for _, f := range r.Findings {
		w, any = max(w, f.severity), true
	}
	if r.Schema != nil {
		for _, o := range r.Schema.Objects {
			if sev, ok := StatusSeverity(o.Status); ok {
				w, any = max(w, sev), true
			}
		}
	}
	if qw, ok := r.Queries.worst(); ok {
		w, any = max(w, qw), true
	}
	if r.Verdict != nil && r.Verdict.Readiness == Blocked { // a blocker is critical, whatever carries it
		w, any = rules.Critical, true
	}
	return w, any
}

// SettingInfo is a key setting in the report: value, origin, and where
// known the option file it came from and what else is known of its origin.
type SettingInfo struct {
	Value  string       `json:"value"`
	Origin rules.Origin `json:"origin"`
	// File is the option file the value came from, as the server names it
	// (MySQL 8.0+ performance_schema.variables_info.VARIABLE_PATH, e.g.
	// /etc/mysql/my.cnf, or the datadir's mysqld-auto.cnf for SET PERSIST).
	File string `json:"file,omitempty"`
	// Note says what else is known, e.g. "command line", or that this
	// tool set the value back after its calibration.
	Note string `json:"note,omitempty"`
}

// SettingsOf picks the keySettings of a server's variables, with their
// provenance where known (prov may be nil).
func SettingsOf(vars map[string]rules.Setting, prov map[string]rules.Provenance) map[string]SettingInfo {
	out := map[string]SettingInfo{}
	for _, name := range keySettings {
		if s, ok := vars[name]; ok {
			p := prov[name]
			out[name] = SettingInfo{Value: s.Value, Origin: s.Origin, File: p.File, Note: p.Note}
		}
	}
	return out
}

// OriginText is the origin as the text and Markdown reports print it:
// "persisted (/var/lib/mysql/mysqld-auto.cnf)", "config (command line)".
func (s SettingInfo) OriginText() string {
	var more []string
	for _, m := range []string{s.File, s.Note} {
		if m != "" {
			more = append(more, m)
		}
	}
	if len(more) == 0 {
		return string(s.Origin)
	}
	return string(s.Origin) + " (" + strings.Join(more, "; ") + ")"
}

// WorkloadOf is the report form of the workload class.
func WorkloadOf(w rules.Workload) WorkloadInfo {
	return WorkloadInfo{Class: string(w.Class), Source: w.Source, Reason: w.Reason, UptimeS: w.UptimeS,
		DDLPerHour: decimal.Round(w.DDLPerHour, 2), DDLShare: decimal.Round(w.DDLShare, 6)}
}

// BenchmarkOf is the report form of a calibration result (nil without one).
func BenchmarkOf(res *bench.Result) *BenchmarkInfo {
	if res == nil {
		return nil
	}
	b := &BenchmarkInfo{
		Method:         methodOf(res),
		Workload:       res.Workload,
		TablesPerRound: res.TablesPerRound, Rounds: res.Rounds, StopReason: res.StopReason, Warmup: WarmupOf(res.Warmup),
		Precision: res.Precision, BudgetS: res.Budget.Seconds(), DurationS: decimal.Round(res.Duration.Seconds(), 2),
		MeasuredS: decimal.Round(res.Measured.Seconds(), 2), Interleaving: res.Interleaving,
	}
	for _, d := range res.Decisions {
		b.Decisions = append(b.Decisions, Decision{Variant: d.Variant, Verdict: d.Verdict,
			Interval: d.Interval.Rounded(), Level: decimal.Round(d.Level, 3), Threshold: decimal.Round(d.Threshold, 3), TwoSided: d.TwoSided})
	}
	if res.Schemas > 1 {
		b.Tenants = &TenantsCost{Schemas: res.Schemas, Statements: res.WorkloadStatements}
	}
	for _, v := range res.Variants {
		vi := VariantInfo{Name: v.Name, Changes: v.Changes, Direction: v.Direction(), Measured: v.Measured, Reason: v.Reason, Flag: v.Flag, Mechanism: v.Mechanism(), Settings: v.Settings,
			ServerOption: v.ServerOption, DurabilityCost: v.DurabilityCost, StagingOnly: v.StagingOnly}
		if v.Measured {
			c, d := roundSummary(v.Create), roundSummary(v.Drop)
			s, ds := v.Speedup.Rounded(), v.DropSpeedup.Rounded()
			vi.CreateMs, vi.DropMs, vi.Speedup, vi.DropSpeedup = &c, &d, &s, &ds
			vi.TablesPerSecond = decimal.Round(v.TablesPerSecond, 1)
			if b.Tenants != nil {
				vi.AllSchemasS = decimal.Round(v.Create.Mean*float64(res.WorkloadStatements*res.Schemas)/1000, 2)
			}
		}
		b.Variants = append(b.Variants, vi)
	}
	return b
}

// FindingsOf is the report form of the rules' findings.
func FindingsOf(fs []rules.Finding) []FindingInfo {
	out := make([]FindingInfo, 0, len(fs))
	for _, f := range fs {
		fi := FindingInfo{ID: f.ID, Severity: f.Severity.String(), Title: f.Title, Detail: f.Detail, Evidence: f.Evidence,
			Recommendation: RecommendationInfo{MyCnf: nonNil(f.Recommendation.MyCnf), SQL: nonNil(f.Recommendation.SQL), Tradeoffs: nonNil(f.Recommendation.Tradeoffs)},
			severity:       f.Severity}
		if m := f.MeasuredSpeedup; m != nil {
			fi.MeasuredSpeedup = &SpeedupInfo{Variant: m.Variant, Interval: m.Interval.Rounded(),
				BaselineMs: decimal.Round(m.BaselineMs, 3), VariantMs: decimal.Round(m.VariantMs, 3)}
		}
		out = append(out, fi)
	}
	return out
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func roundSummary(s bench.Summary) bench.Summary {
	return bench.Summary{P50: decimal.Round(s.P50, 3), P95: decimal.Round(s.P95, 3), Mean: decimal.Round(s.Mean, 3)}
}
