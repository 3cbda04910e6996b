package server

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// The check after a calibration on a live server: the server as its own
// witness that nothing outside the scratch schema changed. Before the
// calibration and after it, the tool lists the objects the server's
// catalog shows outside the scratch schema (schemas, tables and views,
// routines, triggers, events: names only, which every account can read
// for what it may see); any difference is a critical finding. It cannot
// see rows changed in existing tables, accounts, or files the server wrote
// outside its datadir once their table is gone: the guard and the
// least-privilege account (docs/safety.md) are the walls for those.

// outsideQueries list the objects outside the scratch schema (the ? is the
// scratch schema's name), one described object per row.
var outsideQueries = []string{
	"SELECT CONCAT('schema ', SCHEMA_NAME) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME <> ?",
	"SELECT CONCAT('table ', TABLE_SCHEMA, '.', TABLE_NAME) FROM information_schema.TABLES " +
		"WHERE TABLE_SCHEMA <> ? AND TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema')",
	"SELECT CONCAT(LOWER(ROUTINE_TYPE), ' ', ROUTINE_SCHEMA, '.', ROUTINE_NAME) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA <> ?",
	"SELECT CONCAT('trigger ', TRIGGER_SCHEMA, '.', TRIGGER_NAME) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA <> ?",
	"SELECT CONCAT('event ', EVENT_SCHEMA, '.', EVENT_NAME) FROM information_schema.EVENTS WHERE EVENT_SCHEMA <> ?",
}

// objectsOutside lists what the catalog shows outside the scratch schema.
func objectsOutside(ctx context.Context, db *sql.DB, scratch string) (map[string]bool, error) {
	seen := map[string]bool{}
	for _, q := range outsideQueries {
		names, err := stmt.ReadStrings(ctx, db, q, scratch)
		if err != nil {
			return nil, fmt.Errorf("listing the objects outside the scratch schema: %w", err)
		}
		for _, n := range names {
			seen[n] = true
		}
	}
	return seen, nil
}

// changedOutside says what appeared and what went between two listings,
// sorted.
func changedOutside(before, after map[string]bool) []string {
	var out []string
	for _, o := range slices.Sorted(maps.Keys(after)) {
		if !before[o] {
			out = append(out, "appeared: "+o)
		}
	}
	for _, o := range slices.Sorted(maps.Keys(before)) {
		if !after[o] {
			out = append(out, "gone: "+o)
		}
	}
	return out
}

// listOutside takes the listing before a calibration on a live server; a
// listing that cannot be read leaves a note and no check.
func (s *Server) listOutside(ctx context.Context) {
	if s.IsSandbox() {
		return
	}
	before, err := objectsOutside(ctx, s.db, s.cfg.Schema)
	if err != nil {
		s.notes = append(s.notes, "no check of the objects outside the scratch schema after the calibration: "+err.Error())
		return
	}
	s.outsideBefore = before
}

// checkOutside compares the listing after the calibration with the one
// before, and records the differences in the result.
func (s *Server) checkOutside(ctx context.Context, res *bench.Result) error {
	if s.outsideBefore == nil || res == nil {
		return nil
	}
	after, err := objectsOutside(ctx, s.db, s.cfg.Schema)
	if err != nil {
		return err
	}
	res.ChangedOutside = changedOutside(s.outsideBefore, after)
	return nil
}
