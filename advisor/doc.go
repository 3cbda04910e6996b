// Package advisor runs upgrade-advisor's one-server jobs and compare:
// audit, inspect and bench on a server or a sandbox, what-if, the offline
// check of saved files, compare and fleet (--hosts). Each job reads top to
// bottom: it opens the server it uses (package advisor/server), measures
// there (bench, through the server's life cycle), asks the rules
// (advisor/job's snapshot, package rules) and builds its report
// (jobreport.go); package advisor/report renders it. Check and rehearse
// are jobs of their own packages (advisor/check, advisor/rehearse); check
// runs this package's settings rules on saved files (RunCheck) first.
//
// The command line imports the job packages and the report only: what it
// names of the jobs' parts (option types, defaults shown in --help, the
// servers and sandbox commands' operations) is named here
// (commandline.go, servers.go). ValidateJob holds the rules between the
// options of audit, inspect and bench.
package advisor
