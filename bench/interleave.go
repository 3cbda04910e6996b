package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/paired"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Target is one server of a calibration and its configuration.
type Target struct {
	DB     *sql.DB
	Config Config
	// Name names the server in the stop rule's decision on it against the
	// first server (Result.Versus), e.g. "target"; "" gives "server N".
	Name string
}

// session is a prepared calibration on one server.
type session struct {
	db        *sql.DB
	cfg       Config
	conn      *sql.Conn
	originals map[string]string
	created   bool
	runner    *runner
	decisions []paired.Decision // the stop rule's verdicts at the last look
	// versus is the stop rule's decision on this server's baseline against
	// the first server's (nil on the first).
	versus *paired.Decision
	name   string
	// instance identifies the server process (hostname, port, datadir) when
	// the plans touch globals: two sessions on one server share its globals.
	instance string
	// pk are the session's primary-key rules (see primarykey.go).
	pk primaryKeyRules
}

// Run performs the calibration on one server: it opens a Session, runs a
// warm-up round and then measured rounds of every measured variant in
// rotating order until the stop rule says so, and always drops the schema
// and restores the globals it changed, on a fresh context, whatever happens
// (error, cancelled ctx).
func Run(ctx context.Context, db *sql.DB, cfg Config) (res *Result, err error) {
	results, err := RunInterleaved(ctx, []Target{{DB: db, Config: cfg}})
	if err != nil {
		return nil, err
	}
	return results[0], nil
}

// RunInterleaved calibrates several servers at once, each server one more
// set of variants: when the workload allows it, statements alternate
// across every variant of every server (one connection each, the same
// scratch DDL), so a statement on one server and its pair on the other ran
// milliseconds apart and the paired estimator (TimeRatio) compares them as
// it compares the variants of one server; otherwise each server's variants
// run in blocks, rotating across servers, paired by round. Measuring begins
// once the servers have settled (warmUp, settle.go). The stop rule is
// the first target's: every variant of every server decided and every
// server's baseline decided against the first's (Result.Versus; after
// MinRounds, see stoprule.go), its budget spent, or MaxRounds. Every
// server's scratch schema is dropped and its globals restored whatever
// happens.
func RunInterleaved(ctx context.Context, targets []Target) (results []*Result, err error) {
	if len(targets) == 0 {
		return nil, errors.New("no server to calibrate")
	}
	var sessions []*session
	defer func() {
		for _, s := range sessions {
			if cerr := s.close(); cerr != nil {
				err = errors.Join(err, cerr)
			}
		}
	}()
	for i, t := range targets {
		s, err := openSession(ctx, t.DB, t.Config)
		if s != nil {
			s.name = t.Name
			if s.name == "" {
				s.name = fmt.Sprintf("server %d", i+1)
			}
			sessions = append(sessions, s)
		}
		if err != nil {
			return nil, err
		}
	}
	runners := joinRunners(sessions)
	rule := sessions[0].cfg
	begin := time.Now()
	// The budget is for the measured rounds, without the held time (pacing,
	// pauses): a paced run measures as many rounds as an unpaced one.
	clock := budgetClock{runners: runners}
	clock.reset()
	rounds, stop := 0, ""
	var measuredTime, longest time.Duration
	warm, pace, err := warmUp(ctx, runners, &clock)
	if err != nil {
		return nil, explainPrimaryKeyError(err, sessions[0].pk)
	}
	fitRounds(rule, sessions, pace)
	clock.reset()
	for round := 1; stop == ""; round++ {
		roundStart := clock.elapsed()
		if err := playRound(ctx, runners, round, &clock); err != nil {
			return nil, explainPrimaryKeyError(err, sessions[0].pk)
		}
		rounds++
		measuredTime = clock.elapsed()
		looks := plannedLooks(rule, rounds, measuredTime)
		for _, s := range sessions {
			s.decisions = s.runner.decisions(looks)
			if s != sessions[0] {
				d := s.runner.versus(sessions[0].runner, s.name, looks)
				s.versus = &d
			}
		}
		longest = max(longest, measuredTime-roundStart)
		stop = stopReason(rule, rounds, measuredTime, longest, sessions)
	}
	for _, s := range sessions {
		res := summarize(s.cfg, s.runner)
		res.Rounds, res.StopReason, res.Duration, res.Measured = rounds, stop, time.Since(begin), measuredTime
		res.Executed, res.Decisions, res.Versus = s.runner.executed, s.decisions, s.versus
		res.Held, res.Statements = s.runner.held, s.runner.statements
		res.Warmup = warm
		results = append(results, res)
	}
	return results, nil
}

