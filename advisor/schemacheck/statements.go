package schemacheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// missingCall explains a statement of the file the target refused by a
// function it calls that the target does not have: a syntax error right
// at a call's parenthesis (PASSWORD('x') on MySQL 8.0+, where the name is
// no function any more), or "does not exist" when the target is asked.
func missingCall(ctx context.Context, r *Result, tp *prober, own map[string]bool) error {
	p := &r.Problems[0]
	if p.Code == 1064 {
		if fn := callAtSyntaxError(r.Object.SQL, p.Message); fn != "" {
			p.Message += fmt.Sprintf(" (at the call of %s(): the target's grammar has no such function)", fn)
			p.Fix = functionFix(fn)
		}
		return nil
	}
	if p.Code != 1305 {
		return nil
	}
	for _, call := range sqlfile.FunctionCalls(r.Object.SQL) {
		fn := call.Name
		if own[strings.ToLower(fn)] {
			continue
		}
		has, err := tp.HasFunction(ctx, call)
		if err != nil {
			return err
		}
		if !has {
			p.Message += fmt.Sprintf(" (it calls %s(), which the target does not have)", fn)
			p.Fix = functionFix(fn)
			return nil
		}
	}
	return nil
}

// callAtSyntaxError returns the function whose call's "(" is where the
// server's syntax error points ("... near '('x'))' at line 1"), or "".
func callAtSyntaxError(sql, msg string) string {
	_, near, ok := strings.Cut(msg, "near '")
	if !ok {
		return ""
	}
	near, _, _ = strings.Cut(near, "' at line")
	if !strings.HasPrefix(near, "(") {
		return ""
	}
	i := strings.Index(sql, near)
	if i <= 0 {
		return ""
	}
	before := strings.TrimRight(sql[:i], " ")
	j := len(before)
	for j > 0 && (before[j-1] == '_' || before[j-1] >= 'a' && before[j-1] <= 'z' || before[j-1] >= 'A' && before[j-1] <= 'Z' || before[j-1] >= '0' && before[j-1] <= '9') {
		j--
	}
	fn := before[j:]
	for _, called := range sqlfile.CalledFunctions(sql) {
		if strings.EqualFold(called, fn) {
			return called
		}
	}
	return ""
}
