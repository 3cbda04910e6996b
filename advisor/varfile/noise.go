package varfile

import (
	"regexp"
	"strings"
)

// noiseLine matches lines the client prints around results: result
// summaries, warnings, and the banner and prompts of an interactive session
// saved with tee.
var noiseLine = regexp.MustCompile(`^(?:` +
	`\d+ rows? in set\b.*` +
	`|Empty set\b.*` +
	`|Query OK\b.*` +
	`|[\w.-]+: \[(?:Warning|Note)\] .*` +
	`|Warning: .*` +
	`|(?:mysql|MySQL \[[^\]]*\]|MariaDB \[[^\]]*\])> .*` +
	`|\s*-> .*` +
	`|Bye` +
	`|Welcome to the (?:MySQL|MariaDB) monitor\..*` +
	`|Your (?:MySQL|MariaDB) connection id is .*` +
	`|Server version: .*` +
	`|Copyright \(c\) .*` +
	`|Oracle is a registered trademark .*` +
	`|affiliates\. Other names may be trademarks .*` +
	`|owners\.` +
	`|Type 'help;' or '\\h' for help\..*` +
	`|Logging to file .*` +
	`)$`)

// isNoise reports a blank line or one of the lines noiseLine matches.
func isNoise(text string) bool {
	return strings.TrimSpace(text) == "" || noiseLine.MatchString(text)
}

// isTrailer reports a non-blank noise line, such as "N rows in set" or a
// prompt, which ends a multi-line value in vertical output.
func isTrailer(text string) bool {
	return strings.TrimSpace(text) != "" && noiseLine.MatchString(text)
}
