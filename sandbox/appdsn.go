package sandbox

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// AppDSN returns a DSN for AppUser (see there), creating the account on
// first use and granting it every privilege on schemas (created or not).
// It refuses the server's own schemas. On MySQL with the binary log on,
// log_bin_trust_function_creators is turned on, as functions and triggers
// cannot otherwise be created without SUPER; that is the one global the
// account's creation changes.
func (s *Sandbox) AppDSN(ctx context.Context, schemas ...string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	db, err := s.rootDB()
	if err != nil {
		return "", err
	}
	defer db.Close()
	if s.app == nil {
		app, err := createAppAccount(ctx, db, s.serverFlavor())
		if err != nil {
			return "", fmt.Errorf("sandbox: creating the application account %s: %w", AppUser, err)
		}
		s.app = app
	}
	if err := s.app.grant(ctx, db, schemas); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	cfg := s.dsnConfig(5 * time.Second)
	cfg.User, cfg.Passwd = AppUser, s.app.password
	if cfg.Net == "tcp" {
		// caching_sha2_password over TCP without TLS: the server's RSA key.
		cfg.AllowCleartextPasswords = false
	}
	return cfg.FormatDSN(), nil
}

// rootDB opens a one-connection pool as root. The caller holds s.mu.
func (s *Sandbox) rootDB() (*sql.DB, error) {
	connector, err := mysql.NewConnector(s.dsnConfig(5 * time.Second))
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	return db, nil
}

// serverFlavor is the sandbox server's vendor and version.
func (s *Sandbox) serverFlavor() flavor.Flavor {
	v, _ := flavor.ParseVersion(s.meta.Version) // unreadable: the zero version, which has no version facts
	return flavor.Flavor{Vendor: s.meta.Flavor, Version: v, Raw: s.meta.Version}
}
