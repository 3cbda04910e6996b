package bench

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

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
	Name string
	// Changes are the settings the variant changes from the server as it
	// runs, with the value it gives them (ON/OFF); empty for the baseline.
	Changes  map[string]string
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
// not measured with the reason and the flag (or the command) that would
// measure it.
//
// The baseline is the server's own settings; every other variant is a change
// from them, in whichever direction that is: a setting the server runs ON is
// turned OFF (what turning it off would save), one it runs OFF is turned ON
// (what the new default would cost).
func PlanVariants(s Server, p Permissions) []Plan {
	fpt := filePerTableChange(s, p)
	stats := statsPersistentChange(s, p)
	base := Plan{Name: Baseline, Measured: true, Settings: map[string]string{
		FilePerTable: onOff(s.FilePerTable), StatsPersistent: onOff(s.StatsPersistent && s.HasStatsPersistent)}}
	return []Plan{base, fpt, stats, combine(fpt, stats)}
}

// change starts the plan of one setting changed to value.
func change(name, value string) Plan {
	changes := map[string]string{name: value}
	return Plan{Name: variantName(changes), Changes: changes, Settings: map[string]string{name: value}}
}

// filePerTableChange turns innodb_file_per_table the other way: by the
// TABLESPACE clause on MySQL 5.7.6+, else by SET GLOBAL where allowed.
func filePerTableChange(s Server, p Permissions) Plan {
	to := onOff(!s.FilePerTable)
	pl := change(FilePerTable, to)
	switch {
	case s.Flavor.HasTablespaceClause():
		pl.Measured, pl.TableClause = true, " TABLESPACE="+map[string]string{"OFF": "innodb_system", "ON": "innodb_file_per_table"}[to]
		return pl
	case p.SetGlobal:
		pl.Measured, pl.Globals = true, map[string]string{FilePerTable: to}
		return pl
	}
	pl.Reason = "no per-table clause puts a table in the system tablespace on this server"
	if to == "ON" {
		pl.Reason = "no per-table clause gives a table its own tablespace on this server"
	}
	if s.Flavor.IsMariaDB() {
		pl.Reason = "MariaDB has no TABLESPACE clause; only SET GLOBAL innodb_file_per_table can measure it"
	}
	pl.Flag = flagname.AllowSetGlobal + " (restored afterwards) or " + flagname.Sandbox
	return pl
}

// statsPersistentChange turns persistent statistics the other way by the
// STATS_PERSISTENT table clause; a server without them (MySQL 5.5) cannot
// measure what turning them on would cost.
func statsPersistentChange(s Server, p Permissions) Plan {
	if !s.HasStatsPersistent {
		pl := change(StatsPersistent, "ON")
		pl.Reason = "this server has no persistent statistics (innodb_stats_persistent came with MySQL 5.6 and MariaDB 10.0), so turning them on cannot be measured here"
		pl.Flag = "`upgrade-advisor rehearse` or an audit of a sandbox of the target version"
		return pl
	}
	to := onOff(!s.StatsPersistent)
	pl := change(StatsPersistent, to)
	pl.Measured, pl.TableClause = true, " STATS_PERSISTENT="+map[string]string{"OFF": "0", "ON": "1"}[to]
	return pl
}

// combine plans both changes at once.
func combine(a, b Plan) Plan {
	out := Plan{Changes: map[string]string{}, Settings: map[string]string{}}
	for _, part := range []Plan{a, b} {
		for k, v := range part.Changes {
			out.Changes[k] = v
			out.Settings[k] = v
		}
	}
	out.Name = variantName(out.Changes)
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

// Direction is which way the variant moves the settings it changes: "on",
// "off", "mixed", or "" for the baseline.
func (p Plan) Direction() string { return directionOf(p.Changes) }
