package schemacheck

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
)

// missingCodes are the server's errors for a statement that needs an object
// that does not exist: unknown table, unknown database, referenced table
// that cannot be opened, foreign key that cannot be made, view on invalid
// tables, unknown routine.
var missingCodes = map[int]bool{1146: true, 1049: true, 1824: true, 1215: true, 1005: true, 1356: true,
	1305: true, 1051: true}

// markFailed remembers an object whose definition the server refused.
func (rp *replayer) markFailed(o sqlfile.Object) {
	where := o.Source()
	rp.failed[strings.ToLower(o.Name)] = where
	rp.failed[strings.ToLower(schemaOf(o)+"."+o.Name)] = where
}

// consequence turns the failure of a statement that names an object whose
// own definition failed earlier into that failure's consequence: it is
// shown under it and does not count as a problem of its own.
func (rp *replayer) consequence(s sqlfile.Step, p outcome.Problem) outcome.Problem {
	if !missingCodes[p.Code] || len(rp.failed) == 0 {
		return p
	}
	own := ""
	if s.Kind == sqlfile.StepCreate {
		own = strings.ToLower(rp.objects[s.Object].Object.Name)
	}
	for _, name := range sqlfile.Names(s.SQL) {
		key := strings.ToLower(name)
		where, ok := rp.failed[key]
		if !ok || key == own {
			continue
		}
		p.Kind = outcome.StatusBlocked
		p.CausedBy = where
		p.Message = fmt.Sprintf("%s (a consequence: %s was refused at %s)", p.Message, name, where)
		p.Fix = "fix " + name + " first"
		return p
	}
	return p
}
