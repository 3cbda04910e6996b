package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
)

// AppConn returns a connection to this job's sandbox as its application
// account (sandbox.AppUser): every privilege on schemas, and beyond them
// only the session-only rights the application's statements need. The
// application's SQL (a schema file, a live schema carried over) is loaded
// and run through it, so what the SQL tries beyond its own schemas (SET
// GLOBAL, files, plugins) is refused by the server. Its pool is closed by
// Close.
func (s *Server) AppConn(ctx context.Context, schemas []string) (*sql.Conn, error) {
	db, err := s.AppDB(ctx, schemas)
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("connecting to the sandbox as its application account: %w", err)
	}
	return conn, nil
}

// AppDB is the pool AppConn takes its connections from, for a caller that
// opens sessions of its own (the query rehearsal: a fresh session per
// statement). It is closed by Close.
func (s *Server) AppDB(ctx context.Context, schemas []string) (*sql.DB, error) {
	if s.sb == nil {
		return nil, errors.New("the application's account exists only on a sandbox this job started")
	}
	dsn, err := s.sb.AppDSN(ctx, schemas...)
	if err != nil {
		return nil, err
	}
	if s.appDB == nil {
		cfg, err := mysql.ParseDSN(dsn)
		if err != nil {
			return nil, fmt.Errorf("the application account's DSN: %w", err)
		}
		connector, err := mysql.NewConnector(cfg)
		if err != nil {
			return nil, fmt.Errorf("the application account's DSN: %w", err)
		}
		s.appDB = sql.OpenDB(connector)
	}
	return s.appDB, nil
}
