package querylog

import "strings"

// Shape is what the text of a statement says about its result, for
// comparing the results of two servers.
type Shape struct {
	// Ordered: ORDER BY at the top level (not in a subquery, a window or
	// GROUP_CONCAT), so the order of the rows is part of the result.
	Ordered bool
	// Limited: LIMIT at the top level; without Ordered, which rows come
	// back is not determined.
	Limited bool
	// Volatile marks select-list items whose value differs by nature
	// (NOW(), RAND(), UUID(), CONNECTION_ID(), VERSION(), @@hostname, ...):
	// indexes from the front for the items before the first *, and from the
	// back (1 = the last column) for those after the last *.
	volatileFront, volatileBack []int
	star                        bool
}

// volatileFunctions differ from one call, connection or server to the
// next by nature. Functions of no argument only where marked: with
// arguments UNIX_TIMESTAMP is a conversion.
var volatileFunctions = map[string]bool{
	"now": true, "sysdate": true, "current_timestamp": true, "current_time": true, "current_date": true,
	"curdate": true, "curtime": true, "utc_timestamp": true, "utc_date": true, "utc_time": true,
	"localtime": true, "localtimestamp": true, "rand": true, "uuid": true, "uuid_short": true,
	"uuid_to_bin": true, "sys_guid": true, "connection_id": true, "version": true, "user": true,
	"current_user": true, "session_user": true, "system_user": true, "last_insert_id": true,
	"row_count": true, "found_rows": true, "random_bytes": true, "current_role": true,
}

// volatileBare are the volatile functions that may be written without
// parentheses.
var volatileBare = map[string]bool{
	"current_timestamp": true, "current_time": true, "current_date": true, "localtime": true,
	"localtimestamp": true, "current_user": true, "current_role": true, "utc_timestamp": true,
}

// volatileVariables are the system variables that differ between two
// servers by nature (identity, paths, version), not by their settings.
var volatileVariables = map[string]bool{
	"version": true, "version_comment": true, "version_compile_os": true, "version_compile_machine": true,
	"hostname": true, "port": true, "socket": true, "server_id": true, "server_uuid": true, "pid_file": true,
	"datadir": true, "basedir": true, "tmpdir": true, "general_log_file": true, "slow_query_log_file": true,
	"log_error": true, "timestamp": true, "pseudo_thread_id": true, "last_insert_id": true, "identity": true,
	"insert_id": true, "rand_seed1": true, "rand_seed2": true, "version_source_revision": true,
}

// ResultShape reads what the statement's text says about its result.
func ResultShape(sql string) Shape {
	toks := lexStatement(sql, nil)
	var sh Shape
	depth, selectAt := 0, -1
	for i, t := range toks {
		switch {
		case isOp(t, "("):
			depth++
		case isOp(t, ")"):
			depth = max(depth-1, 0)
		case depth == 0 && t.kind == tokWord:
			w := strings.ToLower(t.text)
			switch {
			case w == "select" && selectAt < 0:
				selectAt = i
			case w == "order" && i+1 < len(toks) && strings.EqualFold(toks[i+1].text, "by"):
				sh.Ordered = true
			case w == "limit":
				sh.Limited = true
			case w == "union" || w == "except" || w == "intersect":
				sh.Ordered, sh.Limited = false, false // only the last clause after them applies to the whole
			}
		}
	}
	if selectAt >= 0 {
		sh.volatileItems(selectItems(toks[selectAt+1:]))
	}
	return sh
}

// selectItems cuts the select list (the tokens after SELECT) into items,
// up to the top-level FROM, INTO, WHERE, UNION or the end.
func selectItems(toks []token) [][]token {
	depth, start := 0, 0
	var items [][]token
	for i, t := range toks {
		switch {
		case isOp(t, "("):
			depth++
		case isOp(t, ")"):
			if depth == 0 {
				return append(items, toks[start:i])
			}
			depth--
		case depth == 0 && isOp(t, ","):
			items = append(items, toks[start:i])
			start = i + 1
		case depth == 0 && t.kind == tokWord && endsSelectList(t.text):
			return append(items, toks[start:i])
		}
	}
	return append(items, toks[start:])
}

func endsSelectList(w string) bool {
	switch strings.ToLower(w) {
	case "from", "into", "where", "union", "except", "intersect", "group", "having", "order", "limit", "window", "for":
		return true
	}
	return false
}

// volatileItems records which items are volatile, counted from the front
// before the first * and from the back after the last one.
func (sh *Shape) volatileItems(items [][]token) {
	first, last := -1, -1
	for i, it := range items {
		if isStar(it) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	sh.star = first >= 0
	for i, it := range items {
		if !isVolatile(it) {
			continue
		}
		switch {
		case first < 0 || i < first:
			sh.volatileFront = append(sh.volatileFront, i)
		case i > last:
			sh.volatileBack = append(sh.volatileBack, len(items)-i)
		}
	}
}

// isStar reports a * or t.* item.
func isStar(item []token) bool {
	n := len(item)
	return n > 0 && isOp(item[n-1], "*") && (n == 1 || (n >= 3 && isOp(item[n-2], ".")))
}

// isVolatile reports an item that calls a volatile function or reads a
// volatile system variable.
func isVolatile(item []token) bool {
	for i, t := range item {
		if t.kind != tokWord {
			continue
		}
		w := strings.ToLower(t.text)
		call := i+1 < len(item) && isOp(item[i+1], "(")
		afterAt := i > 0 && isOp(item[i-1], "@@") || (i > 1 && isOp(item[i-1], ".") && isOp(item[i-2], "@@")) ||
			(i > 2 && isOp(item[i-1], ".") && item[i-2].kind == tokWord && isOp(item[i-3], "@@"))
		switch {
		case afterAt:
			if volatileVariables[w] {
				return true
			}
		case call && volatileFunctions[w]:
			return true
		case !call && volatileBare[w] && !(i > 0 && isOp(item[i-1], ".")):
			return true
		}
	}
	return false
}

// Ignored says, for a result of n columns, which columns hold volatile
// values.
func (sh Shape) Ignored(n int) []bool {
	out := make([]bool, n)
	for _, i := range sh.volatileFront {
		if i < n {
			out[i] = true
		}
	}
	for _, k := range sh.volatileBack {
		if k <= n {
			out[n-k] = true
		}
	}
	return out
}
