package schemacheck

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A definition can load under the sql_mode the file set (sql_mode='' lets
// a zero date be a default) and not under the server's default one. The
// table exists, and the application's next ALTER TABLE, run under the
// default, may fail. So every table created under another sql_mode than
// the default is asked about once more, in a scratch schema of the
// sandbox: first cheaply, as a temporary table created under the default
// (recreateUnderDefault); where the server refuses that, a copy of the
// table made as the file made it is altered under the default
// (alterCopy), and only the failure of that ALTER is reported. Nothing
// the probe sets may change the answer: the server keeps the settings it
// was started with (the target's defaults, or the ones carried over),
// save durability (throwawayGlobals).

// modeOnly reports the tables that load only under the sql_mode the file
// set and whose ALTER TABLE fails under the default, on the target and, to
// tell what is new, on today's version.
func (c *checker) modeOnly(ctx context.Context) error {
	target, err := modeOnlyTables(ctx, orConn(c.s.TargetAdmin, c.s.Target), c.target.Results)
	if err != nil {
		return err
	}
	var today map[int]outcome.Problem
	if c.today != nil && len(target) > 0 {
		if today, err = modeOnlyTables(ctx, orConn(c.s.TodayAdmin, c.s.Today), c.today.Results); err != nil {
			return fmt.Errorf("today's version: %w", err)
		}
	}
	for i, p := range target {
		if q, ok := today[i]; ok && q.Code == p.Code {
			p.Today = true
		}
		c.target.Results[i].Problems = append(c.target.Results[i].Problems, p)
	}
	return nil
}

// modeOnlyTables returns, by index in results, the problem of each table
// whose ALTER TABLE fails under the server's default sql_mode.
func modeOnlyTables(ctx context.Context, conn *sql.Conn, results []*Result) (map[int]outcome.Problem, error) {
	var idx []int
	for i, r := range results {
		if r.Created && r.modeDiffers && r.Object.Kind == sqlfile.KindTable {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil, nil
	}
	var mode string
	if err := stmt.QueryRow(ctx, conn, "SELECT @@GLOBAL.sql_mode").Scan(&mode); err != nil {
		return nil, fmt.Errorf("reading the sandbox's default sql_mode: %w", err)
	}
	scratch, err := scratchName()
	if err != nil {
		return nil, err
	}
	if _, err := stmt.Exec(ctx, conn, "CREATE DATABASE "+stmt.QuoteIdent(scratch)); err != nil {
		return nil, fmt.Errorf("creating the scratch schema on the sandbox: %w", err)
	}
	defer stmt.Exec(context.WithoutCancel(ctx), conn, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(scratch)) //nolint:errcheck // the sandbox is thrown away
	for _, q := range []string{"SET SESSION sql_mode = DEFAULT, foreign_key_checks = 0", "USE " + stmt.QuoteIdent(scratch)} {
		if _, err := stmt.Exec(ctx, conn, q); err != nil {
			return nil, fmt.Errorf("preparing the scratch schema: %w", err)
		}
	}
	restore := throwawayTables(ctx, conn)
	defer restore()
	out := map[int]outcome.Problem{}
	sc := &scratchTables{conn: conn, mode: mode}
	defer sc.dropTemporary(ctx)
	for _, i := range idx {
		p, err := sc.recreateUnderDefault(ctx, results[i])
		if err != nil {
			return nil, err
		}
		if p != nil {
			out[i] = *p
		}
	}
	if _, err := stmt.Exec(ctx, conn, "SET SESSION foreign_key_checks = DEFAULT"); err != nil {
		return nil, err
	}
	return out, nil
}

// scratchTables re-creates tables in the scratch schema, the current one
// of conn, under the default sql_mode.
type scratchTables struct {
	conn *sql.Conn
	mode string // the default sql_mode, for the report
	// temporary are the temporary tables made so far, dropped at the end
	// (dropping the scratch schema leaves a session's temporary tables).
	temporary []string
	// copies counts the tables copied (alterCopy), for their names.
	copies int
}

// dropTemporary drops the temporary tables made.
func (sc *scratchTables) dropTemporary(ctx context.Context) {
	if len(sc.temporary) == 0 {
		return
	}
	_, _ = stmt.Exec(context.WithoutCancel(ctx), sc.conn, "DROP TEMPORARY TABLE IF EXISTS "+strings.Join(sc.temporary, ", "))
}

// recreateUnderDefault asks whether the application's ALTER TABLE of a
// table fails under the default sql_mode. The table is first created from
// the server's SHOW CREATE TABLE, under the default, as a temporary table
// without its foreign keys, which costs the server a fraction of a table
// (no data dictionary entry, no file); a foreign key does not depend on
// the sql_mode, and a temporary table follows it as a table does. Where
// the server refuses that (a zero-date default, and what a temporary table
// cannot have: FULLTEXT, partitions, compressed rows, ...), the answer is
// the one alterCopy observes.
func (sc *scratchTables) recreateUnderDefault(ctx context.Context, r *Result) (*outcome.Problem, error) {
	o := r.Object
	var name, create string
	if err := stmt.QueryRow(ctx, sc.conn, "SHOW CREATE TABLE "+quotedName(o)).Scan(&name, &create); err != nil {
		return nil, fmt.Errorf("reading the definition of %s.%s on the sandbox: %w", schemaOf(o), o.Name, err)
	}
	tmp := stmt.QuoteIdent(fmt.Sprintf("upgrade_advisor_tmp_%d", len(sc.temporary)))
	if temporary, ok := temporaryForm(create, name, tmp); ok {
		_, err := stmt.Exec(ctx, sc.conn, temporary)
		if err == nil {
			sc.temporary = append(sc.temporary, tmp)
			return nil, nil
		}
		if serverError(err) == nil {
			return nil, fmt.Errorf("creating %s in the scratch schema: %w", o.Name, err)
		}
	}
	return sc.alterCopy(ctx, r)
}

// alterProbe is the ALTER TABLE run on a copy: a column added, the most
// common change an application makes to its tables.
const alterProbe = " ADD COLUMN upgrade_advisor_probe INT"

// alterCopy makes a copy of the table in the scratch schema under the
// sql_mode it was created with (CREATE TABLE ... LIKE: its definition,
// without foreign keys), then alters the copy under the server's default
// sql_mode. A failure of that ALTER is the problem reported; a copy the
// server will not make is no claim.
func (sc *scratchTables) alterCopy(ctx context.Context, r *Result) (*outcome.Problem, error) {
	cp := stmt.QuoteIdent(fmt.Sprintf("upgrade_advisor_copy_%d", sc.copies))
	sc.copies++
	for _, q := range []string{"SET SESSION sql_mode = " + stmt.QuoteString(r.mode), "CREATE TABLE " + cp + " LIKE " + quotedName(r.Object)} {
		if _, err := stmt.Exec(ctx, sc.conn, q); err != nil {
			if serverError(err) == nil {
				return nil, fmt.Errorf("copying %s in the scratch schema: %w", r.Object.Name, err)
			}
			return nil, sc.defaultMode(ctx)
		}
	}
	if err := sc.defaultMode(ctx); err != nil {
		return nil, err
	}
	_, err := stmt.Exec(ctx, sc.conn, "ALTER TABLE "+cp+alterProbe)
	se := serverError(err)
	if err != nil && se == nil {
		return nil, fmt.Errorf("altering the copy of %s in the scratch schema: %w", r.Object.Name, err)
	}
	if _, err := stmt.Exec(ctx, sc.conn, "DROP TABLE "+cp); err != nil {
		return nil, fmt.Errorf("dropping the copy of %s in the scratch schema: %w", r.Object.Name, err)
	}
	if se == nil {
		return nil, nil
	}
	return &outcome.Problem{Kind: outcome.StatusRuntime, Code: int(se.Number),
		Message: fmt.Sprintf("it loads only under the sql_mode it was created with (%s): under the server's default (%s) an ALTER TABLE ...%s of a copy of it failed: %s; the application's later ALTER TABLE statements of it fail the same way",
			orNone(quoteMode(r.mode)), orNone(sc.mode), alterProbe, se.Message),
		Fix: "change the definition so that it loads under the default sql_mode (a zero-date default: NULL or a real date), " +
			"or run the application's ALTER TABLE statements under the file's sql_mode"}, nil
}

// defaultMode sets the session's sql_mode back to the server's default.
func (sc *scratchTables) defaultMode(ctx context.Context) error {
	if _, err := stmt.Exec(ctx, sc.conn, "SET SESSION sql_mode = DEFAULT"); err != nil {
		return fmt.Errorf("setting the default sql_mode back on the sandbox: %w", err)
	}
	return nil
}

// foreignKeyLine is a foreign key's line in SHOW CREATE TABLE.
var foreignKeyLine = regexp.MustCompile("^  CONSTRAINT `(?:[^`]|``)*` FOREIGN KEY \\(")

// temporaryForm turns a SHOW CREATE TABLE of table name (one element a
// line, as every server prints it) into a CREATE TEMPORARY TABLE of tmp
// without the foreign keys; ok is false for a text of another shape.
func temporaryForm(create, name, tmp string) (string, bool) {
	rest, ok := strings.CutPrefix(create, "CREATE TABLE "+stmt.QuoteIdent(name)+" (\n")
	if !ok {
		return "", false
	}
	lines := strings.Split(rest, "\n")
	end := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, ")") })
	if end < 1 {
		return "", false
	}
	var elements []string
	for _, l := range lines[:end] {
		if !foreignKeyLine.MatchString(l) {
			elements = append(elements, strings.TrimSuffix(l, ","))
		}
	}
	return "CREATE TEMPORARY TABLE " + tmp + " (\n" + strings.Join(elements, ",\n") + "\n" + strings.Join(lines[end:], "\n"), true
}

