package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
)

// AppTextConn is AppConn with multiStatements=true: a text of several
// statements is sent as one query and cut by the server, as the mysql
// client sends the text up to its delimiter (the schema check's replay of
// a file). It exists only on a sandbox this job started: a live server's
// connections never take several statements in one text. Its pool is
// closed by Close.
func (s *Server) AppTextConn(ctx context.Context, schemas []string) (*sql.Conn, error) {
	if s.sb == nil {
		return nil, errors.New("the application's account exists only on a sandbox this job started")
	}
	dsn, err := s.sb.AppDSN(ctx, schemas...)
	if err != nil {
		return nil, err
	}
	if s.appTextDB == nil {
		cfg, err := mysql.ParseDSN(dsn)
		if err != nil {
			return nil, fmt.Errorf("the application account's DSN: %w", err)
		}
		cfg.MultiStatements = true
		connector, err := mysql.NewConnector(cfg)
		if err != nil {
			return nil, fmt.Errorf("the application account's DSN: %w", err)
		}
		s.appTextDB = sql.OpenDB(connector)
	}
	conn, err := s.appTextDB.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("connecting to the sandbox as its application account: %w", err)
	}
	return conn, nil
}
