package rules

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// The knowledge base: what each server variable defaults to, when it was
// added, deprecated and removed, per vendor line (MySQL and Percona Server
// share one line, MariaDB has its own). The data lives in kb_data.go; this
// file holds the types and the lookups.
//
// Coverage: MySQL 5.5 to 9.7 and MariaDB 10.5 to 11.8. Outside those ranges
// defaults and lifecycle answers are Unknown, except that a removal at or
// before the asked version is still reported (removals are permanent).
//
// Versions with patch 0 stand for their whole series at its newest release:
// a --target of "5.6" (parsed as 5.6.0) means "MySQL 5.6 as shipped today",
// so a default that changed in 5.6.6 counts as changed. A real patch level
// (5.6.5) is honoured exactly.

// Source names the reference a fact comes from. The keys are those of
// shared/reference/variable-defaults.md.
type Source string

// Sources of the knowledge base.
const (
	SrcSHJ  Source = "SHJ"  // MySQL Shell upgrade checker, res/upgrade_checker/sysvars.json
	SrcSH80 Source = "SH80" // MySQL Shell 8.0.40 upgrade_check.cc
	SrcD56  Source = "D56"  // MySQL 5.6 manual, Changes to Server Defaults
	SrcN57  Source = "N57"  // MySQL 5.7.7 release notes
	SrcD80  Source = "D80"  // New Defaults in MySQL 8.0
	SrcN84  Source = "N84"  // MySQL 8.4 manual, What Is New since 8.0
	SrcDS   Source = "DS"   // MySQL manual, innodb-dedicated-server
	SrcP57  Source = "P57"  // MySQL 5.7 manual, innodb-persistent-stats
	SrcPB   Source = "PB"   // Percona blog, 5.5 vs 5.6 default values
	SrcMI   Source = "MI"   // MariaDB docs, InnoDB system variables
	SrcMS   Source = "MS"   // MariaDB docs, server system variables
	SrcMR   Source = "MR"   // MariaDB docs, replication system variables
	SrcMP   Source = "MP"   // MariaDB docs, Performance Schema system variables
	SrcN56  Source = "N56"  // MySQL 5.6.6 / 5.6.7 release notes
	SrcN80  Source = "N80"  // MySQL 8.0 release notes (dev.mysql.com/doc/relnotes/mysql/8.0/en/)
	SrcN84R Source = "N84R" // MySQL 8.4 manual, native-pluggable-authentication.html (mysql_native_password not loaded by default)
	SrcN90  Source = "N90"  // MySQL 9.0 release notes: mysql_native_password plugin removed
	SrcMRN  Source = "MRN"  // MariaDB release notes and MDEV tickets named in the comment
	SrcMSRC Source = "MSRC" // MariaDB server source: storage/innobase/handler/ha_innodb.cc / sql/sys_vars.cc at the tag named in the comment
	// SrcBin marks a fact observed on a real binary started with
	// --no-defaults (MariaDB 10.11.19, MariaDB 11.8.9, MySQL 9.7.4); the
	// comment names which. rules/kb_binaries_test.go re-checks these.
	SrcBin Source = "BIN"
)

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
	At  Version
	Src Source
}

// IsZero reports whether the event did not happen.
func (m Mark) IsZero() bool { return m.At.IsZero() }

// Default is a compiled-in default in effect from From (inclusive) until the
// next entry of the same Line.
type Default struct {
	From  Version
	Value string
	Src   Source
	// Computed marks a default the server computes at start-up (from the
	// buffer pool size, the CPU count...); Value then describes the rule.
	Computed bool
}

