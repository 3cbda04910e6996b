package schemacheck

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// definitions are what a server made of the objects of some schemas, as
// information_schema shows them: per object, attribute -> value. Only
// attributes with a meaning are read (character set, collation, type,
// default, engine, definer, the sql_mode stored with a program), not the
// spelling of SHOW CREATE.
type definitions map[string]map[string]string

// definitionQueries read the attributes; each row is schema, name, then
// attribute columns named by the query's aliases. The kind is the key's.
var definitionQueries = []struct {
	kind  sqlfile.Kind
	query string
}{
	{sqlfile.KindTable, `SELECT TABLE_SCHEMA, TABLE_NAME, IFNULL(ENGINE, ''), IFNULL(TABLE_COLLATION, '')
		FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA IN (%s)`},
	{sqlfile.KindView, `SELECT TABLE_SCHEMA, TABLE_NAME, DEFINER, SECURITY_TYPE, CHARACTER_SET_CLIENT, COLLATION_CONNECTION
		FROM information_schema.VIEWS WHERE TABLE_SCHEMA IN (%s)`},
	{sqlfile.KindFunction, `SELECT ROUTINE_SCHEMA, ROUTINE_NAME, DEFINER, SQL_MODE, DATABASE_COLLATION
		FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_SCHEMA IN (%s)`},
	{sqlfile.KindProcedure, `SELECT ROUTINE_SCHEMA, ROUTINE_NAME, DEFINER, SQL_MODE, DATABASE_COLLATION
		FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'PROCEDURE' AND ROUTINE_SCHEMA IN (%s)`},
	{sqlfile.KindTrigger, `SELECT TRIGGER_SCHEMA, TRIGGER_NAME, DEFINER, SQL_MODE, DATABASE_COLLATION
		FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA IN (%s)`},
	{sqlfile.KindEvent, `SELECT EVENT_SCHEMA, EVENT_NAME, DEFINER, SQL_MODE, DATABASE_COLLATION
		FROM information_schema.EVENTS WHERE EVENT_SCHEMA IN (%s)`},
}

// attributeNames name the attribute columns of each query, in order.
var attributeNames = map[sqlfile.Kind][]string{
	sqlfile.KindTable:     {"engine", "table collation"},
	sqlfile.KindView:      {"definer", "SQL SECURITY", "character_set_client", "collation_connection"},
	sqlfile.KindFunction:  {"definer", "sql_mode", "database collation"},
	sqlfile.KindProcedure: {"definer", "sql_mode", "database collation"},
	sqlfile.KindTrigger:   {"definer", "sql_mode", "database collation"},
	sqlfile.KindEvent:     {"definer", "sql_mode", "database collation"},
}

// columnQuery reads each column's meaning.
const columnQuery = `SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, IFNULL(CHARACTER_SET_NAME, ''),
	IFNULL(COLLATION_NAME, ''), IFNULL(COLUMN_DEFAULT, 'NULL'), IS_NULLABLE
	FROM information_schema.COLUMNS c WHERE TABLE_SCHEMA IN (%s)
	AND EXISTS (SELECT 1 FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = c.TABLE_SCHEMA
	            AND t.TABLE_NAME = c.TABLE_NAME AND t.TABLE_TYPE = 'BASE TABLE')`

// readDefinitions reads the definitions of the objects in schemas; with
// tablesOnly, only the tables' own attributes (engine, table collation),
// which is all a check without today's definitions compares.
func readDefinitions(ctx context.Context, conn *sql.Conn, schemas []string, tablesOnly bool) (definitions, error) {
	list := stmt.QuoteStrings(schemas)
	defs := definitions{}
	for _, q := range definitionQueries {
		if tablesOnly && q.kind != sqlfile.KindTable {
			continue
		}
		if err := defs.read(ctx, conn, fmt.Sprintf(q.query, list), q.kind, attributeNames[q.kind]); err != nil {
			return nil, err
		}
	}
	if tablesOnly {
		return defs, nil
	}
	if err := defs.readColumns(ctx, conn, fmt.Sprintf(columnQuery, list)); err != nil {
		return nil, err
	}
	return defs, nil
}

func (d definitions) read(ctx context.Context, conn *sql.Conn, query string, kind sqlfile.Kind, attrs []string) error {
	vals := make([]string, 2+len(attrs))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for row, err := range stmt.Rows(ctx, conn, query) {
		if err != nil {
			return fmt.Errorf("reading the sandbox's %s definitions: %w", kind, err)
		}
		if err := row.Scan(ptrs...); err != nil {
			return err
		}
		m := d.object(kind, vals[0], vals[1])
		for i, a := range attrs {
			m[a] = vals[2+i]
		}
	}
	return nil
}

func (d definitions) readColumns(ctx context.Context, conn *sql.Conn, query string) error {
	for row, err := range stmt.Rows(ctx, conn, query) {
		if err != nil {
			return fmt.Errorf("reading the sandbox's column definitions: %w", err)
		}
		var schema, table, col, typ, cs, coll, def, null string
		if err := row.Scan(&schema, &table, &col, &typ, &cs, &coll, &def, &null); err != nil {
			return err
		}
		m := d.object(sqlfile.KindTable, schema, table)
		prefix := "column " + "`" + col + "` "
		m[prefix+"type"] = strings.ToLower(typ)
		m[prefix+"character set"] = cs
		m[prefix+"collation"] = coll
		m[prefix+"default"] = normalDefault(def)
		m[prefix+"nullable"] = null
	}
	return nil
}

func (d definitions) object(kind sqlfile.Kind, schema, name string) map[string]string {
	k := definitionKey(kind, schema, name)
	if d[k] == nil {
		d[k] = map[string]string{}
	}
	return d[k]
}

func definitionKey(kind sqlfile.Kind, schema, name string) string {
	return string(kind) + "\x00" + strings.ToLower(schema) + "\x00" + strings.ToLower(name)
}

// normalDefault writes a column default the same way on every server:
// MariaDB quotes string defaults and spells NULL, MySQL does neither; both
// spell CURRENT_TIMESTAMP in several ways.
func normalDefault(def string) string {
	d := strings.TrimSpace(def)
	if len(d) >= 2 && d[0] == '\'' && d[len(d)-1] == '\'' {
		d = strings.ReplaceAll(d[1:len(d)-1], "''", "'")
	}
	low := strings.ToLower(d)
	if low == "current_timestamp()" || low == "now()" {
		return "current_timestamp"
	}
	return low
}

// differences lists what changed between today's definition and the
// target's, "attribute: today -> target", sorted.
func differences(today, target map[string]string) []string {
	var out []string
	for attr, was := range today {
		now, ok := target[attr]
		if !ok || sameMeaning(attr, was, now) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s today, %s on the target", attr, orNone(was), orNone(now)))
	}
	sort.Strings(out)
	return out
}

// sameMeaning compares two values of an attribute; sql_modes compare as
// sets of flags, names without case.
func sameMeaning(attr, a, b string) bool {
	if attr == "sql_mode" {
		return flagSet(a) == flagSet(b)
	}
	if attr == "definer" && isAppAccount(b) {
		return true // the load's own account (account.go), not the target's doing
	}
	return strings.EqualFold(a, b)
}

func flagSet(mode string) string {
	flags := strings.Split(strings.ToUpper(mode), ",")
	sort.Strings(flags)
	return strings.Join(flags, ",")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
