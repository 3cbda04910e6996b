package server

import (
	"context"
	"database/sql/driver"
	"sync/atomic"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// liveGuard is the last guard of the connections to a live server: the
// driver's connector wrapped so that every statement of every connection
// is judged (judgeLive) before the driver sends it. A refused statement
// never leaves this process.
type liveGuard struct {
	driver.Connector
	globals atomic.Bool                   // SET GLOBAL of the calibration's settings consented to
	server  atomic.Pointer[flavor.Flavor] // the server's flavor, once inspected
}

// knowServer records the server's flavor and version: the executable
// comments of a statement are expanded as that server reads them. Before
// it, only the unversioned /*! ... */ are.
func (g *liveGuard) knowServer(f flavor.Flavor) { g.server.Store(&f) }

// allowGlobals records the user's consent to SET GLOBAL (--allow-set-global),
// or a cleanup restoring what a consented run changed.
func (g *liveGuard) allowGlobals() { g.globals.Store(true) }

// Connect opens a driver connection with a guard state of its own.
func (g *liveGuard) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := g.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &guardedConn{Conn: c, guard: g}, nil
}

// guardedConn judges each statement of one session. It offers the
// interfaces database/sql looks for; the driver's connection has them all.
type guardedConn struct {
	driver.Conn
	guard *liveGuard
	state guardState
}

// judge returns the text to send: the statement's canonical text, judged.
func (c *guardedConn) judge(query string) (string, error) {
	c.state.globals = c.guard.globals.Load()
	if f := c.guard.server.Load(); f != nil {
		c.state.server = *f
	}
	return judgeLive(query, &c.state)
}

func (c *guardedConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *guardedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	query, err := c.judge(query)
	if err != nil {
		return nil, err
	}
	if p, ok := c.Conn.(driver.ConnPrepareContext); ok {
		return p.PrepareContext(ctx, query)
	}
	return c.Conn.Prepare(query)
}

func (c *guardedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := c.Conn.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	query, err := c.judge(query)
	if err != nil {
		return nil, err
	}
	return e.ExecContext(ctx, query, args)
}

func (c *guardedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.Conn.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	query, err := c.judge(query)
	if err != nil {
		return nil, err
	}
	return q.QueryContext(ctx, query, args)
}

func (c *guardedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return c.Conn.Begin() //nolint:staticcheck // the driver's own fallback
}

func (c *guardedConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *guardedConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *guardedConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *guardedConn) CheckNamedValue(nv *driver.NamedValue) error {
	if n, ok := c.Conn.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}
