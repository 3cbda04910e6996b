package server

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// forceOneStatementPerCall turns off what a DSN may ask of the driver that
// would let a call send more than the one statement the tool read and
// judged: multiStatements (several statements in one text) and
// allowAllFiles (LOAD DATA LOCAL of any file of this machine).
func forceOneStatementPerCall(cfg *mysql.Config) {
	cfg.MultiStatements = false
	cfg.AllowAllFiles = false
}

// DSNNotes says which of a DSN's driver options the tool overrides, for
// the report; nil when the DSN asks for none of them (or cannot be read:
// DriverConfig says why).
func (o ConnOptions) DSNNotes() []string {
	if o.DSN == "" {
		return nil
	}
	parsed, err := mysql.ParseDSN(o.DSN)
	if err != nil {
		return nil
	}
	var notes []string
	if parsed.MultiStatements {
		notes = append(notes, flagname.DSN+" asks for multiStatements=true: ignored, every statement this tool sends is one statement it has read and judged")
	}
	if parsed.AllowAllFiles {
		notes = append(notes, flagname.DSN+" asks for allowAllFiles=true: ignored, this tool never reads local files through the server connection")
	}
	return notes
}

// refuseDSNSessionSettings refuses a DSN that names session variables
// (user@unix(/s)/?sql_mode=...): the driver would send them as SET
// statements of its own, untagged and unjudged, before the tool's checks.
func refuseDSNSessionSettings(cfg *mysql.Config) error {
	if len(cfg.Params) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(cfg.Params))
	return fmt.Errorf("%w: "+flagname.DSN+" sets session variables (%s): the driver would send them untagged before this tool's own checks; "+
		"remove them from the DSN (the tool sets the session it needs itself)", exitcode.ErrUsage, strings.Join(names, ", "))
}

// connectionTextDSN checks the DSN parameters that change how the server
// reads the text the tool sends, or make the driver send a statement of its
// own when it connects, untagged and unjudged: charset (SET NAMES),
// collation (the handshake's character set), maxAllowedPacket=0 (SELECT
// @@max_allowed_packet). A live connection is always utf8mb4: charset and
// collation are accepted only when they name it, and charset is then taken
// out (the handshake's default collation is utf8mb4's, with no SET NAMES).
// It returns the DSN to parse.
func connectionTextDSN(dsn string) (string, error) {
	base, query := splitDSNParams(dsn)
	if query == "" {
		return dsn, nil
	}
	params, err := url.ParseQuery(query)
	if err != nil {
		return dsn, nil // ParseDSN says what is wrong with it
	}
	for _, name := range slices.Sorted(maps.Keys(params)) {
		if why := whyNotConnectionParam(name, params.Get(name)); why != "" {
			return "", fmt.Errorf("%w: "+flagname.DSN+" sets %s=%s: %s; remove it from the DSN", exitcode.ErrUsage, name, params.Get(name), why)
		}
	}
	if !params.Has("charset") {
		return dsn, nil
	}
	params.Del("charset")
	if len(params) == 0 {
		return base, nil
	}
	return base + "?" + params.Encode(), nil
}

// whyNotConnectionParam says why a DSN parameter may not reach a live
// connection, or "".
func whyNotConnectionParam(name, value string) string {
	const utf8Only = "a live connection is always utf8mb4: the tool judges the text it sends as utf8mb4, and a server reading it in another character set (gbk, big5, sjis, cp932, gb18030 let a backslash be the second byte of a character) could end a string elsewhere"
	switch name {
	case "charset":
		for _, cs := range strings.Split(value, ",") {
			if !strings.EqualFold(strings.TrimSpace(cs), "utf8mb4") {
				return utf8Only + "; the driver would also send SET NAMES untagged"
			}
		}
	case "collation":
		if !strings.HasPrefix(strings.ToLower(value), "utf8mb4_") {
			return utf8Only
		}
	case "maxAllowedPacket":
		if strings.TrimSpace(value) == "0" {
			return "the driver would send SELECT @@max_allowed_packet untagged when it connects; leave the default (64 MiB) or give a size"
		}
	}
	return ""
}

// splitDSNParams splits a DSN at the '?' after its last '/', as the driver
// reads it: the part before and the parameters ("" when none).
func splitDSNParams(dsn string) (base, query string) {
	slash := strings.LastIndexByte(dsn, '/')
	if slash < 0 {
		return dsn, ""
	}
	q := strings.IndexByte(dsn[slash:], '?')
	if q < 0 {
		return dsn, ""
	}
	return dsn[:slash+q], dsn[slash+q+1:]
}
