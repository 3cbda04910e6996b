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
)

// Tag is the comment every statement the tool sends carries.
const Tag = "/* upgrade-advisor */ "

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

// QuoteIdent quotes a MySQL identifier with backticks.
func QuoteIdent(name string) string {
	out := []byte{'`'}
	for i := 0; i < len(name); i++ {
		if name[i] == '`' {
			out = append(out, '`')
		}
		out = append(out, name[i])
	}
	return string(append(out, '`'))
}

// CreateSchema creates the scratch schema, refusing a name that exists.
func CreateSchema(ctx context.Context, db Execer, name string) error {
	if err := checkSchemaAbsent(ctx, db, name); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, Tag+"CREATE DATABASE "+QuoteIdent(name)); err != nil {
		return fmt.Errorf("creating scratch schema %s: %w", name, err)
	}
	return nil
}

// checkSchemaAbsent refuses an invalid name or one that exists.
func checkSchemaAbsent(ctx context.Context, db Execer, name string) error {
	if err := ValidateSchemaName(name); err != nil {
		return err
	}
	var found string
	err := db.QueryRowContext(ctx, Tag+"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&found)
	switch {
	case err == nil:
		return fmt.Errorf("%w: %s (choose another name or run `upgrade-advisor cleanup`)", ErrSchemaExists, name)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("checking for schema %s: %w", name, err)
	}
	return nil
}

// DropSchema drops a scratch schema (only names that pass ValidateSchemaName).
func DropSchema(ctx context.Context, db Execer, name string) error {
	if err := ValidateSchemaName(name); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, Tag+"DROP DATABASE IF EXISTS "+QuoteIdent(name)); err != nil {
		return fmt.Errorf("dropping scratch schema %s: %w (drop it by hand or run `upgrade-advisor cleanup`)", name, err)
	}
	return nil
}

// ListScratchSchemas lists schemas whose names start with the scratch prefix.
func ListScratchSchemas(ctx context.Context, db Execer) ([]string, error) {
	rows, err := db.QueryContext(ctx, Tag+"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'upgrade\\_advisor\\_%' ORDER BY 1")
	if err != nil {
		return nil, fmt.Errorf("listing scratch schemas: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
