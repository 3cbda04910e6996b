package ddlfile

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// dropStandIns removes the CREATE TABLE of every table that the file later
// replaces by a view of the same name (mysqldump's stand-in tables for
// views, written so that views can refer to each other).
func (p *parser) dropStandIns(d *sqlfile.Dump) {
	if d == nil {
		return
	}
	p.objects = d
	views := map[string]bool{}
	for _, o := range d.Objects {
		if o.Kind == sqlfile.KindView {
			views[strings.ToLower(o.Name)] = true
		}
	}
	if len(views) == 0 {
		return
	}
	kept := p.tables.Statements[:0]
	for _, s := range p.tables.Statements {
		if s.Table != "" && views[strings.ToLower(s.Table)] {
			p.counts[kindCreateTable]--
			p.counts[asideStandIn]++
			delete(p.created, strings.ToLower(s.Table))
			continue
		}
		kept = append(kept, s)
	}
	p.tables.Statements = kept
	engines := p.otherEngine[:0]
	for _, e := range p.otherEngine {
		if name, _, ok := strings.Cut(e, " ("); !ok || !views[strings.ToLower(strings.Trim(name, "`"))] {
			engines = append(engines, e)
		}
	}
	p.otherEngine = engines
}

// asideNote says what was set aside, or "".
func (p *parser) asideNote() string {
	var parts []string
	for _, k := range asideOrder {
		n := p.counts[k]
		if kind, ok := objectAsides[k]; ok && p.objects != nil && n > 0 {
			n = p.objects.Count(kind)
		}
		if k == asideRoutine && p.objects != nil && n > 0 {
			n = p.objects.Count(sqlfile.KindFunction) + p.objects.Count(sqlfile.KindProcedure)
		}
		if n > 0 {
			parts = append(parts, sqlfile.Plural(n, k))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "set aside, never run on the server: " + strings.Join(parts, ", ") +
		" (only the file's table DDL runs, in the scratch schema; `check " + flagname.SchemaFile + "` puts the rest through a target sandbox)"
}

// result returns the workload and notes, or the refusals.
func (p *parser) result() (Tables, []string, error) {
	if len(p.rejects) > 0 {
		return Tables{}, nil, p.rejection()
	}
	if p.counts[kindCreateTable] == 0 {
		return Tables{}, nil, &sqlfile.RejectError{File: p.file, Reason: "no CREATE TABLE statements"}
	}
	p.tables.Name = filepath.Base(p.file) + ": " + p.summary()
	return p.tables, p.notes(), nil
}

// rejection joins the refusals, in line order.
func (p *parser) rejection() error { return sqlfile.JoinRejects(p.file, p.rejects) }

// summary counts the statements that run, e.g. "12 CREATE TABLE, 3 ALTER TABLE".
func (p *parser) summary() string {
	var parts []string
	for _, k := range []string{kindCreateTable, kindAlterTable, kindCreateIndex} {
		if n := p.counts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	return strings.Join(parts, ", ")
}

// notes says what was ignored and what limits the measurement.
func (p *parser) notes() []string {
	var notes []string
	var ignored []string
	for _, k := range []string{kindSet, kindDropTable, kindLockTables} {
		if n := p.counts[k]; n > 0 {
			ignored = append(ignored, sqlfile.Plural(n, k+" statement"))
		}
	}
	if len(ignored) > 0 {
		notes = append(notes, "ignored "+strings.Join(ignored, ", ")+
			" (the calibration uses its own session settings and drops the tables it creates)")
	}
	if n := p.asideNote(); n != "" {
		notes = append(notes, n)
	}
	if len(p.hidden) > 0 {
		notes = append(notes, "set aside, never run: "+sqlfile.Plural(len(p.hidden), "statement")+" sharing a client statement with others "+
			"(the mysql client would send them together and the server run each): "+strings.Join(p.hidden, "; "))
	}
	if n := len(p.partitioned); n == 1 {
		notes = append(notes, "table "+p.partitioned[0]+" is partitioned: variants that use a table clause run it unchanged")
	} else if n > 1 {
		notes = append(notes, "tables "+listNames(p.partitioned)+" are partitioned: variants that use a table clause run them unchanged")
	}
	if len(p.likeTables) > 0 {
		notes = append(notes, "created with CREATE TABLE ... LIKE: "+listNames(p.likeTables)+": variants that use a table clause run them unchanged")
	}
	if len(p.otherEngine) > 0 {
		notes = append(notes, "not InnoDB: "+listNames(p.otherEngine)+": only InnoDB tables are affected by the variants")
	}
	if p.foreignKeys > 0 {
		notes = append(notes, "foreign keys in "+sqlfile.Plural(p.foreignKeys, "statement")+": the calibration session needs foreign_key_checks=0 "+
			"(the file's own SET FOREIGN_KEY_CHECKS is ignored, and dumps create tables in name order)")
	}
	return notes
}
