package knowledge

import "github.com/upgrade-advisor/upgrade-advisor/rules/flavor"

// ValueKind tells NormalizeValue how values of a variable compare.
type ValueKind int

// Kinds of values.
const (
	KindString ValueKind = iota // compared exactly after trimming and unquoting
	KindBool                    // ON/OFF, 1/0, TRUE/FALSE, YES/NO
	KindNumber                  // integers, with an optional K/M/G/T/P/E suffix
	KindEnum                    // one keyword, case-insensitive
	KindSet                     // comma-separated keywords, order- and case-insensitive
)

// Mark is a dated fact about a variable: the version it happened in and the
// source that says so. A zero At means the event did not happen (or, for
// Added, that the variable predates the covered versions).
type Mark struct {
	At  flavor.Version
	Src Source
}

// IsZero reports whether the event did not happen.
func (m Mark) IsZero() bool { return m.At.IsZero() }

// Default is a compiled-in default in effect from From (inclusive) until the
// next entry of the same Line.
type Default struct {
	From  flavor.Version
	Value string
	Src   Source
	// Computed marks a default the server computes at start-up (from the
	// buffer pool size, the CPU count...); Value then describes the rule.
	Computed bool
}

// ValueRemoval records a value (a keyword of a set or enum) that a vendor
// line stopped accepting, such as sql_mode NO_AUTO_CREATE_USER in MySQL 8.0.
type ValueRemoval struct {
	Value   string
	Removed Mark
}

// Line is the history of one variable on one vendor line.
type Line struct {
	// Never means the vendor line has never had the variable.
	Never                      bool
	Added, Deprecated, Removed Mark
	// Ignored is when the option stopped doing anything while the server
	// still accepts it in an option file, with a warning ("was removed. It
	// does nothing now"), as MariaDB does for most InnoDB options it drops.
	// Removed, when also set, is when the server started refusing it.
	Ignored Mark
	// NotOption marks a system variable that can be set with SET but not in
	// an option file or on the command line: the server refuses to start
	// with it in my.cnf (MariaDB's tx_isolation, which is transaction-isolation
	// there).
	NotOption bool
	// OptionName is the option to write instead when NotOption is set.
	OptionName string
	// CompatNoOp marks an option of the other vendor that this line has
	// never had as a variable but accepts and ignores with a warning
	// (MariaDB: "'X' is MySQL 5.6 / 5.7 compatible option. Not used or
	// needed in MariaDB").
	CompatNoOp bool
	// Replacement is the variable to use instead, when there is one.
	Replacement   string
	Defaults      []Default // sorted by From
	RemovedValues []ValueRemoval
}

// Fact is everything the knowledge base knows about one variable.
type Fact struct {
	Name    string
	Kind    ValueKind
	Dynamic bool // settable with SET GLOBAL in the newest covered versions
	// Effect says what the variable changes in the server's behaviour.
	Effect string
	// Tradeoff is the cost of pinning an older value, when worth saying.
	Tradeoff string
	// Implied is the behaviour before the variable existed, written as one
	// of its values ("" when there is no equivalent). It lets a variable that
	// a target adds with a different default count as a changed default.
	Implied string
	// Synonyms maps normalised spellings to one canonical spelling, e.g. an
	// empty innodb_flush_method to FSYNC.
	Synonyms map[string]string
	// Convert turns a value of this variable into a value of its
	// Replacement; nil means the value carries over unchanged.
	Convert func(string) (string, bool)
	// Keep gives the value that behaves on to as value behaved on from,
	// when the same value would not (a flag the target needs to keep an old
	// behaviour); nil means the value keeps its meaning. See KeepValue.
	Keep func(from, to flavor.Flavor, value string) string
	// MySQL covers Oracle MySQL and Percona Server; nil means the knowledge
	// base has no facts for that vendor line (answers are Unknown).
	MySQL, MariaDB *Line
}
