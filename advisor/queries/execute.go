package queries

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// Condition is one row of SHOW WARNINGS.
type Condition struct {
	Level   string `json:"level"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// observation is what one server did with one statement.
type observation struct {
	err      *serverError
	timedOut bool
	warnings []Condition
	result   *resultSet // queries only
	affected int64      // DML only
	plan     []planStep // queries and DML that ran, when EXPLAIN could read them
	session  []serverError
}

// limits bound one execution.
type limits struct {
	timeout  time.Duration
	maxRows  int
	maxBytes int64
}

// clearDiagnostics resets the diagnostics area: on MariaDB a statement
// that uses no table leaves the previous statement's conditions in place,
// so SHOW WARNINGS after it would show them; a statement that reads a
// (derived) table clears them on both families.
const clearDiagnostics = "SELECT 1 FROM (SELECT 1) AS upgrade_advisor_clear"

// observe runs one statement of kind k in the session and reads its own
// warnings, its result (up to the cap) and its plan. DML runs inside a
// transaction that is rolled back; so do queries and SHOW, which may call
// functions that write.
func (ss *session) observe(ctx context.Context, text string, k Kind, lim limits) (*observation, error) {
	obs := &observation{session: ss.problems}
	inTx := k != KindSession
	if inTx {
		if _, err := stmt.Exec(ctx, ss.conn, "START TRANSACTION"); err != nil {
			return nil, fmt.Errorf("starting a transaction on %s: %w", ss.side.Name, err)
		}
	}
	if err := ss.exec(ctx, clearDiagnostics); err != nil {
		return nil, err
	}
	if err := ss.run(ctx, text, k, lim, obs); err != nil {
		return nil, err
	}
	if obs.timedOut && obs.err.Code == 0 {
		return obs, nil // the connection is gone with the statement; the session is discarded
	}
	w, err := ss.warnings(ctx, obs.err)
	if err != nil {
		return nil, err
	}
	obs.warnings = w
	if inTx {
		if err := ss.exec(ctx, "ROLLBACK"); err != nil {
			return nil, err
		}
	}
	if obs.err == nil && (k == KindQuery || k == KindDML) {
		obs.plan = ss.explain(ctx, text)
	}
	return obs, nil
}

// run executes the statement itself, with a deadline a little beyond the
// server-side timeout as a backstop.
func (ss *session) run(ctx context.Context, text string, k Kind, lim limits, obs *observation) error {
	rctx, cancel := context.WithTimeout(ctx, lim.timeout+5*time.Second)
	defer cancel()
	var err error
	switch k {
	case KindQuery, KindShow:
		obs.result, err = ss.query(rctx, text, lim)
	default:
		var res sql.Result
		if res, err = stmt.Exec(rctx, ss.conn, text); err == nil {
			obs.affected, _ = res.RowsAffected()
		}
	}
	if err == nil {
		return nil
	}
	if se, ok := asServerError(err); ok {
		obs.err = &se
		obs.timedOut = timeoutCodes[se.Code]
		return nil
	}
	if rctx.Err() != nil && ctx.Err() == nil {
		obs.err = &serverError{Code: 0, Message: fmt.Sprintf("no answer within %v", lim.timeout+5*time.Second)}
		obs.timedOut = true
		return nil
	}
	return fmt.Errorf("running a statement on %s: %w", ss.side.Name, err)
}

// query runs a statement that returns rows and reads them up to the cap.
func (ss *session) query(ctx context.Context, q string, lim limits) (*resultSet, error) {
	rs := &resultSet{}
	var raw []sql.RawBytes
	var ptrs []any
	columns := func(types []*sql.ColumnType) error {
		for _, t := range types {
			rs.columns = append(rs.columns, Column{Name: t.Name(), Type: t.DatabaseTypeName()})
		}
		raw = make([]sql.RawBytes, len(types))
		ptrs = make([]any, len(types))
		for i := range raw {
			ptrs[i] = &raw[i]
		}
		return nil
	}
	var size int64
	for row, err := range stmt.RowsWithColumns(ctx, ss.conn, q, columns) {
		if err != nil {
			return nil, err
		}
		if len(rs.rows) >= lim.maxRows || size >= lim.maxBytes {
			rs.truncated = true
			break // closing drains the rest, bounded by the timeout
		}
		if err := row.Scan(ptrs...); err != nil {
			return nil, err
		}
		cells := make([]cell, len(raw))
		for i, b := range raw {
			cells[i] = cell{null: b == nil, text: string(b)}
			size += int64(len(b))
		}
		rs.rows = append(rs.rows, cells)
	}
	return rs, nil
}

// warnings reads SHOW WARNINGS right after the statement, leaving out the
// statement's own error.
func (ss *session) warnings(ctx context.Context, own *serverError) ([]Condition, error) {
	warnings, err := stmt.ReadWarnings(ctx, ss.conn)
	if err != nil {
		return nil, fmt.Errorf("reading the warnings on %s: %w", ss.side.Name, err)
	}
	var out []Condition
	for _, w := range warnings {
		c := Condition(w)
		if own != nil && c.Level == "Error" && c.Code == own.Code {
			continue
		}
		out = append(out, c)
	}
	return out, nil
}

// exec runs one of the tool's own statements.
func (ss *session) exec(ctx context.Context, q string) error {
	if _, err := stmt.Exec(ctx, ss.conn, q); err != nil {
		return fmt.Errorf("%s on %s: %w", q, ss.side.Name, err)
	}
	return nil
}
