package queries

import "fmt"

// The statements run as each sandbox's application account
// (sandbox.AppUser): every right on the application's schemas and, beyond
// them, only the session-only rights its statements need. What a server
// refuses it for a right it lacks on purpose (SUPER, PROCESS, FILE, BINLOG
// ADMIN, REPLICATION SLAVE, rights on the mysql schema, ...) says nothing
// of the upgrade: the application's own account may hold that right. Such
// a refusal on one side is named as a limit of the rehearsal, never as a
// difference of the target.

// rightCodes are the servers' refusals for a missing right (the same
// codes on MySQL and MariaDB, include/mysqld_error.h).
var rightCodes = map[int]bool{
	1044: true, // ER_DBACCESS_DENIED_ERROR: no right on the schema
	1142: true, // ER_TABLEACCESS_DENIED_ERROR: no right on the table
	1143: true, // ER_COLUMNACCESS_DENIED_ERROR
	1227: true, // ER_SPECIFIC_ACCESS_DENIED_ERROR: a global right (it names the ones it wants)
	1370: true, // ER_PROCACCESS_DENIED_ERROR: no right on the routine
}

// isRightRefusal reports whether e is a refusal for a missing right.
func isRightRefusal(e *serverError) bool { return e != nil && rightCodes[e.Code] }

// rightRefused notes a statement that one server refused for a right the
// account lacks while the other ran it or refused it otherwise, and
// reports whether it did: then nothing of it is compared. The same refusal
// on both falls to the comparison of errors (it fails on both alike).
func rightRefused(c *sampleComparison, today, target *observation) bool {
	a, b := today.err, target.err
	ra, rb := isRightRefusal(a), isRightRefusal(b)
	if !ra && !rb || ra && rb && a.Code == b.Code {
		return false
	}
	if ra {
		return false // today's setup failed: compareErrors calls it failed on both (nothing was tested)
	}
	c.notef("the target refused it for a right the rehearsal's account lacks on purpose (error %s), where today it %s: "+
		"a limit of the rehearsal, not blamed on the target (the application's account there needs that right); not compared", b, outcomeText(a))
	c.add(Problem{Status: StatusFailedBoth, Aspect: "error", Code: b.Code, Message: b.Message,
		Today: outcomeText(a), Target: "error " + b.String(),
		Fix: "not tested: the rehearsal's account lacks this right on the target; grant it to the application's account there if the application needs the statement"})
	return true
}

// outcomeText says briefly what a statement did.
func outcomeText(e *serverError) string {
	if e == nil {
		return "runs"
	}
	return fmt.Sprintf("fails with %s", e)
}

// sessionRightRefused notes a SET of the logged session that the target
// refused for a right the account lacks, and reports whether it did: it is
// no difference of the target.
func sessionRightRefused(c *sampleComparison, e serverError) bool {
	if !isRightRefusal(&e) {
		return false
	}
	c.notef("the target refused a SET of the logged session for a right the rehearsal's account lacks on purpose (error %s): "+
		"a limit of the rehearsal, not blamed on the target", e)
	return true
}
