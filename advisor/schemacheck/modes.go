package schemacheck

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// A definition can load under the sql_mode the file set (sql_mode='' lets
// a zero date be a default) and not under the server's default one. The
// table exists, and the application's next ALTER TABLE, run under the
// default, fails. So every table created under another sql_mode than the
// default is created once more, from the server's own SHOW CREATE TABLE,
// under the default, in a scratch schema of the sandbox.

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
	for _, i := range idx {
		p, err := recreateUnderDefault(ctx, conn, results[i].Object, mode)
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

// recreateUnderDefault creates one table in the scratch schema from the
// server's SHOW CREATE TABLE, under the default sql_mode.
func recreateUnderDefault(ctx context.Context, conn *sql.Conn, o sqlfile.Object, mode string) (*outcome.Problem, error) {
	var name, create string
	q := stmt.Tag + "SHOW CREATE TABLE " + quotedName(o)
	if err := conn.QueryRowContext(ctx, q).Scan(&name, &create); err != nil {
		return nil, fmt.Errorf("reading the definition of %s.%s on the sandbox: %w", schemaOf(o), o.Name, err)
	}
	_, err := conn.ExecContext(ctx, stmt.Tag+create)
	se := serverError(err)
	if err != nil && se == nil {
		return nil, fmt.Errorf("creating %s in the scratch schema: %w", o.Name, err)
	}
	if se == nil {
		return nil, nil
	}
	return &outcome.Problem{Kind: outcome.StatusRuntime, Code: int(se.Number),
		Message: fmt.Sprintf("it loads only under the file's sql_mode (%s): under the server's default (%s) its definition is refused: %s; every later ALTER TABLE of it fails the same way",
			orNone(fileMode(o)), orNone(mode), se.Message),
		Fix: "change the definition so that it loads under the default sql_mode (a zero-date default: NULL or a real date), " +
			"or run the application's ALTER TABLE statements under the file's sql_mode"}, nil
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
