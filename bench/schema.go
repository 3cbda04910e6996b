package bench

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// SchemaPrefix starts every scratch schema name; cleanup looks for it.
const SchemaPrefix = "upgrade_advisor_"

// CleanupTimeout bounds the cleanup that runs after an error or an interrupt,
// on a fresh context.
const CleanupTimeout = 30 * time.Second

var scratchName = regexp.MustCompile(`^upgrade_advisor_[a-z0-9_]{1,48}$`)

// ErrSchemaExists is returned when the scratch schema name is taken.
var ErrSchemaExists = errors.New("scratch schema already exists")

// NewSchemaName returns upgrade_advisor_<16 random hex digits>.
func NewSchemaName() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err))
	}
	return SchemaPrefix + hex.EncodeToString(b[:])
}

// ValidateSchemaName accepts only upgrade_advisor_ followed by lower-case
// letters, digits and underscores, so a name can never carry SQL.
func ValidateSchemaName(name string) error {
	if !scratchName.MatchString(name) {
		return fmt.Errorf("scratch schema name %q refused: it must match %s (lower-case letters, digits, underscore)", name, scratchName)
	}
	return nil
}

// checkSchemaAbsent refuses an invalid name or one that exists.
func checkSchemaAbsent(ctx context.Context, db stmt.Execer, name string) error {
	if err := ValidateSchemaName(name); err != nil {
		return err
	}
	var found string
	err := stmt.QueryRow(ctx, db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&found)
	switch {
	case err == nil:
		return fmt.Errorf("%w: %s (choose another name or run `upgrade-advisor cleanup`)", ErrSchemaExists, name)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("checking for schema %s: %w", name, err)
	}
	return nil
}

// createSchema creates the scratch schema; the caller has checked the name
// with checkSchemaAbsent.
func createSchema(ctx context.Context, db stmt.Execer, name string) error {
	if _, err := stmt.Exec(ctx, db, "CREATE DATABASE "+stmt.QuoteIdent(name)); err != nil {
		return fmt.Errorf("creating scratch schema %s: %w", name, err)
	}
	return nil
}

// DropSchema drops a scratch schema (only names that pass ValidateSchemaName).
// When another connection is already dropping it, it returns that as a
// *DropRunningError instead of queueing behind it.
func DropSchema(ctx context.Context, db stmt.Execer, name string) error {
	if err := ValidateSchemaName(name); err != nil {
		return err
	}
	if d, ok := RunningDrop(ctx, db, name); ok {
		return d
	}
	if _, err := stmt.Exec(ctx, db, "DROP DATABASE IF EXISTS "+stmt.QuoteIdent(name)); err != nil {
		return fmt.Errorf("dropping scratch schema %s: %w (drop it by hand or run `upgrade-advisor cleanup`)", name, err)
	}
	return nil
}

// ListScratchSchemas lists schemas whose names start with the scratch prefix.
func ListScratchSchemas(ctx context.Context, db stmt.Execer) ([]string, error) {
	out, err := stmt.ReadStrings(ctx, db, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'upgrade\\_advisor\\_%' ORDER BY 1")
	if err != nil {
		return nil, fmt.Errorf("listing scratch schemas: %w", err)
	}
	return out, nil
}

// DropRunningError means another connection is already dropping a scratch
// schema: an interrupted run's DROP DATABASE, which the server goes on with
// after the client is gone (minutes for many thousands of tables). A second
// DROP would only wait for its metadata lock.
type DropRunningError struct {
	Schema        string
	Conn, Seconds int64
}

func (e *DropRunningError) Error() string {
	return fmt.Sprintf("scratch schema %s is still being dropped by connection %d (running for %d s, left by an interrupted run; "+
		"a DROP DATABASE of many tables can take minutes): run `upgrade-advisor cleanup` again once it has finished", e.Schema, e.Conn, e.Seconds)
}

// dropSettle separates the two sightings RunningDrop needs: a statement that
// has just finished may still show in the process list for a moment.
const dropSettle = 200 * time.Millisecond

// RunningDrop finds a DROP DATABASE of schema that another connection runs,
// seen twice dropSettle apart.
func RunningDrop(ctx context.Context, db stmt.Execer, schema string) (*DropRunningError, bool) {
	first, ok := findDrop(ctx, db, schema)
	if !ok {
		return nil, false
	}
	select {
	case <-ctx.Done():
		return first, true
	case <-time.After(dropSettle):
	}
	d, ok := findDrop(ctx, db, schema)
	return d, ok && d.Conn == first.Conn
}

func findDrop(ctx context.Context, db stmt.Execer, schema string) (*DropRunningError, bool) {
	d := &DropRunningError{Schema: schema}
	err := stmt.QueryRow(ctx, db, `SELECT ID, TIME FROM information_schema.PROCESSLIST
		WHERE ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INSTR(INFO, 'DROP DATABASE') > 0 AND INSTR(INFO, ?) > 0 LIMIT 1`, schema).Scan(&d.Conn, &d.Seconds)
	return d, err == nil
}
