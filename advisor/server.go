package advisor

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
)

// server is a server this job uses: an existing one it connects to, or a
// throwaway sandbox it starts. It is inspected once when opened; prepare
// runs the pre-flight checks and writes the state file before the
// calibration changes anything; close closes the connection and stops and
// removes a sandbox it started, on a fresh context so it also runs after
// Ctrl-C. Audit, what-if, compare and server variants all use it.
type server struct {
	db *sql.DB
	in *inspection
	// sb is the sandbox this job started (nil for an existing server), and
	// started the options it was started with.
	sb      *sandbox.Sandbox
	started sandbox.Options
	// cfg and state are set by prepare.
	cfg   bench.Config
	state *runState
	// notes say what the calibration left out, for the report.
	notes []string
	// load is the calibration's conduct toward the server (set by prepare).
	load *footprint
}

// openServer connects to conn and inspects the server.
func openServer(ctx context.Context, conn ConnOptions) (*server, error) {
	s := &server{}
	return s, s.connect(ctx, conn)
}

// startServer starts a sandbox with so, connects to it (within conn's
// connect timeout) and inspects it. On error the returned server, if not
// nil, must still be closed.
func startServer(ctx context.Context, so sandbox.Options, conn ConnOptions) (*server, error) {
	sb, err := sandbox.Start(ctx, so)
	if err != nil {
		return nil, fmt.Errorf("starting the sandbox server: %w", err)
	}
	s := &server{sb: sb, started: so}
	return s, s.connect(ctx, ConnOptions{DSN: sb.DSN(), ConnectTimeout: conn.ConnectTimeout})
}

func (s *server) connect(ctx context.Context, conn ConnOptions) error {
	db, cfg, err := openDB(ctx, conn)
	if err != nil {
		return err
	}
	s.db = db
	s.in, err = inspectServer(ctx, db, addressOf(cfg))
	return err
}

// isSandbox says the server is a throwaway one this job started: SET
// GLOBAL is allowed there, and its own DDL is not worth recording.
func (s *server) isSandbox() bool { return s.sb != nil }

// prepare runs the pre-flight checks and builds the calibration of o on
// this server, with its state file.
func (s *server) prepare(ctx context.Context, o Options) error {
	o.Sandbox = s.isSandbox()
	var err error
	s.cfg, s.state, err = prepareCalibration(ctx, s.db, s.in, o)
	if err != nil {
		return err
	}
	s.load, err = attachFootprint(ctx, s.db, &s.cfg, o)
	return err
}

// calibrate prepares and runs the calibration (with --server-variants on a
// sandbox: also the extra sandboxes of the settings that need a restart),
// then clears the state file.
func (s *server) calibrate(ctx context.Context, o Options) (*bench.Result, error) {
	if err := s.prepare(ctx, o); err != nil {
		return nil, err
	}
	if o.ServerVariants && s.isSandbox() {
		return calibrateWithServerVariants(ctx, s, o)
	}
	res, err := bench.Run(ctx, s.db, s.cfg)
	if err = explainLostConnection(s.finish(err)); err != nil {
		return nil, err
	}
	s.recordRun(res)
	return res, nil
}

// recordRun records a finished calibration on an existing server in the
// ledger (see ledger.go), and notes the globals it set back.
func (s *server) recordRun(res *bench.Result) {
	if s.isSandbox() || s.state == nil {
		return
	}
	_ = recordOwnRun(s.in, res, s.state.Globals) // best effort
	if len(s.state.Globals) > 0 {
		s.notes = append(s.notes, fmt.Sprintf("the calibration changed globals with SET GLOBAL and set them back (%s); the server reports them as set at runtime until its next start, and this tool's later reports show their origin from before (kept in its ledger)",
			describeGlobals(s.state.Globals)))
	}
}

// finish clears the state file after the calibration, unless its cleanup
// was incomplete (see finishState).
func (s *server) finish(err error) error {
	if s.state == nil {
		return err
	}
	return finishState(s.state, err)
}

// close closes the connection and stops and removes a sandbox this job
// started.
func (s *server) close() error {
	if s == nil {
		return nil
	}
	if s.db != nil {
		s.db.Close()
	}
	if s.sb != nil {
		return stopSandbox(s.sb)
	}
	return nil
}

// closeAll closes every server, joining their errors to err.
func closeAll(err error, servers []*server) error {
	for _, s := range servers {
		err = errors.Join(err, s.close())
	}
	return err
}
