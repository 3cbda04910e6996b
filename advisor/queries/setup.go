package queries

import (
	"slices"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// setupCodes are the errors that say the rehearsal's setup, not the
// upgrade, stopped a statement: no default schema, a schema or table the
// loaded schema lacks, a right the replaying account lacks.
var setupCodes = map[int]string{
	1046: "no default schema: give the schema the statements run in (" + flagname.Database + ", as the mysql client's -D)",
	1049: "the schema is not loaded: give a schema file that creates it",
	1146: "the table is not loaded: give the schema file the statements were written for (and " + flagname.Database + " for the schema they run in)",
	1044: "the replaying account lacks a right on the schema",
	1045: "the replaying account was refused",
	1142: "the replaying account lacks a right on the table",
	1143: "the replaying account lacks a right on a column",
	1227: "the replaying account lacks a privilege the statement needs",
}

// setupFix is the fix of a class that failed alike on both servers with
// code: what to change in the rehearsal for a setup error, "" otherwise.
func setupFix(code int) string { return setupCodes[code] }

// SetupFailure says why a comparison tested nothing: most of the classes
// that ran failed alike on both servers with errors of the rehearsal's
// setup.
type SetupFailure struct {
	// Classes failed on both for a setup reason, of Ran classes run.
	Classes int `json:"classes"`
	Ran     int `json:"ran"`
	// Code and Message are the commonest of those errors; Fix what to change.
	Code    int    `json:"code"`
	Message string `json:"message"`
	Fix     string `json:"fix"`
}

// setupFailure returns the comparison's setup failure when more than half
// of the classes run failed on both servers with a setup error, nil
// otherwise.
func setupFailure(cs []ClassResult) *SetupFailure {
	byCode := map[int]int{}
	var first []Problem // each code's first problem, in class order
	n := 0
	for _, c := range cs {
		if c.Status != StatusFailedBoth {
			continue
		}
		i := slices.IndexFunc(c.Problems, func(p Problem) bool { return p.Status == StatusFailedBoth && setupCodes[p.Code] != "" })
		if i < 0 {
			continue
		}
		p := c.Problems[i]
		if byCode[p.Code] == 0 {
			first = append(first, p)
		}
		byCode[p.Code]++
		n++
	}
	if len(cs) == 0 || 2*n <= len(cs) {
		return nil
	}
	top := first[0]
	for _, p := range first[1:] {
		if byCode[p.Code] > byCode[top.Code] {
			top = p
		}
	}
	return &SetupFailure{Classes: n, Ran: len(cs), Code: top.Code, Message: top.Message, Fix: setupCodes[top.Code]}
}
