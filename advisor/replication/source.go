package replication

import (
	"context"
	"fmt"
	"strconv"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// replicationUser is the primary's account the replica connects with: it
// holds REPLICATION SLAVE and nothing else.
const replicationUser = "upgrade_advisor_repl"

// replicationHost is where the replica connects from.
const replicationHost = "127.0.0.1"

// source is where a replica reads from.
type source struct {
	port           int
	user, password string
	coords         coordinates
	gtid           bool
}

// createReplicationAccount creates the replication account on the primary,
// before the dump is taken (so it is not replicated), with a random password.
func createReplicationAccount(ctx context.Context, primary *server.Server) (user, password string, err error) {
	if password, err = sandbox.RandomPassword(); err != nil {
		return "", "", err
	}
	account := stmt.QuoteString(replicationUser) + "@" + stmt.QuoteString(replicationHost)
	for _, q := range []string{
		"CREATE USER " + account + " IDENTIFIED BY " + stmt.QuoteString(password),
		"GRANT REPLICATION SLAVE ON *.* TO " + account,
	} {
		if _, err := stmt.Exec(ctx, primary.DB(), q); err != nil {
			return "", "", fmt.Errorf("creating the replication account on the primary: %w", err)
		}
	}
	return replicationUser, password, nil
}

// startReplica points the replica at the primary's coordinates over TCP
// and starts both threads, in the replica's own words.
func startReplica(ctx context.Context, replica *server.Server, fl flavor.Flavor, src source) error {
	opt := fl.SourceOption
	q := fl.ChangeSourceStatement() +
		opt("HOST") + "=" + stmt.QuoteString(replicationHost) + ", " +
		opt("PORT") + "=" + strconv.Itoa(src.port) + ", " +
		opt("USER") + "=" + stmt.QuoteString(src.user) + ", " +
		opt("PASSWORD") + "=" + stmt.QuoteString(src.password) + ", " + position(fl, src)
	if fl.IsMariaDB() {
		// MariaDB 11.4+ replicas ask for TLS by default; the sandboxes talk
		// over the loopback, and an older primary's sandbox has no certificate.
		q += ", MASTER_SSL=0"
	}
	if fl.IsMySQLFamily() && fl.Version.AtLeast(8, 0, 0) {
		// caching_sha2_password without TLS: the primary's RSA key.
		q += ", GET_" + opt("PUBLIC_KEY") + "=1"
	}
	if err := setGTIDPosition(ctx, replica, fl, src); err != nil {
		return fmt.Errorf("the replica's GTID position: %w", err)
	}
	if _, err := stmt.Exec(ctx, replica.DB(), q); err != nil {
		return fmt.Errorf("%s: %w", fl.ChangeSourceStatement()+"...", err)
	}
	if _, err := stmt.Exec(ctx, replica.DB(), fl.StartReplicaStatement()); err != nil {
		return fmt.Errorf("%s: %w", fl.StartReplicaStatement(), err)
	}
	return nil
}

// position is where the replica starts reading: the dump's coordinates,
// or by GTID (MariaDB: from gtid_slave_pos, set first; MySQL: by
// auto-position from the GTIDs the dump's GTID_PURGED recorded).
func position(fl flavor.Flavor, src source) string {
	opt := fl.SourceOption
	switch {
	case src.gtid && fl.IsMariaDB():
		return "MASTER_USE_GTID=slave_pos"
	case src.gtid:
		return opt("AUTO_POSITION") + "=1"
	}
	return opt("LOG_FILE") + "=" + stmt.QuoteString(src.coords.file) + ", " + opt("LOG_POS") + "=" + strconv.FormatInt(src.coords.pos, 10)
}

// setGTIDPosition sets a MariaDB replica's gtid_slave_pos to the dump's.
func setGTIDPosition(ctx context.Context, replica *server.Server, fl flavor.Flavor, src source) error {
	if !src.gtid || !fl.IsMariaDB() {
		return nil
	}
	if src.coords.gtid == "" && src.coords.file == "" {
		return fmt.Errorf("the dump holds no GTID position")
	}
	_, err := stmt.Exec(ctx, replica.DB(), "SET GLOBAL gtid_slave_pos = "+stmt.QuoteString(src.coords.gtid))
	return err
}

// binlogPosition is the primary's current binary log file and position.
func binlogPosition(ctx context.Context, primary *server.Server) (coordinates, error) {
	fl := primary.Inspection().Flavor
	row, err := stmt.ReadRow(ctx, primary.DB(), fl.BinlogStatusStatement())
	if err != nil {
		return coordinates{}, fmt.Errorf("reading the primary's binary log position: %w", err)
	}
	pos, _ := strconv.ParseInt(row["Position"], 10, 64)
	return coordinates{file: row["File"], pos: pos}, nil
}
