package schemacheck

import (
	"fmt"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge"
	"github.com/upgrade-advisor/upgrade-advisor/sqlfile"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// needsTarget lists what only the target's own server can answer.
const needsTarget = "whether the target refuses a definition, warns, changes it, lacks a function a routine calls or reserves a name"

// knowledgeCheck answers, without a target server, what the knowledge base
// can: the sql_mode flags each object was created with that the target no
// longer accepts (the server would refuse the object with error 1231).
func knowledgeCheck(d *sqlfile.Dump, target flavor.Flavor) []outcome.Object {
	mode, _ := knowledge.Lookup("sql_mode")
	out := make([]outcome.Object, 0, len(d.Objects))
	for _, o := range d.Objects {
		problems := []outcome.Problem{}
		for _, s := range o.Session {
			if s.Name != "sql_mode" || o.Kind == sqlfile.KindTable {
				continue
			}
			if rejected := mode.RejectedValues(target, s.Text()); len(rejected) > 0 {
				problems = append(problems, modeProblem(target, s.Text(), rejected))
			}
		}
		out = append(out, outcome.Object{Kind: string(o.Kind), Name: qualifiedName(o), Source: o.Source(),
			Status: outcome.Worst(problems), Problems: problems})
	}
	return out
}

// modeProblem is a refused sql_mode as the knowledge base states it.
func modeProblem(target flavor.Flavor, mode string, rejected []knowledge.ValueRemoval) outcome.Problem {
	var words []string
	for _, r := range rejected {
		words = append(words, fmt.Sprintf("%s (removed in %s %s)", r.Value, target.Name(), r.Removed.At))
	}
	return outcome.Problem{Kind: outcome.StatusRefused, Code: 1231,
		Message: "the sql_mode it was created with has " + strings.Join(words, ", ") + ", which " + target.String() + " refuses (knowledge base; no server ran)",
		Fix:     fmt.Sprintf("re-create it with sql_mode=%s", stmt.QuoteString(knowledge.WithoutValues(mode, rejected)))}
}
