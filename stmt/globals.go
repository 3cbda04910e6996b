package stmt

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

var globalName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)
var globalValue = regexp.MustCompile(`^[A-Za-z0-9_.]{1,64}$`)

// ReadGlobals reads the current global values of the named variables.
func ReadGlobals(ctx context.Context, db Execer, names []string) (map[string]string, error) {
	out := make(map[string]string, len(names))
	for _, n := range names {
		if !globalName.MatchString(n) {
			return nil, fmt.Errorf("refusing variable name %q", n)
		}
		var v sql.NullString
		if err := QueryRow(ctx, db, "SELECT @@GLOBAL."+n).Scan(&v); err != nil {
			return nil, fmt.Errorf("reading @@GLOBAL.%s: %w", n, err)
		}
		out[n] = v.String
	}
	return out, nil
}

// SetGlobal runs SET GLOBAL name = value for a validated name and value.
func SetGlobal(ctx context.Context, db Execer, name, value string) error {
	if !globalName.MatchString(name) || !globalValue.MatchString(value) {
		return fmt.Errorf("refusing SET GLOBAL %q = %q", name, value)
	}
	if _, err := Exec(ctx, db, "SET GLOBAL "+name+" = "+value); err != nil {
		return fmt.Errorf("SET GLOBAL %s = %s: %w", name, value, err)
	}
	return nil
}

// RestoreGlobals sets every variable back to its original value, trying all
// of them even when one fails, and returns the failures joined.
func RestoreGlobals(ctx context.Context, db Execer, originals map[string]string) error {
	var failed []string
	for _, n := range slices.Sorted(maps.Keys(originals)) {
		if err := SetGlobal(ctx, db, n, originals[n]); err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("restoring globals failed (run `upgrade-advisor cleanup` once the server is reachable): %s", strings.Join(failed, "; "))
	}
	return nil
}
