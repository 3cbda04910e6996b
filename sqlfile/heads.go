package sqlfile

import "strings"

// Describe names a statement by its leading keyword and, for CREATE, ALTER
// and DROP, the kind of object (e.g. "DROP DATABASE", "CREATE VIEW").
func Describe(toks []Token) string {
	first := toks[0]
	if first.kind != TokWord {
		return "statement starting with " + quoteShort(first.text)
	}
	verb := strings.ToUpper(first.text)
	if verb != "CREATE" && verb != "ALTER" && verb != "DROP" {
		return verb
	}
	for _, t := range toks[1:min(len(toks), 16)] {
		for _, w := range objectWords {
			if IsWord(t, w) {
				return verb + " " + w
			}
		}
	}
	return verb
}

// objectWords are the words naming what a CREATE, ALTER or DROP acts on.
var objectWords = []string{"TABLE", "TABLES", "INDEX", "VIEW", "TRIGGER", "PROCEDURE", "FUNCTION",
	"EVENT", "USER", "ROLE", "DATABASE", "SCHEMA", "TABLESPACE", "SERVER", "SEQUENCE", "PACKAGE",
	"LOGFILE", "INSTANCE", "SYNONYM", "SYSTEM", "RESOURCE"}
