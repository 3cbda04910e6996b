package rehearse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// inPlaceRefusal says why the vendor does not support upgrading source's
// datadir in place to target, or nil when it does.
func inPlaceRefusal(source, target flavor.Flavor) error {
	switch {
	case source.IsMariaDB() != target.IsMariaDB():
		return fmt.Errorf("%w: "+flagname.InPlace+": %s -> %s is a migration between vendors, which no vendor supports in place: "+
			"dump and reload instead (rehearse without "+flagname.InPlace+", check "+flagname.SchemaFile+")", exitcode.ErrUsage, source, target)
	case target.Version.Compare(source.Version) < 0:
		return fmt.Errorf("%w: "+flagname.InPlace+": %s -> %s is a downgrade, which the vendor does not support in place: "+
			"restore a backup of the older version instead", exitcode.ErrUsage, source, target)
	}
	return nil
}

// rehearseInPlace runs the in-place upgrade: today's binaries make a
// datadir with today's options and the schema, shut down slowly, the
// target starts on it with the carried-over options and runs its upgrade
// step, restarts, and every object of the schema is checked. The sandbox
// is removed whatever happens. A failure of the target is a result, not
// an error: it is what the rehearsal is for.
func rehearseInPlace(ctx context.Context, o Options, p *rehearsal, todayOptions []string) (_ *report.InPlace, err error) {
	if p.sourceBin == nil {
		return nil, fmt.Errorf("%w: "+flagname.InPlace+" needs today's binaries to make the datadir: give "+flagname.SourceBasedir+" (%s)", exitcode.ErrUsage, p.sourceNote)
	}
	d, groups, err := inPlaceSchema(o, sqlfile.ClientOf(p.sourceBin.Flavor.Vendor))
	if err != nil {
		return nil, err
	}
	ip := &report.InPlace{Source: p.sourceBin.Flavor.String(), Target: p.target.String(), TablesFailed: []string{}, Objects: []report.InPlaceObject{}}
	sb, err := sandbox.Start(ctx, sandbox.Options{Basedir: p.sourceBin.Basedir, ServerOptions: todayOptions, Dir: o.SandboxDir, Log: o.SandboxLog})
	if err != nil {
		return nil, fmt.Errorf("in-place: today's version: %w", err)
	}
	defer func() {
		stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		err = errors.Join(err, sb.Stop(stop))
	}()
	created, err := loadToday(ctx, sb, d)
	if err != nil {
		return nil, err
	}
	ip.SlowShutdown = p.sourceBin.Flavor.Version.Series() != p.target.Version.Series()
	if err := shutdownForUpgrade(ctx, sb, ip.SlowShutdown); err != nil {
		return nil, err
	}
	bin, lines, err := sb.UpgradeTo(ctx, p.targetBin.Basedir, p.carry.SandboxOptions())
	ip.FirstStartLog = errorsAndWarnings(lines)
	if err != nil {
		ip.Error = "the target did not start on today's datadir: " + err.Error()
		return ip, nil
	}
	if !bin.Flavor.UpgradesAtStart() {
		run, err := sb.RunUpgradeTool(ctx, bin)
		ip.UpgradeTool, ip.UpgradeOutput, ip.UpgradeDurationS = run.Tool, run.Output, run.Duration.Seconds()
		ip.TablesChecked, ip.TablesFailed = upgradeToolTables(run.Output)
		if err != nil {
			ip.Error = err.Error()
			return ip, nil
		}
	}
	if err := restartAfterUpgrade(ctx, sb, ip); err != nil {
		return ip, nil
	}
	if ip.Objects, err = checkObjectsAfter(ctx, sb, created); err != nil {
		return nil, err
	}
	ip.GroupObjects(groups.Summary())
	ip.Clean = ip.Error == "" && len(ip.TablesFailed) == 0 && ip.Failed() == 0 && countErrorLines(ip.RestartLog) == 0
	return ip, nil
}

// inPlaceSchema reads the schema file, when there is one, and unless
// --no-group keeps one schema of each group of the same definition (as the
// schema check groups them): a tenant's upgrade stands for every tenant
// of its group.
func inPlaceSchema(o Options, client sqlfile.ClientFamily) (*sqlfile.Dump, *schemacheck.Grouping, error) {
	if o.SchemaFile == "" {
		return nil, nil, nil
	}
	so := schemacheck.Options{SchemaFile: o.SchemaFile, ServerVersion: o.ServerVersion, Client: client}
	if o.NoGroup {
		d, err := schemacheck.ReadFile(so)
		return d, nil, err
	}
	return schemacheck.ReadGroupedFile(so)
}

// loadToday loads the schema (when there is one) on today's sandbox with
// the schema rehearsal's loader and returns the objects it created.
func loadToday(ctx context.Context, sb *sandbox.Sandbox, d *sqlfile.Dump) ([]sqlfile.Object, error) {
	if d == nil {
		return nil, nil
	}
	// As the application's account: the target later upgrades this datadir,
	// objects, definers and all.
	dsn, err := sb.AppDSN(ctx, schemacheck.SchemaNames(d)...)
	if err != nil {
		return nil, err
	}
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	cfg.MultiStatements = true // a sandbox this job started: each client statement sent whole, as the client sends it
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(connector)
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("in-place: today's version: %w", err)
	}
	defer conn.Close()
	load, err := schemacheck.LoadDump(ctx, conn, d)
	if err != nil {
		return nil, fmt.Errorf("in-place: loading the schema on today's version: %w", err)
	}
	var created []sqlfile.Object
	for _, r := range load.Results {
		if r.Created {
			o := r.Object
			if o.Schema == "" {
				o.Schema = schemacheck.DefaultSchema
			}
			created = append(created, o)
		}
	}
	return created, nil
}

