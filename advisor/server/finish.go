package server

import (
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// finishCalibration ends a calibration on its servers: the calibration's
// error is said once ("calibration: ..."), a lost connection in words, and
// each server's state file is cleared, or kept where that server's cleanup
// was incomplete, with how to finish it.
func finishCalibration(err error, servers ...*Server) error {
	if err != nil {
		err = fmt.Errorf("calibration: %w", explainLostConnection(err))
	}
	return settleAll(err, servers...)
}

// settleAll settles every server after err (see settle), joining what
// settling says to err.
func settleAll(err error, servers ...*Server) error {
	for _, s := range servers {
		err = errors.Join(err, s.settle(err))
	}
	return err
}

// settle clears the server's state file after its calibration, unless the
// calibration's error says its cleanup was incomplete: then the file is
// kept for `cleanup`, and the error returned says where it is. It never
// repeats the calibration's error.
func (s *Server) settle(err error) error {
	if s.state == nil {
		return nil
	}
	if cleanupIncomplete(err, s.name) {
		return fmt.Errorf("what is left on %s is recorded in %s: run `upgrade-advisor cleanup` with the same connection options once the server is reachable",
			s.in.Address, s.state.Path())
	}
	return s.state.Clear()
}

// cleanupIncomplete reports whether err holds a bench.CleanupError of the
// server named name (of any server when either names none).
func cleanupIncomplete(err error, name string) bool {
	if err == nil {
		return false
	}
	if cerr, ok := err.(*bench.CleanupError); ok && (name == "" || cerr.Server == "" || cerr.Server == name) {
		return true
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if cleanupIncomplete(e, name) {
				return true
			}
		}
	case interface{ Unwrap() error }:
		return cleanupIncomplete(u.Unwrap(), name)
	}
	return false
}

// explainLostConnection says in words what the driver's "invalid connection"
// means during a calibration.
func explainLostConnection(err error) error {
	if err != nil && (errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, driver.ErrBadConn)) {
		return fmt.Errorf("lost the connection to the server (did it restart or crash?): %w", err)
	}
	return err
}
