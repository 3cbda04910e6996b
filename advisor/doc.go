// Package advisor runs upgrade-advisor's one-server jobs and compare:
// audit, inspect and bench on a server or a sandbox, what-if, the offline
// check of saved files, compare and fleet (--hosts). Each job reads top to
// bottom: it opens the server it uses (package advisor/server), measures
// there (bench, through the server's life cycle), asks the rules
// (advisor/job's snapshot, package rules) and builds its report
// (jobreport.go); package advisor/report renders it. Rehearse and the
// schema check are jobs of their own packages (advisor/rehearse,
// advisor/schemacheck).
package advisor
