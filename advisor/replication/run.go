package replication

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Server ids and the binary log's base name in the sandboxes.
const (
	primaryServerID = "1"
	replicaServerID = "2"
	binlogBase      = "upgrade-advisor-bin"
)

// Run rehearses each direction in each format on fresh sandboxes, one
// pair at a time, and removes them after each run, also on Ctrl-C. A run
// that cannot be set up is reported as failed with the reason; an error
// is returned only when the rehearsal itself cannot go on (a cancelled
// context, a sandbox that does not start).
func Run(ctx context.Context, o Options) (*outcome.Result, error) {
	t0 := time.Now()
	o.Schemas = applicationSchemas(o.Schemas)
	if len(o.Schemas) == 0 {
		return &outcome.Result{Notes: []string{"the replication rehearsal did not run: the schema names no schema of the application's to replicate"}}, nil
	}
	formats := o.Formats
	if len(formats) == 0 {
		formats = []string{FormatRow}
	}
	dirs := o.Directions
	if len(dirs) == 0 {
		dirs = []string{outcome.Forward, outcome.Back}
	}
	seeds := o.Seeds
	if len(seeds) == 0 {
		seeds = []string{SeedDump}
	}
	rep := &outcome.Result{}
	for _, dir := range dirs {
		for _, f := range formats {
			for _, seed := range seeds {
				run, err := rehearseOne(ctx, o, dir, f, seed)
				if err != nil {
					return nil, fmt.Errorf("replication %s in %s format, seeded from a %s: %w", dir, f, seed, err)
				}
				rep.Runs = append(rep.Runs, run)
			}
		}
	}
	rep.Notes = append(rep.Notes, vendorNotes(rep.Runs)...)
	rep.Duration = time.Since(t0)
	rep.PeakRSSMB = peakRSSMB()
	return rep, nil
}

// vendorNotes are the vendors' word on each direction rehearsed, once.
func vendorNotes(runs []outcome.Run) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range runs {
		n := fmt.Sprintf("%s, %s -> %s: %s", r.Direction, r.Primary, r.Replica, r.Supported)
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// pair is the two sandboxes of one run.
type pair struct {
	primary, replica       *server.Server
	primaryVer, replicaVer Version
}

// rehearseOne starts a primary and a replica for one direction and
// format, and rehearses the upgrade day on them.
func rehearseOne(ctx context.Context, o Options, dir, format, seedMethod string) (run outcome.Run, err error) {
	t0 := time.Now()
	p := pair{primaryVer: o.Today, replicaVer: o.Target}
	if dir == outcome.Back {
		p.primaryVer, p.replicaVer = o.Target, o.Today
	}
	run = outcome.Run{Direction: dir, BinlogFormat: format,
		Primary: p.primaryVer.Binary.Flavor.String(), Replica: p.replicaVer.Binary.Flavor.String(),
		Supported: Supported(p.primaryVer.Binary.Flavor, p.replicaVer.Binary.Flavor), Seed: outcome.Seed{Method: seedMethod}, Position: "file"}
	if o.GTID {
		run.Position = "gtid"
	}
	servers, err := startPair(ctx, o, &p, format)
	defer func() { err = server.CloseAll(err, servers) }()
	if err != nil {
		return run, err
	}
	if problem, err := rehearsePair(ctx, o, p, &run); err != nil {
		return run, err
	} else if problem != "" {
		run.Status, run.Problem = outcome.Failed, problem
	}
	run.Duration = time.Since(t0)
	return run, nil
}

// startPair starts the primary (binary log on, in format) and the replica,
// both listening on 127.0.0.1 (the replica's I/O thread connects over TCP).
func startPair(ctx context.Context, o Options, p *pair, format string) ([]*server.Server, error) {
	primaryOpts := append(withoutReplicationSettings(p.primaryVer.Options), "server-id="+primaryServerID, "log-bin="+binlogBase, "binlog-format="+format)
	replicaOpts := append(withoutReplicationSettings(p.replicaVer.Options), "server-id="+replicaServerID)
	if o.GTID && p.primaryVer.Binary.Flavor.IsMySQLFamily() {
		// MySQL's GTIDs exist only with gtid_mode=ON, on both sides.
		gtid := []string{"gtid-mode=ON", "enforce-gtid-consistency=ON"}
		primaryOpts, replicaOpts = append(primaryOpts, gtid...), append(replicaOpts, gtid...)
	}
	opts := []sandbox.Options{
		{Basedir: p.primaryVer.Binary.Basedir, ServerOptions: primaryOpts, Networking: true, Dir: o.SandboxDir, Log: o.Log},
		{Basedir: p.replicaVer.Binary.Basedir, ServerOptions: replicaOpts, Networking: true, Dir: o.SandboxDir, Log: o.Log},
	}
	started, errs := server.StartAll(ctx, opts, server.ConnOptions{})
	var servers []*server.Server
	for _, s := range started {
		if s != nil {
			servers = append(servers, s)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return servers, fmt.Errorf("starting the primary and the replica: %w", err)
	}
	p.primary, p.replica = started[0], started[1]
	return servers, nil
}

// rehearsePair loads the primary, seeds the replica, starts replication,
// replays the writes, waits and checks. It returns a problem when
// replication could not be set up (the run is reported as failed).
func rehearsePair(ctx context.Context, o Options, p pair, run *outcome.Run) (string, error) {
	if err := o.Load(ctx, p.primary); err != nil {
		return "", fmt.Errorf("loading the schema on the primary: %w", err)
	}
	user, password, err := createReplicationAccount(ctx, p.primary)
	if err != nil {
		return "", err
	}
	if _, err := p.replica.AppDB(ctx, o.Schemas); err != nil { // the definer of the schema's objects
		return "", err
	}
	coords, err := seed(ctx, o, p, &run.Seed)
	if err != nil {
		return "", err
	}
	if coords.file == "" && coords.gtid == "" {
		return "the dump holds no binary log coordinates: the replica cannot be pointed at the primary", nil
	}
	src := source{port: p.primary.Sandbox().Port(), user: user, password: password, coords: coords, gtid: o.GTID}
	if err := startReplica(ctx, p.replica, p.replicaVer.Binary.Flavor, src); err != nil {
		return "pointing the replica at the primary: " + err.Error(), nil
	}
	if run.Writes, err = replayWrites(ctx, p.primary, o, run.BinlogFormat); err != nil {
		return "", err
	}
	end, err := binlogPosition(ctx, p.primary)
	if err != nil {
		return "", err
	}
	st, err := waitForReplica(ctx, p.replica, p.replicaVer.Binary.Flavor, end, o.Wait)
	if err != nil {
		return "", err
	}
	st.fill(run)
	c, err := checksumTables(ctx, p.primary.DB(), p.replica.DB(), o.Schemas, o.ChunkRows)
	if err != nil {
		return "", fmt.Errorf("checksumming the tables: %w", err)
	}
	run.TablesChecked, run.Tables, run.Collations = c.tables, c.diffs, c.collations
	return "", nil
}
