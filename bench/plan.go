package bench

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// Variant names, in report order.
const (
	Baseline           = "baseline"
	FilePerTableOff    = "file_per_table_off"
	StatsPersistentOff = "stats_persistent_off"
	BothOff            = "both_off"
)

// VariantNames lists the calibration's variants in report order.
var VariantNames = []string{Baseline, FilePerTableOff, StatsPersistentOff, BothOff}

// Server is what the planner needs to know about the server; the caller
// reads it (bench does not inspect).
type Server struct {
	Flavor flavor.Flavor
	// Current global values (ON/OFF as the server prints them).
	FilePerTable    bool
	StatsPersistent bool
	// HasStatsPersistent is false on servers older than MySQL 5.6 / MariaDB 10.0.
	HasStatsPersistent bool
}

// Permissions are what the user allowed.
type Permissions struct {
	// SetGlobal allows SET GLOBAL with restore (--allow-set-global, or a sandbox).
	SetGlobal bool
}

// Plan is how one variant is produced.
type Plan struct {
	Name     string
	Measured bool
	// Reason and Flag explain a variant that is not measured.
	Reason string
	Flag   string
	// TableClause is appended to every CREATE TABLE (e.g. " STATS_PERSISTENT=0").
	TableClause string
	// Globals are set before the variant's statements and restored after the run.
	Globals map[string]string
	// Settings describes the effective settings of the variant, for the report.
	Settings map[string]string
	// ServerOption, DurabilityCost and StagingOnly describe a variant
	// measured on a separate server started with that option.
	ServerOption   string
	DurabilityCost string
	StagingOnly    bool
}

// Mechanism describes how the variant is produced, for humans.
func (p Plan) Mechanism() string {
	switch {
	case !p.Measured:
		return "not measured"
	case p.ServerOption != "":
		return "separate sandbox started with " + p.ServerOption
	case len(p.Globals) > 0 && p.TableClause != "":
		return "SET GLOBAL " + joinKeys(p.Globals) + " + table clause" + p.TableClause
	case len(p.Globals) > 0:
		return "SET GLOBAL " + joinKeys(p.Globals)
	case p.TableClause != "":
		return "table clause" + p.TableClause
	}
	return "server settings as they are"
}

func joinKeys(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		keys = append(keys, k+"="+v)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// PlanVariants decides, per variant, the least intrusive mechanism the server
// and the permissions allow: per-table clauses first, then SET GLOBAL, else
// not measured with the reason and the flag that would measure it.
//
// The baseline is the server's own settings. When a setting is already off on
// the server, the matching variant equals the baseline and is not measured
// (there is nothing to turn off).
func PlanVariants(s Server, p Permissions) []Plan {
	fpt := filePerTableOff(s, p)
	stats := statsPersistentOff(s, p)
	base := Plan{Name: Baseline, Measured: true, Settings: map[string]string{
		"innodb_file_per_table": onOff(s.FilePerTable), "innodb_stats_persistent": onOff(s.StatsPersistent && s.HasStatsPersistent)}}
	return []Plan{base, named(FilePerTableOff, fpt), named(StatsPersistentOff, stats), combine(fpt, stats)}
}

func named(name string, p Plan) Plan { p.Name = name; return p }

func filePerTableOff(s Server, p Permissions) Plan {
	settings := map[string]string{"innodb_file_per_table": "OFF"}
	switch {
	case !s.FilePerTable:
		return Plan{Reason: "innodb_file_per_table is already OFF on this server", Settings: settings}
	case !s.Flavor.IsMariaDB() && s.Flavor.Version.AtLeast(5, 7, 6):
		return Plan{Measured: true, TableClause: " TABLESPACE=innodb_system", Settings: settings}
	case p.SetGlobal:
		return Plan{Measured: true, Globals: map[string]string{"innodb_file_per_table": "OFF"}, Settings: settings}
	}
	reason := "no per-table clause puts a table in the system tablespace on this server"
	if s.Flavor.IsMariaDB() {
		reason = "MariaDB has no TABLESPACE clause; only SET GLOBAL innodb_file_per_table can measure it"
	}
	return Plan{Reason: reason, Flag: "--allow-set-global (restored afterwards) or --sandbox", Settings: settings}
}

func statsPersistentOff(s Server, p Permissions) Plan {
	settings := map[string]string{"innodb_stats_persistent": "OFF"}
	switch {
	case !s.HasStatsPersistent:
		return Plan{Reason: "this server has no persistent statistics (MySQL 5.5 or older)", Settings: settings}
	case !s.StatsPersistent:
		return Plan{Reason: "innodb_stats_persistent is already OFF on this server", Settings: settings}
	}
	return Plan{Measured: true, TableClause: " STATS_PERSISTENT=0", Settings: settings}
}

func combine(a, b Plan) Plan {
	out := Plan{Name: BothOff, Settings: map[string]string{}}
	for _, part := range []Plan{a, b} {
		for k, v := range part.Settings {
			out.Settings[k] = v
		}
	}
	if !a.Measured || !b.Measured {
		missing := a
		if a.Measured {
			missing = b
		}
		out.Reason = fmt.Sprintf("needs both changes; %s", missing.Reason)
		out.Flag = missing.Flag
		return out
	}
	out.Measured = true
	out.TableClause = a.TableClause + b.TableClause
	if len(a.Globals)+len(b.Globals) > 0 {
		out.Globals = map[string]string{}
		for _, part := range []Plan{a, b} {
			for k, v := range part.Globals {
				out.Globals[k] = v
			}
		}
	}
	return out
}

func onOff(b bool) string {
	if b {
		return "ON"
	}
	return "OFF"
}
