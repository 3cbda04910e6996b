package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// DefaultConnectTimeout bounds connecting to a server.
const DefaultConnectTimeout = 10 * time.Second

// ConnOptions are the connection settings, as the mysql client takes them.
type ConnOptions struct {
	Host     string
	Port     int
	User     string
	Password string
	Socket   string
	// DSN, when set, is a go-sql-driver DSN; the other fields override its parts when set.
	DSN            string
	ConnectTimeout time.Duration
	// ReadTimeout bounds every read from the server (0: none).
	ReadTimeout time.Duration
	// TLS are the --ssl-* options.
	TLS TLSOptions
}

// DriverConfig builds the driver configuration. Without host, port and
// socket it connects as the mysql client does: the local socket.
func (o ConnOptions) DriverConfig() (*mysql.Config, error) {
	cfg := mysql.NewConfig()
	if o.DSN != "" {
		dsn, err := connectionTextDSN(o.DSN)
		if err != nil {
			return nil, err
		}
		parsed, err := mysql.ParseDSN(dsn)
		if err != nil {
			return nil, fmt.Errorf("cannot read "+flagname.DSN+" (expected user:password@tcp(host:port)/ or user@unix(/path/to.sock)/): %w", redactErr(err, o.DSN))
		}
		cfg = parsed
		if err := refuseDSNSessionSettings(cfg); err != nil {
			return nil, err
		}
	}
	if o.User != "" {
		cfg.User = o.User
	}
	if cfg.User == "" {
		cfg.User = "root"
	}
	if o.Password != "" {
		cfg.Passwd = o.Password
	}
	switch {
	case o.Host != "" && o.Host != "localhost":
		// A remote host means TCP, as for the mysql client, even when an
		// option file names a socket.
		port := o.Port
		if port == 0 {
			port = 3306
		}
		cfg.Net, cfg.Addr = "tcp", net.JoinHostPort(o.Host, strconv.Itoa(port))
	case o.Socket != "":
		cfg.Net, cfg.Addr = "unix", o.Socket
	case o.Port != 0:
		cfg.Net, cfg.Addr = "tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(o.Port))
	case o.DSN == "" || o.Host == "localhost":
		cfg.Net, cfg.Addr = "unix", DefaultSocket()
	}
	cfg.Timeout = o.ConnectTimeout
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultConnectTimeout
	}
	if o.ReadTimeout > 0 {
		cfg.ReadTimeout = o.ReadTimeout
	}
	if err := o.TLS.applyTo(cfg); err != nil {
		return nil, err
	}
	cfg.InterpolateParams = false
	cfg.DBName = ""
	forceOneStatementPerCall(cfg)
	return cfg, nil
}

func hostOnly(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}

// DefaultSocket is where Debian's and most distributions' servers listen.
func DefaultSocket() string { return "/run/mysqld/mysqld.sock" }

// addressOf describes the endpoint for reports, never with a password.
func addressOf(cfg *mysql.Config) string {
	return fmt.Sprintf("%s@%s(%s)", cfg.User, cfg.Net, cfg.Addr)
}

// openDB connects and pings within the connect timeout, and turns the driver's
// errors into messages a user can act on. A guard, when given, judges every
// statement of the pool's connections (a live server's); a sandbox this
// tool started is opened without one.
func openDB(ctx context.Context, o ConnOptions, guard *liveGuard) (*sql.DB, *mysql.Config, error) {
	cfg, err := o.DriverConfig()
	if err != nil {
		return nil, nil, err
	}
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("connection settings: %w", redactErr(err, cfg.Passwd))
	}
	db := sql.OpenDB(connector)
	if guard != nil {
		guard.Connector = connector
		db = sql.OpenDB(guard)
	}
	db.SetMaxOpenConns(4)
	db.SetConnMaxIdleTime(time.Minute)
	pctx, cancel := context.WithTimeout(ctx, cfg.Timeout+time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, nil, explainConnectError(err, cfg)
	}
	return db, cfg, nil
}

func explainConnectError(err error, cfg *mysql.Config) error {
	addr := addressOf(cfg)
	var me *mysql.MySQLError
	msg := redactErr(err, cfg.Passwd).Error()
	switch {
	case errors.As(err, &me) && (me.Number == 1045 || me.Number == 1698):
		return fmt.Errorf("%w to %s: access denied for user %q (wrong user or password; check -u/-p, MYSQL_PWD or your option file): %s",
			exitcode.ErrConnect, addr, cfg.User, msg)
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(msg, "i/o timeout"):
		return fmt.Errorf("%w to %s: no answer within %s (is the host reachable and the port open? raise "+flagname.ConnectTimeout+" if the network is slow): %s",
			exitcode.ErrConnect, addr, cfg.Timeout, msg)
	case cfg.Net == "unix" && (strings.Contains(msg, "no such file") || strings.Contains(msg, "connection refused")):
		return fmt.Errorf("%w to %s: no server listens on socket %s (is it running? give the right path with -S, or use -h/-P for TCP): %s",
			exitcode.ErrConnect, addr, cfg.Addr, msg)
	case strings.Contains(msg, "connection refused"):
		return fmt.Errorf("%w to %s: connection refused (is the server running and listening on that port?): %s", exitcode.ErrConnect, addr, msg)
	}
	return fmt.Errorf("%w to %s: %s", exitcode.ErrConnect, addr, msg)
}

// redactErr removes a secret from an error's text.
func redactErr(err error, secret string) error {
	if err == nil || secret == "" || !strings.Contains(err.Error(), secret) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), secret, "***"))
}

// redactDSN hides the password of a go-sql-driver DSN ("user:***@tcp(...)/").
func redactDSN(dsn string) string {
	at := strings.LastIndex(dsn, "@")
	if at < 0 {
		return dsn
	}
	cred := dsn[:at]
	if colon := strings.Index(cred, ":"); colon >= 0 {
		return cred[:colon] + ":***" + dsn[at:]
	}
	return dsn
}
