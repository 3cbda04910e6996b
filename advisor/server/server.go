package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Server is a server this job uses: an existing one it connects to, or a
// throwaway sandbox it starts. It is inspected once when opened; Prepare
// runs the pre-flight checks and writes the state file before the
// calibration changes anything; Close closes the connection and stops and
// removes a sandbox it started, on a fresh context so it also runs after
// Ctrl-C. Audit, what-if, compare, rehearse, the schema check and server
// variants all use it.
type Server struct {
	db *sql.DB
	in *Inspection
	// sb is the sandbox this job started (nil for an existing server), and
	// started the options it was started with.
	sb      *sandbox.Sandbox
	started sandbox.Options
	// cfg and state are set by Prepare.
	cfg   bench.Config
	state *runState
	// notes say what the calibration left out, for the report.
	notes []string
	// guard judges every statement sent to a live server (nil for a sandbox).
	guard *liveGuard
	// load is the calibration's conduct toward the server (set by Prepare).
	load *footprint.Conduct
	// name names the server in a calibration of several (CalibrateTogether).
	name string
	// appDB is the pool of the sandbox's application account (AppConn).
	appDB *sql.DB
	// appTextDB is its pool with multiStatements=true (AppTextConn).
	appTextDB *sql.DB
	// outsideBefore lists the objects outside the scratch schema before the
	// calibration on a live server (outside.go); nil for a sandbox.
	outsideBefore map[string]bool
}

// SandboxStopTimeout bounds stopping and removing a sandbox, on a fresh
// context so it also runs after Ctrl-C.
const SandboxStopTimeout = 60 * time.Second

// Open connects to conn and inspects the server.
func Open(ctx context.Context, conn ConnOptions) (*Server, error) {
	s := &Server{guard: &liveGuard{}}
	s.notes = append(s.notes, conn.DSNNotes()...)
	return s, s.connect(ctx, conn)
}

// Start starts a sandbox with so, connects to it (within conn's connect
// timeout) and inspects it. On error the returned server, if not nil, must
// still be closed.
func Start(ctx context.Context, so sandbox.Options, conn ConnOptions) (*Server, error) {
	sb, err := sandbox.Start(ctx, so)
	if err != nil {
		return nil, fmt.Errorf("starting the sandbox server: %w", err)
	}
	s := &Server{sb: sb, started: so}
	return s, s.connect(ctx, ConnOptions{DSN: sb.DSN(), ConnectTimeout: conn.ConnectTimeout})
}

func (s *Server) connect(ctx context.Context, conn ConnOptions) error {
	db, cfg, err := openDB(ctx, conn, s.guard)
	if err != nil {
		return err
	}
	s.db = db
	s.in, err = inspectServer(ctx, db, addressOf(cfg))
	if err == nil && s.guard != nil {
		s.guard.knowServer(s.in.Flavor)
	}
	return err
}

// Inspection is what the server said when it was opened.
func (s *Server) Inspection() *Inspection { return s.in }

// DB is the server's connection pool, for the reading a job does beside
// the calibration (the schema check).
func (s *Server) DB() *sql.DB { return s.db }

// IsSandbox says the server is a throwaway one this job started: SET
// GLOBAL is allowed there, and its own DDL is not worth recording.
func (s *Server) IsSandbox() bool { return s.sb != nil }

// Notes say what the calibration left out or changed, for the report.
func (s *Server) Notes() []string { return s.notes }

// Load is the report's load section of the calibration (nil before one).
func (s *Server) Load(res *bench.Result) *footprint.Load { return s.load.Info(res) }

// Prepare runs the pre-flight checks and builds the calibration of the job
// on this server, with its state file and its footprint.
func (s *Server) Prepare(ctx context.Context, job Job) error {
	var err error
	if s.guard != nil && job.Bench.AllowSetGlobal {
		s.guard.allowGlobals()
	}
	var g grants
	s.cfg, s.state, g, err = prepareCalibration(ctx, s.db, s.in, job, s.IsSandbox())
	if err != nil {
		return err
	}
	s.notePrivileges(g)
	s.listOutside(ctx)
	s.load, err = attachFootprint(ctx, s.db, &s.cfg, job)
	return err
}

// Calibrate prepares and runs the calibration, then clears the state file
// and records the run in the ledger.
func (s *Server) Calibrate(ctx context.Context, job Job) (*bench.Result, error) {
	if err := s.Prepare(ctx, job); err != nil {
		return nil, err
	}
	res, err := bench.Run(ctx, s.db, s.cfg)
	if err = finishCalibration(err, s); err != nil {
		return nil, err
	}
	if err := s.checkOutside(ctx, res); err != nil {
		return nil, err
	}
	s.RecordRun(res)
	return res, nil
}

// CalibrateTogether runs the prepared calibration of every server, each one
// more set of variants alternating with the others (bench.RunInterleaved),
// and clears their state files; names name the servers in the stop rule's
// decisions. An error is said once, with what each server left behind.
func CalibrateTogether(ctx context.Context, servers []*Server, names ...string) ([]*bench.Result, error) {
	targets := make([]bench.Target, len(servers))
	for i, s := range servers {
		if i < len(names) {
			s.name = names[i]
		}
		targets[i] = bench.Target{DB: s.db, Config: s.cfg, Name: s.name}
	}
	results, err := bench.RunInterleaved(ctx, targets)
	if err = finishCalibration(err, servers...); err != nil {
		return results, err
	}
	for i, s := range servers {
		if i < len(results) {
			err = errors.Join(err, s.checkOutside(ctx, results[i]))
		}
	}
	return results, err
}

// RecordRun records a finished calibration on an existing server in the
// ledger (see ledger.go), and notes the globals it set back.
func (s *Server) RecordRun(res *bench.Result) {
	if s.IsSandbox() || s.state == nil {
		return
	}
	_ = recordOwnRun(s.in, res, s.state.Globals) // best effort
	if len(s.state.Globals) > 0 {
		s.notes = append(s.notes, fmt.Sprintf("the calibration changed globals with SET GLOBAL and set them back (%s); the server reports them as set at runtime until its next start, and this tool's later reports show their origin from before (kept in its ledger)",
			describeGlobals(s.state.Globals)))
	}
}

// Close closes the connection and stops and removes a sandbox this job
// started.
func (s *Server) Close() error {
	if s == nil {
		return nil
	}
	if s.db != nil {
		s.db.Close()
	}
	if s.appDB != nil {
		s.appDB.Close()
	}
	if s.appTextDB != nil {
		s.appTextDB.Close()
	}
	if s.sb != nil {
		return stopSandbox(s.sb)
	}
	return nil
}

// CloseAll closes every server, joining their errors to err.
func CloseAll(err error, servers []*Server) error {
	for _, s := range servers {
		err = errors.Join(err, s.Close())
	}
	return err
}

// stopSandbox stops and removes a sandbox on a fresh context with its own
// timeout, so it also runs after Ctrl-C.
func stopSandbox(sb *sandbox.Sandbox) error {
	ctx, cancel := context.WithTimeout(context.Background(), SandboxStopTimeout)
	defer cancel()
	if err := sb.Stop(ctx); err != nil {
		return fmt.Errorf("removing the sandbox %s: %w", sb.Dir(), err)
	}
	return nil
}