// fitRounds shortens the rounds of alternating sessions, from the pace of
// the warm-up, so that minBudgetRounds measured rounds fit in fitShare of
// the budget: a slow or busy server then measures fewer tables per round
// rather than overrunning the budget. Rounds stay whole units of the
// estimator, at least two of them; a fixed --rounds run and variant blocks
// keep their size (a block workload may not be cut).
func fitRounds(cfg Config, sessions []*session, warmup time.Duration) {
	if cfg.Rounds > 0 || warmup <= 0 {
		return
	}
	for _, s := range sessions {
		if !s.runner.interleave {
			return
		}
	}
	r := sessions[0].runner
	tables := len(cfg.Workload.Creates)
	perPosition := warmup / time.Duration(min(WarmupStatements, tables))
	unit := r.unitSize()
	planned := minBudgetRounds
	if len(sessions) > 1 {
		planned = serversPlannedRounds
	}
	fit := int(fitShare*float64(cfg.Budget)/float64(time.Duration(planned)*perPosition)) / unit * unit
	n := min(max(fit, 2*unit), tables)
	for _, s := range sessions {
		s.runner.positions = n
	}
}

// joinRunners readies the sessions' runners to play their rounds
// together: all alternate statement by statement or none does (the unit of
// the estimator must be the same on every server to pair them), and two
// sessions on the same server process share its globals' current values,
// so one's SET GLOBAL is not mistaken by the other for the original value.
func joinRunners(sessions []*session) []*runner {
	var runners []*runner
	interleave := true
	current := map[string]map[string]string{}
	for _, s := range sessions {
		runners = append(runners, s.runner)
		interleave = interleave && s.runner.interleave
		if s.instance == "" {
			continue
		}
		if shared, ok := current[s.instance]; ok {
			s.runner.current = shared
		} else {
			current[s.instance] = s.runner.current
		}
	}
	for _, r := range runners {
		r.interleave = interleave
	}
	return runners
}

// stopReason decides after a measured round whether to stop, and why: a
// fixed number of rounds; every variant of every server decided (after
// MinRounds); the round limit; or the budget, when the next round, taken to
// last as long as the longest so far, would not fit (never before
// minBudgetRounds). Planning on the last round instead overran an 8 s budget
// by 0.4 s (MariaDB 11.8) when a round ran slower than the one before.
func stopReason(cfg Config, rounds int, elapsed, nextRound time.Duration, sessions []*session) string {
	var all []paired.Decision
	for _, s := range sessions {
		all = append(all, s.decisions...)
		if s.versus != nil {
			all = append(all, *s.versus)
		}
	}
	switch {
	case cfg.Rounds > 0:
		if rounds >= cfg.Rounds {
			return paired.StopRounds
		}
		return ""
	case rounds >= cfg.MinRounds && paired.AllDecided(all):
		return paired.StopOnDecisions(all)
	case rounds >= cfg.MaxRounds:
		return paired.StopMaxRounds
	case rounds >= minBudgetRounds && elapsed+nextRound > cfg.Budget:
		return paired.StopBudget
	}
	return ""
}

// openSession prepares one server: session setup, original globals saved
// (and reported through OnGlobalsSaved) before the scratch schema is created.
// A non-nil session is returned whenever something may need cleaning up.
func openSession(ctx context.Context, db *sql.DB, cfg Config) (*session, error) {
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("opening the benchmark connection: %w", err)
	}
	s := &session{db: db, cfg: cfg, conn: conn}
	if err := runStatements(ctx, conn, cfg.SessionSetup); err != nil {
		return s, err
	}
	if s.pk, err = readPrimaryKeyRules(ctx, conn); err != nil {
		return s, err
	}
	s.cfg.Workload = forPrimaryKeys(s.cfg.Workload, s.pk)
	if s.originals, err = stmt.ReadGlobals(ctx, conn, GlobalsTouched(cfg.Plans)); err != nil {
		return s, err
	}
	if len(s.originals) > 0 {
		if s.instance, err = readInstance(ctx, conn); err != nil {
			return s, err
		}
	}
	if err := checkSchemaAbsent(ctx, conn, cfg.Schema); err != nil {
		return s, err
	}
	if cfg.OnGlobalsSaved != nil {
		if err := cfg.OnGlobalsSaved(s.originals); err != nil {
			return s, err
		}
	}
	s.created = true // from here on, cleanup drops the schema (IF EXISTS)
	// The name was checked absent above, before the state was saved.
	if err := createSchema(ctx, conn, cfg.Schema); err != nil {
		return s, err
	}
	if _, err := stmt.Exec(ctx, conn, "USE "+stmt.QuoteIdent(cfg.Schema)); err != nil {
		return s, fmt.Errorf("using scratch schema: %w", err)
	}
	s.runner = newRunner(s.cfg, conn, s.originals)
	return s, nil
}

// close releases the connection and, once the schema may exist, drops it and
// restores the globals on a fresh context.
func (s *session) close() error {
	s.conn.Close()
	if !s.created {
		return nil
	}
	if err := Cleanup(s.db, s.cfg.SessionSetup, s.cfg.Schema, s.originals); err != nil {
		return &CleanupError{Server: s.name, Err: err}
	}
	return nil
}

// readInstance identifies the server process a connection reaches.
func readInstance(ctx context.Context, conn *sql.Conn) (string, error) {
	var host, datadir string
	var port int
	if err := stmt.QueryRow(ctx, conn, "SELECT @@hostname, @@port, @@datadir").Scan(&host, &port, &datadir); err != nil {
		return "", fmt.Errorf("identifying the server: %w", err)
	}
	return fmt.Sprintf("%s:%d:%s", host, port, datadir), nil
}