// shutdownForUpgrade shuts today's server down; slow: with
// innodb_fast_shutdown=0 first (purge and change-buffer merge complete),
// which an upgrade across series needs.
func shutdownForUpgrade(ctx context.Context, sb *sandbox.Sandbox, slow bool) error {
	if slow {
		db, err := sql.Open("mysql", sb.DSN())
		if err != nil {
			return err
		}
		_, err = stmt.Exec(ctx, db, "SET GLOBAL innodb_fast_shutdown = 0")
		db.Close()
		if err != nil {
			return fmt.Errorf("in-place: setting innodb_fast_shutdown=0 on today's version: %w", err)
		}
	}
	return sb.Shutdown(ctx)
}

// restartAfterUpgrade restarts the upgraded server and keeps the errors
// and warnings it logs; a failed restart is recorded in ip.
func restartAfterUpgrade(ctx context.Context, sb *sandbox.Sandbox, ip *report.InPlace) error {
	if err := sb.Shutdown(ctx); err != nil {
		ip.Error = "shutting the upgraded server down: " + err.Error()
		return err
	}
	lines, err := sb.RestartLogged(ctx)
	ip.RestartLog = errorsAndWarnings(lines)
	if err != nil {
		ip.Error = "the upgraded server did not restart: " + err.Error()
	}
	return err
}

var logLevel = regexp.MustCompile(`\[(ERROR|Warning)\]`)

// errorsAndWarnings keeps a server log's error and warning lines.
func errorsAndWarnings(lines []string) []string {
	out := []string{}
	for _, l := range lines {
		if logLevel.MatchString(l) {
			out = append(out, l)
		}
	}
	return out
}

func countErrorLines(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, "[ERROR]") {
			n++
		}
	}
	return n
}

var checkedTable = regexp.MustCompile(`^([^\s.]+\.\S+)\s*(\S.*)?$`)

// upgradeToolTables reads mariadb-check's lines in the upgrade tool's
// output: "db.table   OK", or "db.table" followed by "Error : ..." lines.
func upgradeToolTables(out string) (int, []string) {
	checked, failed := 0, []string{}
	current, bad := "", false
	flush := func() {
		if current != "" && bad {
			failed = append(failed, current)
		}
		current, bad = "", false
	}
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimRight(l, " \r")
		switch m := checkedTable.FindStringSubmatch(l); {
		case m != nil && !strings.HasPrefix(l, "Phase"):
			flush()
			checked++
			current, bad = m[1], m[2] != "OK"
		case strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "error"):
			bad = current != ""
		case strings.HasPrefix(l, "status") && strings.Contains(l, "OK"):
			bad = false
		}
	}
	flush()
	return checked, failed
}

// checkObjectsAfter asks the upgraded server about every object today's
// version created: tables pass CHECK TABLE, views answer a query,
// routines, triggers and events show their definition.
func checkObjectsAfter(ctx context.Context, sb *sandbox.Sandbox, objects []sqlfile.Object) ([]report.InPlaceObject, error) {
	out := []report.InPlaceObject{}
	if len(objects) == 0 {
		return out, nil
	}
	db, err := sql.Open("mysql", sb.DSN())
	if err != nil {
		return nil, err
	}
	defer db.Close()
	for _, o := range objects {
		res := report.InPlaceObject{Schema: o.Schema, Name: o.Name, Kind: string(o.Kind), Status: "ok"}
		if msg := objectProblem(ctx, db, o); msg != "" {
			res.Status, res.Message = "failed", msg
		}
		out = append(out, res)
	}
	return out, nil
}

// objectProblem is what the upgraded server says is wrong with o, or "".
func objectProblem(ctx context.Context, db *sql.DB, o sqlfile.Object) string {
	name := stmt.QuoteIdent(o.Schema) + "." + stmt.QuoteIdent(o.Name)
	var q string
	switch o.Kind {
	case sqlfile.KindTable:
		return checkTableProblem(ctx, db, name)
	case sqlfile.KindView:
		q = "SELECT * FROM " + name + " LIMIT 0"
	case sqlfile.KindProcedure:
		q = "SHOW CREATE PROCEDURE " + name
	case sqlfile.KindFunction:
		q = "SHOW CREATE FUNCTION " + name
	case sqlfile.KindTrigger:
		q = "SHOW CREATE TRIGGER " + name
	case sqlfile.KindEvent:
		q = "SHOW CREATE EVENT " + name
	default:
		return ""
	}
	for _, err := range stmt.Rows(ctx, db, q) {
		if err != nil {
			return err.Error()
		}
		break // the first row answers: the rest is drained on close, unread
	}
	return ""
}

// checkTableProblem runs CHECK TABLE and returns its last message unless OK.
func checkTableProblem(ctx context.Context, db *sql.DB, name string) string {
	var problem string
	for row, err := range stmt.Rows(ctx, db, "CHECK TABLE "+name) {
		if err != nil {
			return err.Error()
		}
		var table, op, typ, text sql.NullString
		if err := row.Scan(&table, &op, &typ, &text); err != nil {
			return err.Error()
		}
		if t := strings.ToLower(typ.String); t == "error" || (t == "status" && !strings.EqualFold(text.String, "OK")) {
			problem = typ.String + ": " + text.String
		}
	}
	return problem
}
