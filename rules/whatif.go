package rules

import (
	"fmt"
	"regexp"
	"strconv"
)

// whatIfSettings are the settings a what-if sandbox copies from the
// inspected server: those that shape CREATE/DROP TABLE cost, with the
// sizes (capped in the sandbox).
var whatIfSettings = append(DDLCostSettings(), "innodb_log_file_size", "innodb_buffer_pool_size")

// WhatIfBufferPoolCap bounds the buffer pool copied into a local sandbox.
const WhatIfBufferPoolCap = 1 << 30

// unquotedOption matches a value safe to pass as a server option unquoted.
var unquotedOption = regexp.MustCompile(`^[A-Za-z0-9_.]{1,64}$`)

// IsPlainOptionValue reports whether a value is safe to pass to a server
// as an option unquoted: a plain word of letters, digits, '_' and '.'.
func IsPlainOptionValue(v string) bool { return unquotedOption.MatchString(v) }

// WhatIfOptions turns an inspected server's settings into the options of a
// local what-if sandbox, and says what it changed on the way. The options
// carry the loose- prefix, so a local server of another version ignores
// what it lacks; values that are not plain words are not copied.
func WhatIfOptions(vars map[string]Setting) (opts []string, notes []string) {
	for _, name := range whatIfSettings {
		st, ok := vars[name]
		if !ok || !IsPlainOptionValue(st.Value) {
			continue
		}
		value := st.Value
		if name == "innodb_buffer_pool_size" {
			if n, err := strconv.ParseInt(value, 10, 64); err == nil && n > WhatIfBufferPoolCap {
				notes = append(notes, fmt.Sprintf("innodb_buffer_pool_size %s capped at 1G in the sandbox", value))
				value = strconv.Itoa(WhatIfBufferPoolCap)
			}
		}
		opts = append(opts, "loose-"+name+"="+value)
	}
	return opts, notes
}
