package queries

import (
	"strconv"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// shape is what a statement's text says about its result.
type shape struct {
	// ordered: ORDER BY at the top level, so the order of the rows is part
	// of the result (not one in a subquery, a window or GROUP_CONCAT).
	ordered bool
	// orderKeys are the ORDER BY items as result column names or 1-based
	// positions ("#2"); nil when an item is an expression.
	orderKeys []string
	// volatileFront and volatileBack mark select-list items whose value
	// differs by nature: 0-based from the front before the first *, and
	// 1-based from the back after the last *.
	volatileFront, volatileBack []int
	// limited: LIMIT at the top level; without ordered, which rows come
	// back is not determined.
	limited bool
	// rowsVolatile: a function of chance (RAND(), UUID()) outside the
	// select list, which makes the rows themselves differ by nature.
	rowsVolatile bool
}

// volatileFunctions differ from one call, connection or server to the next
// by nature; volatileBare may also be written without parentheses.
var volatileFunctions = map[string]bool{
	"NOW": true, "SYSDATE": true, "CURRENT_TIMESTAMP": true, "CURRENT_TIME": true, "CURRENT_DATE": true,
	"CURDATE": true, "CURTIME": true, "UTC_TIMESTAMP": true, "UTC_DATE": true, "UTC_TIME": true,
	"LOCALTIME": true, "LOCALTIMESTAMP": true, "UNIX_TIMESTAMP": true, "RAND": true, "UUID": true,
	"UUID_SHORT": true, "SYS_GUID": true, "CONNECTION_ID": true, "VERSION": true, "USER": true,
	"CURRENT_USER": true, "SESSION_USER": true, "SYSTEM_USER": true, "LAST_INSERT_ID": true,
	"ROW_COUNT": true, "FOUND_ROWS": true, "RANDOM_BYTES": true, "CURRENT_ROLE": true,
}

var volatileBare = map[string]bool{
	"CURRENT_TIMESTAMP": true, "CURRENT_TIME": true, "CURRENT_DATE": true, "LOCALTIME": true,
	"LOCALTIMESTAMP": true, "CURRENT_USER": true, "CURRENT_ROLE": true, "UTC_TIMESTAMP": true,
}

// chanceFunctions make rows differ when used outside the select list.
var chanceFunctions = map[string]bool{"RAND": true, "UUID": true, "UUID_SHORT": true, "SYS_GUID": true, "RANDOM_BYTES": true}

// volatileVariables are system variables that differ between two servers
// by nature (identity, paths, version), not by their settings.
var volatileVariables = map[string]bool{
	"VERSION": true, "VERSION_COMMENT": true, "VERSION_COMPILE_OS": true, "VERSION_COMPILE_MACHINE": true,
	"HOSTNAME": true, "PORT": true, "SOCKET": true, "SERVER_ID": true, "SERVER_UUID": true, "PID_FILE": true,
	"DATADIR": true, "BASEDIR": true, "TMPDIR": true, "GENERAL_LOG_FILE": true, "SLOW_QUERY_LOG_FILE": true,
	"LOG_ERROR": true, "TIMESTAMP": true, "PSEUDO_THREAD_ID": true, "LAST_INSERT_ID": true, "IDENTITY": true,
	"INSERT_ID": true, "RAND_SEED1": true, "RAND_SEED2": true, "VERSION_SOURCE_REVISION": true,
	"WARNING_COUNT": true, "ERROR_COUNT": true, "LC_MESSAGES_DIR": true, "PLUGIN_DIR": true,
	"SECURE_FILE_PRIV": true, "CHARACTER_SETS_DIR": true, "LOG_BIN_BASENAME": true, "RELAY_LOG_BASENAME": true,
}

// resultShape reads the shape of a statement's result from its words.
func resultShape(ws words) shape {
	var sh shape
	for i := range ws {
		if ws[i].Depth == 0 && ws.bare(i, "ORDER") && ws.bare(i+1, "BY") {
			sh.ordered = true
			sh.orderKeys = orderKeys(ws[i+2:])
		}
		if ws[i].Depth == 0 && ws.bare(i, "LIMIT") {
			sh.limited = true
		}
	}
	inList := make([]bool, len(ws))
	for i := range ws {
		if ws[i].Depth == 0 && ws.bare(i, "SELECT") {
			sh.addSelectList(ws, i+1, inList)
		}
	}
	for i := range ws {
		if !inList[i] && volatileAt(ws, i) && chanceFunctions[ws[i].Text] {
			sh.rowsVolatile = true
		}
	}
	return sh
}

// addSelectList marks the volatile items of the select list that starts
// at the word start and records which words belong to a list.
func (sh *shape) addSelectList(ws words, start int, inList []bool) {
	var items [][2]int
	from := start
	end := start
	for ; end < len(ws); end++ {
		if ws[end].Depth == 0 && (ws.bare(end, "FROM") || ws.bare(end, "INTO") || ws.bare(end, "UNION") ||
			ws.bare(end, "WHERE") || ws.bare(end, "ORDER") || ws.bare(end, "LIMIT") || ws.bare(end, "GROUP") ||
			ws.bare(end, "HAVING") || ws.bare(end, "WINDOW") || ws.bare(end, "FOR") || ws.bare(end, "EXCEPT") ||
			ws.bare(end, "INTERSECT")) {
			break
		}
		inList[end] = true
		if ws.depth0Comma(end) {
			items = append(items, [2]int{from, end})
			from = end + 1
		}
	}
	items = append(items, [2]int{from, end})
	star := -1
	for k, it := range items {
		if it[1]-it[0] >= 1 && ws.at(it[1]-1) == "*" && (it[1]-it[0] == 1 || ws.at(it[1]-2) == ".") {
			if star < 0 {
				star = k
			}
		}
	}
	lastStar := -1
	for k, it := range items {
		if it[1]-it[0] >= 1 && ws.at(it[1]-1) == "*" {
			lastStar = k
		}
	}
	for k, it := range items {
		volatile := false
		for i := it[0]; i < it[1]; i++ {
			if volatileAt(ws, i) {
				volatile = true
			}
		}
		switch {
		case !volatile:
		case star < 0 || k < star:
			sh.volatileFront = append(sh.volatileFront, k)
		case k > lastStar:
			sh.volatileBack = append(sh.volatileBack, len(items)-k)
		}
	}
}

// volatileAt reports whether the word at i is a call of a volatile
// function or a volatile system variable.
func volatileAt(ws words, i int) bool {
	w := ws[i]
	if w.Kind != sqlfile.Bare {
		return false
	}
	if ws.at(i-1) == "." && ws.at(i-2) != "@" && i >= 3 && ws.at(i-3) == "@" {
		return volatileVariables[w.Text] // @@session.version
	}
	if ws.at(i-1) == "@" && ws.at(i-2) == "@" {
		return volatileVariables[w.Text]
	}
	if ws.at(i-1) == "." {
		return false // a column or a schema's function
	}
	if ws.at(i+1) == "(" {
		return volatileFunctions[w.Text]
	}
	return volatileBare[w.Text]
}

// orderKeys reads ORDER BY items that are plain names or positions.
func orderKeys(ws words) []string {
	var keys []string
	cur := []string{}
	flush := func() bool {
		if len(cur) == 0 {
			return false
		}
		keys = append(keys, strings.Join(cur, ""))
		cur = cur[:0]
		return true
	}
	for i := range ws {
		w := ws[i]
		if w.Depth == 0 && (ws.bare(i, "LIMIT") || ws.bare(i, "FOR") || ws.bare(i, "LOCK") || ws.bare(i, "INTO")) {
			break
		}
		switch {
		case ws.depth0Comma(i):
			if !flush() {
				return nil
			}
		case w.Kind == sqlfile.Bare && (w.Text == "ASC" || w.Text == "DESC"):
		case w.Kind == sqlfile.Punct && w.Text == ".":
			cur = cur[:0] // t.col: the column
		case len(cur) == 0 && (w.Kind == sqlfile.Bare || w.Kind == sqlfile.Quoted):
			if n, err := strconv.Atoi(w.Text); err == nil && n > 0 {
				cur = append(cur, "#"+w.Text)
			} else {
				cur = append(cur, strings.ToLower(w.Text))
			}
		default:
			return nil // an expression
		}
	}
	if !flush() {
		return nil
	}
	return keys
}

// masked returns, for n result columns, which are volatile by the shape.
func (sh shape) masked(n int) []bool {
	out := make([]bool, n)
	for _, k := range sh.volatileFront {
		if k < n {
			out[k] = true
		}
	}
	for _, k := range sh.volatileBack {
		if n-k >= 0 {
			out[n-k] = true
		}
	}
	return out
}
