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
// default, fails. So every table created under another sql_mode than the
// default is created once more, from the server's own SHOW CREATE TABLE,
// under the default, in a scratch schema of the sandbox: as a temporary
// table where it can be one (recreateUnderDefault).

// modeOnlyTables returns, by index in results, the problem of each table
// whose definition the server's default sql_mode refuses.
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
	if err := conn.QueryRowContext(ctx, stmt.Tag+"SELECT @@GLOBAL.sql_mode").Scan(&mode); err != nil {
		return nil, fmt.Errorf("reading the sandbox's default sql_mode: %w", err)
	}
	scratch, err := scratchName()
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, stmt.Tag+"CREATE DATABASE "+stmt.QuoteIdent(scratch)); err != nil {
		return nil, fmt.Errorf("creating the scratch schema on the sandbox: %w", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), stmt.Tag+"DROP DATABASE IF EXISTS "+stmt.QuoteIdent(scratch)) //nolint:errcheck // the sandbox is thrown away
	for _, q := range []string{"SET SESSION sql_mode = DEFAULT, foreign_key_checks = 0", "USE " + stmt.QuoteIdent(scratch)} {
		if _, err := conn.ExecContext(ctx, stmt.Tag+q); err != nil {
			return nil, fmt.Errorf("preparing the scratch schema: %w", err)
		}
	}
	restore := throwawayTables(ctx, conn)
	defer restore()
	out := map[int]outcome.Problem{}
	sc := &scratchTables{conn: conn, mode: mode}
	defer sc.dropTemporary(ctx)
	for _, i := range idx {
		p, err := sc.recreateUnderDefault(ctx, results[i].Object)
		if err != nil {
			return nil, err
		}
		if p != nil {
			out[i] = *p
		}
	}
	if _, err := conn.ExecContext(ctx, stmt.Tag+"SET SESSION foreign_key_checks = DEFAULT"); err != nil {
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
}

// dropTemporary drops the temporary tables made.
func (sc *scratchTables) dropTemporary(ctx context.Context) {
	if len(sc.temporary) == 0 {
		return
	}
	_, _ = sc.conn.ExecContext(context.WithoutCancel(ctx), stmt.Tag+"DROP TEMPORARY TABLE IF EXISTS "+strings.Join(sc.temporary, ", "))
}

// recreateUnderDefault creates one table in the scratch schema from the
// server's SHOW CREATE TABLE, under the default sql_mode. It is first
// created as a temporary table without its foreign keys, which costs the
// server a fraction of a table (no data dictionary entry, no file); a
// foreign key does not depend on the sql_mode, and a temporary table
// follows it as a table does. What the server refuses of that (a zero-date
// default, and what a temporary table cannot have: FULLTEXT, partitions,
// compressed rows, ...) is asked again of the table as it is, and that
// answer is the report's.
func (sc *scratchTables) recreateUnderDefault(ctx context.Context, o sqlfile.Object) (*outcome.Problem, error) {
	var name, create string
	q := stmt.Tag + "SHOW CREATE TABLE " + quotedName(o)
	if err := sc.conn.QueryRowContext(ctx, q).Scan(&name, &create); err != nil {
		return nil, fmt.Errorf("reading the definition of %s.%s on the sandbox: %w", schemaOf(o), o.Name, err)
	}
	tmp := stmt.QuoteIdent(fmt.Sprintf("upgrade_advisor_tmp_%d", len(sc.temporary)))
	if temporary, ok := temporaryForm(create, name, tmp); ok {
		_, err := sc.conn.ExecContext(ctx, stmt.Tag+temporary)
		if err == nil {
			sc.temporary = append(sc.temporary, tmp)
			return nil, nil
		}
		if serverError(err) == nil {
			return nil, fmt.Errorf("creating %s in the scratch schema: %w", o.Name, err)
		}
	}
	_, err := sc.conn.ExecContext(ctx, stmt.Tag+create)
	se := serverError(err)
	if err != nil && se == nil {
		return nil, fmt.Errorf("creating %s in the scratch schema: %w", o.Name, err)
	}
	if se == nil {
		return nil, nil
	}
	return &outcome.Problem{Kind: outcome.StatusRuntime, Code: int(se.Number),
		Message: fmt.Sprintf("it loads only under the file's sql_mode (%s): under the server's default (%s) its definition is refused: %s; every later ALTER TABLE of it fails the same way",
			orNone(fileMode(o)), orNone(sc.mode), se.Message),
		Fix: "change the definition so that it loads under the default sql_mode (a zero-date default: NULL or a real date), " +
			"or run the application's ALTER TABLE statements under the file's sql_mode"}, nil
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

// fileMode is the sql_mode the file set where it creates o ("" for the
// server's default).
func fileMode(o sqlfile.Object) string {
	for _, s := range o.Session {
		if s.Name == "sql_mode" {
			return "'" + s.Text() + "'"
		}
	}
	return ""
}

// scratchName is a scratch schema's name: upgrade_advisor_ and random hex.
func scratchName() (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "upgrade_advisor_" + hex.EncodeToString(b), nil
}

// throwawayGlobals make a scratch table cheap to create: no file of its
// own, no persistent statistics, no log flush at each commit. The
// sandbox's values are set back after the scratch tables.
var throwawayGlobals = []string{"innodb_file_per_table", "innodb_stats_persistent", "innodb_flush_log_at_trx_commit"}

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