// SourceURL gives where a source key can be read.
var SourceURL = map[Source]string{
	SrcSHJ:  "https://github.com/mysql/mysql-shell/blob/master/res/upgrade_checker/sysvars.json",
	SrcSH80: "https://github.com/mysql/mysql-shell/blob/8.0.40/modules/util/upgrade_check.cc",
	SrcD56:  "https://dev.mysql.com/doc/refman/5.6/en/server-default-changes.html",
	SrcN57:  "https://dev.mysql.com/doc/relnotes/mysql/5.7/en/news-5-7-7.html",
	SrcD80:  "https://dev.mysql.com/blog-archive/new-defaults-in-mysql-8-0/",
	SrcN84:  "https://dev.mysql.com/doc/refman/8.4/en/mysql-nutshell.html",
	SrcDS:   "https://dev.mysql.com/doc/refman/8.4/en/innodb-dedicated-server.html",
	SrcP57:  "https://dev.mysql.com/doc/refman/5.7/en/innodb-persistent-stats.html",
	SrcPB:   "https://www.percona.com/blog/mysql-5-5-and-mysql-5-6-default-variable-values-differences/",
	SrcMI:   "https://mariadb.com/kb/en/innodb-system-variables/",
	SrcMS:   "https://mariadb.com/kb/en/server-system-variables/",
	SrcMR:   "https://mariadb.com/kb/en/replication-and-binary-log-system-variables/",
	SrcMP:   "https://mariadb.com/kb/en/performance-schema-system-variables/",
	SrcN56:  "https://dev.mysql.com/doc/relnotes/mysql/5.6/en/news-5-6-7.html",
	SrcN80:  "https://dev.mysql.com/doc/relnotes/mysql/8.0/en/",
	SrcN84R: "https://dev.mysql.com/doc/refman/8.4/en/native-pluggable-authentication.html",
	SrcN90:  "https://dev.mysql.com/doc/relnotes/mysql/9.0/en/news-9-0-0.html",
	SrcMRN:  "https://mariadb.com/kb/en/release-notes/",
	SrcMSRC: "https://github.com/MariaDB/server",
	SrcBin:  "rules/kb_binaries_test.go",
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

// VarFact is everything the knowledge base knows about one variable.
type VarFact struct {
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
	// MySQL covers Oracle MySQL and Percona Server; nil means the knowledge
	// base has no facts for that vendor line (answers are Unknown).
	MySQL, MariaDB *Line
}

// State is where a variable stands in a given server version.
type State int

// States of a variable's lifecycle.
const (
	StateUnknown    State = iota // the knowledge base cannot say
	StatePresent                 // exists and is not deprecated
	StateDeprecated              // exists, deprecated
	StateRemoved                 // existed and was removed
	StateAbsent                  // does not exist: not yet added, or never on this vendor line
	StateIgnored                 // removed, but still accepted in option files and ignored with a warning
)

// String names the state: present, deprecated, removed, absent or unknown.
func (s State) String() string {
	switch s {
	case StatePresent:
		return "present"
	case StateDeprecated:
		return "deprecated"
	case StateRemoved:
		return "removed"
	case StateAbsent:
		return "absent"
	case StateIgnored:
		return "ignored"
	}
	return "unknown"
}

// Lifecycle is a variable's state in one server version.
type Lifecycle struct {
	State State
	// Since is when the state began: the version that added (Present),
	// deprecated or removed the variable; for Absent the version that will
	// add it, zero when the vendor line never has it.
	Since       Version
	Replacement string
	Source      Source
}

// Exists reports whether the variable exists (present or deprecated).
func (l Lifecycle) Exists() bool { return l.State == StatePresent || l.State == StateDeprecated }

// latestPatch stands for "the newest release of a series".
const latestPatch = math.MaxInt32

// effectiveVersion reads patch 0 as the newest release of the series.
func effectiveVersion(v Version) Version {
	if v.Patch == 0 {
		v.Patch = latestPatch
	}
	return v
}

// The series the knowledge base covers, per vendor line.
var (
	oldestMySQL   = V(5, 5, 0)
	newestMySQL   = V(9, 7, latestPatch)
	oldestMariaDB = V(10, 5, 0)
	newestMariaDB = V(11, 8, latestPatch)
)

// KnowledgeCoverage names the versions the knowledge base has facts for.
const KnowledgeCoverage = "MySQL and Percona Server 5.5-9.7, MariaDB 10.5-11.8"

// Release series the knowledge base covers, per vendor line: a version of
// another series (MySQL 8.5, MariaDB 10.13) does not exist or is unknown.
var (
	mysqlSeries = []string{"5.5", "5.6", "5.7", "8.0", "8.1", "8.2", "8.3", "8.4",
		"9.0", "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7"}
	mariadbSeries = []string{"10.5", "10.6", "10.7", "10.8", "10.9", "10.10", "10.11",
		"11.0", "11.1", "11.2", "11.3", "11.4", "11.5", "11.6", "11.7", "11.8"}
)

// covered reports whether the knowledge base covers fl's version.
func covered(fl Flavor, v Version) bool {
	switch {
	case fl.IsMySQLFamily():
		return v.Compare(oldestMySQL) >= 0 && v.Compare(newestMySQL) <= 0 && knownSeries(mysqlSeries, v)
	case fl.IsMariaDB():
		return v.Compare(oldestMariaDB) >= 0 && v.Compare(newestMariaDB) <= 0 && knownSeries(mariadbSeries, v)
	}
	return false
}

func knownSeries(series []string, v Version) bool {
	for _, s := range series {
		if s == v.Series() {
			return true
		}
	}
	return false
}

// Covers reports whether the knowledge base has facts for fl's version (a
// bare series such as 8.0 stands for its newest release).
func Covers(fl Flavor) bool { return covered(fl, effectiveVersion(fl.Version)) }

// line returns the history for fl's vendor line, or nil when unknown.
func (f VarFact) line(fl Flavor) *Line {
	switch {
	case fl.IsMySQLFamily():
		return f.MySQL
	case fl.IsMariaDB():
		return f.MariaDB
	}
	return nil
}

// StatusIn tells whether the variable exists in the server fl (Percona counts
// as MySQL), with the version of the change and the replacement.
func (f VarFact) StatusIn(fl Flavor) Lifecycle {
	l := f.line(fl)
	if l == nil {
		return Lifecycle{}
	}
	if l.CompatNoOp {
		return Lifecycle{State: StateIgnored, Source: SrcBin}
	}
	if l.Never {
		return Lifecycle{State: StateAbsent}
	}
	v := effectiveVersion(fl.Version)
	if !l.Removed.IsZero() && v.Compare(l.Removed.At) >= 0 {
		return Lifecycle{State: StateRemoved, Since: l.Removed.At, Replacement: l.Replacement, Source: l.Removed.Src}
	}
	if !l.Ignored.IsZero() && v.Compare(l.Ignored.At) >= 0 {
		return Lifecycle{State: StateIgnored, Since: l.Ignored.At, Replacement: l.Replacement, Source: l.Ignored.Src}
	}
	if !covered(fl, v) {
		return Lifecycle{}
	}
	if !l.Added.IsZero() && v.Compare(l.Added.At) < 0 {
		return Lifecycle{State: StateAbsent, Since: l.Added.At, Source: l.Added.Src}
	}
	if !l.Deprecated.IsZero() && v.Compare(l.Deprecated.At) >= 0 {
		return Lifecycle{State: StateDeprecated, Since: l.Deprecated.At, Replacement: l.Replacement, Source: l.Deprecated.Src}
	}
	return Lifecycle{State: StatePresent, Since: l.Added.At, Source: l.Added.Src}
}

// DefaultEntry returns the default in effect in fl, computed ones included,
// and false when the variable does not exist there or the default is unknown.
func (f VarFact) DefaultEntry(fl Flavor) (Default, bool) {
	if !f.StatusIn(fl).Exists() {
		return Default{}, false
	}
	l := f.line(fl)
	v := effectiveVersion(fl.Version)
	var found *Default
	for i := range l.Defaults {
		if v.Compare(l.Defaults[i].From) >= 0 {
			found = &l.Defaults[i]
		}
	}
	if found == nil {
		return Default{}, false
	}
	return *found, true
}

// DefaultFor returns the compiled-in default in fl as a literal value. It
// returns false when the variable does not exist in fl, when the knowledge
// base does not know the default, or when the server computes it at start-up.
func (f VarFact) DefaultFor(fl Flavor) (string, bool) {
	d, ok := f.DefaultEntry(fl)
	if !ok || d.Computed {
		return "", false
	}
	return d.Value, true
}

// RejectedValues returns the keywords of value that fl no longer accepts
// (e.g. NO_AUTO_CREATE_USER in a MySQL 8.0 sql_mode), with the version that
// removed each, in the order they appear in value.
func (f VarFact) RejectedValues(fl Flavor, value string) []ValueRemoval {
	l := f.line(fl)
	if l == nil || len(l.RemovedValues) == 0 {
		return nil
	}
	v := effectiveVersion(fl.Version)
	var out []ValueRemoval
	for _, word := range splitKeywords(value) {
		for _, r := range l.RemovedValues {
			if strings.EqualFold(word, r.Value) && v.Compare(r.Removed.At) >= 0 {
				out = append(out, r)
			}
		}
	}
	return out
}

// WithoutValues returns value with the given keywords removed, keeping the
// order and spelling of the rest.
func WithoutValues(value string, drop []ValueRemoval) string {
	var kept []string
	for _, word := range splitKeywords(value) {
		rejected := false
		for _, r := range drop {
			rejected = rejected || strings.EqualFold(word, r.Value)
		}
		if !rejected {
			kept = append(kept, word)
		}
	}
	return strings.Join(kept, ",")
}

// ReplacementValue converts a value of this variable into the equivalent
// value of its replacement; false when there is no faithful conversion.
func (f VarFact) ReplacementValue(value string) (string, bool) {
	if f.Convert == nil {
		return unquote(value), true
	}
	return f.Convert(unquote(value))
}

// kbIndex maps normalised names to knowledge-base entries.
var kbIndex = indexKnowledgeBase(knowledgeBase)

func indexKnowledgeBase(facts []VarFact) map[string]*VarFact {
	idx := make(map[string]*VarFact, len(facts))
	for i := range facts {
		idx[normalizeVarName(facts[i].Name)] = &facts[i]
	}
	return idx
}

// normalizeVarName lower-cases a name and writes '-' as '_', as option files
// allow both.
func normalizeVarName(name string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
}

// LookupVar returns the knowledge-base entry for a variable; the name may use
// '-' or '_' and any case. The returned value shares its slices with the
// knowledge base: do not modify them.
func LookupVar(name string) (VarFact, bool) {
	f, ok := kbIndex[normalizeVarName(name)]
	if !ok {
		return VarFact{}, false
	}
	return *f, true
}

// KnownVariables returns the names of all variables in the knowledge base,
// sorted.
func KnownVariables() []string {
	names := make([]string, 0, len(kbIndex))
	for n := range kbIndex {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NormalizeValue returns a canonical spelling of a variable's value so that
// equal settings compare equal: booleans become ON/OFF (on, 1, true, yes are
// ON), numbers lose their size suffix (1G, 1024M and 1073741824 are all
// 1073741824), enums are upper-cased, sets are upper-cased and sorted, and
// surrounding quotes and spaces are dropped. Variables unknown to the
// knowledge base get numbers canonicalised and everything else upper-cased.
func NormalizeValue(name, value string) string {
	v := unquote(value)
	f, ok := kbIndex[normalizeVarName(name)]
	if !ok {
		if n, ok := canonicalNumber(v); ok {
			return n
		}
		return strings.ToUpper(v)
	}
	n := normalizeByKind(f.Kind, v)
	if canon, ok := f.Synonyms[n]; ok {
		return canon
	}
	return n
}

// SameValue reports whether two values of a variable mean the same setting.
func SameValue(name, a, b string) bool {
	return NormalizeValue(name, a) == NormalizeValue(name, b)
}

func normalizeByKind(k ValueKind, v string) string {
	switch k {
	case KindBool:
		return normalizeBool(v)
	case KindNumber:
		if n, ok := canonicalNumber(v); ok {
			return n
		}
		return strings.ToUpper(v)
	case KindEnum:
		return strings.ToUpper(v)
	case KindSet:
		return normalizeSet(v)
	}
	return v
}

// normalizeBool maps MySQL's boolean spellings to ON/OFF; other words (such
// as event_scheduler's DISABLED) are upper-cased.
func normalizeBool(v string) string {
	switch u := strings.ToUpper(v); u {
	case "ON", "1", "TRUE", "YES":
		return "ON"
	case "OFF", "0", "FALSE", "NO":
		return "OFF"
	default:
		return u
	}
}

// normalizeSet upper-cases, de-duplicates and sorts a keyword list.
func normalizeSet(v string) string {
	seen := map[string]bool{}
	var words []string
	for _, w := range splitKeywords(v) {
		u := strings.ToUpper(w)
		if !seen[u] {
			seen[u] = true
			words = append(words, u)
		}
	}
	sort.Strings(words)
	return strings.Join(words, ",")
}

// splitKeywords splits a set value on commas and spaces.
func splitKeywords(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}

// sizeSuffixes are the multipliers MySQL accepts after a number.
var sizeSuffixes = map[byte]int64{'K': 1 << 10, 'M': 1 << 20, 'G': 1 << 30, 'T': 1 << 40, 'P': 1 << 50, 'E': 1 << 60}

// canonicalNumber spells a number the way NormalizeValue compares it:
// integers (size suffixes expanded) in decimal, and decimals such as
// SHOW VARIABLES' "0.000000" or "90.000000" without trailing zeros, so that
// 0.000000 equals 0 and 0.900000 equals .9.
func canonicalNumber(v string) (string, bool) {
	if n, ok := parseNumber(v); ok {
		return strconv.FormatInt(n, 10), true
	}
	if !decimalNumber.MatchString(v) {
		return "", false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return "", false
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.FormatInt(int64(f), 10), true
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// decimalNumber matches a plain decimal such as 0.000000, -1.5 or .9.
var decimalNumber = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)$`)

// parseNumber reads an integer with an optional K/M/G/T/P/E suffix (any case).
func parseNumber(v string) (int64, bool) {
	if v == "" {
		return 0, false
	}
	mult := int64(1)
	if m, ok := sizeSuffixes[strings.ToUpper(v[len(v)-1:])[0]]; ok {
		mult, v = m, v[:len(v)-1]
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || (n != 0 && (n*mult)/n != mult) {
		return 0, false
	}
	return n * mult, true
}

// unquote trims spaces and one pair of matching surrounding quotes.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		v = strings.TrimSpace(v[1 : len(v)-1])
	}
	return v
}

// NotAnOption reports whether the variable exists in fl as a system
// variable but cannot be given in an option file (fl's server refuses it
// at start-up).
func NotAnOption(f VarFact, fl Flavor) bool {
	l := f.line(fl)
	return l != nil && l.NotOption
}
