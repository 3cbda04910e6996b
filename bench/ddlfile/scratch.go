package ddlfile

import "github.com/upgrade-advisor/upgrade-advisor/sqlfile"

// ScratchTableStatement returns why one statement may not run in the
// calibration's scratch schema, or "" when it may: exactly one CREATE
// TABLE, CREATE INDEX, ALTER TABLE or DROP TABLE on unqualified names, the
// same on every server and sql_mode that may read it. It is the rule
// --ddl-file applies to each statement of a file, without the file's own
// checks (tables created earlier); the live server's last guard asks it of
// every table statement before it is sent.
func ScratchTableStatement(sql string) string {
	toks, conds := sqlfile.LexStatement(sql, 1)
	if len(toks) == 0 {
		return "empty statement"
	}
	st := newRawStatement(sql, toks, conds)
	if reason := st.lexicalProblem(); reason != "" {
		return reason
	}
	for _, t := range toks {
		if sqlfile.IsPunct(t, ";") {
			return "more than one statement in one text"
		}
	}
	v, reason := classifyRun(st)
	switch {
	case reason != "":
		return reason
	case v.action == actRun, v.action == actIgnore && v.kind == kindDropTable:
		return ""
	}
	return sqlfile.Describe(sqlfile.Significant(toks, func(int) bool { return true })) + " is not table DDL"
}
