package replication

import (
	"context"
	"io"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/querylog"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Binary log formats (--binlog-format).
const (
	FormatRow       = "ROW"
	FormatStatement = "STATEMENT"
	FormatMixed     = "MIXED"
)

// How a replica is seeded (--replication-seed).
const (
	// SeedDump: a dump of the primary, schema and rows, with its binary
	// log coordinates, loaded by the replica's client (as DBAs seed one:
	// the replica gets the primary's tables as the primary's dump client
	// wrote them, collations spelt out).
	SeedDump = "dump"
	// SeedSchema: the application's schema loaded on the replica by the
	// replica's own server (as a deploy on the new version, or any table
	// the application creates after the switch, gets it), then the
	// primary's rows from a data-only dump with the coordinates.
	SeedSchema = "schema"
)

// DefaultWait bounds the wait for the replica to catch up after the writes.
const DefaultWait = 60 * time.Second

// Version is one side of the move: its binaries and its server options.
type Version struct {
	Binary *sandbox.Binary
	// Options are the server options of its sandboxes (today's settings,
	// or today's carried to the target); the replication options are added.
	Options []string
}

// Options configure Run.
type Options struct {
	Today, Target Version
	// Formats are the binary log formats to rehearse, each in both
	// directions (FormatRow when empty).
	Formats []string
	// Directions are outcome.Forward and/or outcome.Back
	// (both when empty).
	Directions []string
	// Seeds are the ways to seed the replica (SeedDump when empty).
	Seeds []string
	// Load loads the application's schema and rows on a fresh primary, as
	// its application account; LoadSchema the schema alone (SeedSchema's
	// replica). Schemas are the schemas they load.
	Load       func(ctx context.Context, primary *server.Server) error
	LoadSchema func(ctx context.Context, replica *server.Server) error
	Schemas    []string
	// Writes are the application's statements in log order; only the DML
	// (INSERT, UPDATE, DELETE, REPLACE) is replayed.
	Writes []querylog.Statement
	// GTID positions the replica by GTID (MariaDB's gtid_slave_pos and
	// MASTER_USE_GTID, MySQL's gtid_mode=ON and SOURCE_AUTO_POSITION)
	// instead of binary log coordinates.
	GTID bool
	// Wait bounds the wait for the replica (DefaultWait when zero).
	Wait time.Duration
	// ChunkRows is the checksum's chunk size (DefaultChunkRows when zero).
	ChunkRows  int
	SandboxDir string
	Log        io.Writer
}
