package bench

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Server settings that change what CREATE TABLE of a table without a
// primary key does.
const (
	// RequirePrimaryKey (MySQL 8.0.13+) refuses such a table (error 3750);
	// a session with SESSION_VARIABLES_ADMIN or SYSTEM_VARIABLES_ADMIN may
	// turn it off for itself.
	RequirePrimaryKey = "sql_require_primary_key"
	// ForcePrimaryKey (MariaDB) refuses such a table (error 1173); it is
	// global only.
	ForcePrimaryKey = "innodb_force_primary_key"
	// InvisiblePrimaryKey (MySQL 8.0.30+) adds an invisible primary key to
	// such a table, which then satisfies RequirePrimaryKey.
	InvisiblePrimaryKey = "sql_generate_invisible_primary_key"
)

// primaryKeyRules are those settings as the benchmark's session sees them.
type primaryKeyRules struct {
	// required names the setting that makes this session refuse a table
	// without a primary key ("" when none does).
	required string
	// sessionOff: sql_require_primary_key is ON for the server but was
	// turned off for this session (by the session setup).
	sessionOff bool
	// invisible: sql_generate_invisible_primary_key is ON for this session.
	invisible bool
}

// readPrimaryKeyRules reads the settings on the benchmark's connection,
// after its session setup. A server that lacks one of them lacks the rule.
func readPrimaryKeyRules(ctx context.Context, conn stmt.Execer) (primaryKeyRules, error) {
	in := "('" + RequirePrimaryKey + "', '" + ForcePrimaryKey + "', '" + InvisiblePrimaryKey + "')"
	session, err := readOnOff(ctx, conn, "SHOW SESSION VARIABLES WHERE Variable_name IN "+in)
	if err != nil {
		return primaryKeyRules{}, err
	}
	global, err := readOnOff(ctx, conn, "SHOW GLOBAL VARIABLES WHERE Variable_name IN "+in)
	if err != nil {
		return primaryKeyRules{}, err
	}
	pk := primaryKeyRules{invisible: session[InvisiblePrimaryKey], sessionOff: global[RequirePrimaryKey] && !session[RequirePrimaryKey]}
	switch {
	case session[ForcePrimaryKey]:
		pk.required = ForcePrimaryKey
	case session[RequirePrimaryKey] && !pk.invisible:
		pk.required = RequirePrimaryKey
	}
	return pk, nil
}

// readOnOff runs a SHOW ... VARIABLES query and says which are ON.
func readOnOff(ctx context.Context, conn stmt.Execer, query string) (map[string]bool, error) {
	pairs, err := stmt.ReadPairs(ctx, conn, query)
	if err != nil {
		return nil, fmt.Errorf("reading the primary-key settings: %w", err)
	}
	on := map[string]bool{}
	for name, value := range pairs {
		on[name] = strings.EqualFold(value, "ON") || value == "1"
	}
	return on, nil
}

// forPrimaryKeys adapts the workload to the session's primary-key rules:
// the classic table gets a primary key (id INT AUTO_INCREMENT) where the
// session would refuse it without one, and the workload's name, which the
// report prints with the figures, says what the rules did to the tables
// measured. A --ddl-file workload is the user's own and is not changed.
func forPrimaryKeys(w Workload, pk primaryKeyRules) Workload {
	var said []string
	if pk.required != "" && w.classicTables > 0 {
		w = keyedWorkload(w.classicTables)
		said = append(said, fmt.Sprintf("the figures are for this table with a primary key: the server has %s=ON, which refuses the classic table without one", pk.required))
	}
	if pk.sessionOff {
		said = append(said, RequirePrimaryKey+"=ON on the server was turned off for the calibration's own session, for its scratch tables only")
	}
	if pk.invisible {
		said = append(said, InvisiblePrimaryKey+"=ON: the server adds an invisible primary key to every table created without one")
	}
	if len(said) > 0 {
		w.Name += " (" + strings.Join(said, "; ") + ")"
	}
	return w
}

// explainPrimaryKeyError says what to do when the server refused a table
// for its missing primary key (a --ddl-file table: the classic one is
// given a key beforehand).
func explainPrimaryKeyError(err error, pk primaryKeyRules) error {
	if err == nil || pk.required == "" {
		return err
	}
	msg := err.Error()
	if !strings.Contains(msg, "Error 3750") && !strings.Contains(msg, "Error 1173") {
		return err
	}
	hint := "give the tables of " + flagname.DDLFile + " a primary key"
	if pk.required == RequirePrimaryKey {
		hint += ", or grant SESSION_VARIABLES_ADMIN so that the calibration may turn " + RequirePrimaryKey + " off for its own session"
	}
	return fmt.Errorf("%w (the server has %s=ON: %s)", err, pk.required, hint)
}