// quoteMode shows an sql_mode as a quoted string ("" stays "", for orNone).
func quoteMode(mode string) string {
	if mode == "" {
		return ""
	}
	return "'" + mode + "'"
}

// scratchName is a scratch schema's name: upgrade_advisor_ and random hex.
func scratchName() (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "upgrade_advisor_" + hex.EncodeToString(b), nil
}

// throwawayGlobals make a scratch table cheaper to create: no log flush
// at each commit. Only durability is traded: the settings of the tables
// themselves stay as the server was started, for one of them changes what
// the server accepts (innodb_file_per_table=0 refuses compressed rows, and
// TABLESPACE and DATA DIRECTORY clauses need it too). The sandbox's value
// is set back after the scratch tables.
var throwawayGlobals = []string{"innodb_flush_log_at_trx_commit"}

// throwawayTables sets the throwawayGlobals off on the sandbox where the
// connection may, and returns what sets them back; where it may not (an
// account without the right) the tables are created with the defaults.
func throwawayTables(ctx context.Context, conn *sql.Conn) (restore func()) {
	orig, err := stmt.ReadGlobals(ctx, conn, throwawayGlobals)
	if err != nil {
		return func() {}
	}
	set := map[string]string{}
	for _, name := range throwawayGlobals {
		if stmt.SetGlobal(ctx, conn, name, "0") == nil {
			set[name] = orig[name]
		}
	}
	return func() { _ = stmt.RestoreGlobals(context.WithoutCancel(ctx), conn, set) }
}
