package report

import "strings"

// myCnf writes every my.cnf text of the reports: the audit's snippet
// (MyCnfSnippet) and rehearse's my.cnf for the target (RehearseMyCnf).
// It writes the [mysqld] section, the header as comment lines, then blocks
// separated by a blank line. A block's lines are comments ("# ..."),
// settings ("name = value") and settings commented out ("# name = value",
// optionally followed by three spaces and a note); each block is named by
// what it came from (a finding, a carried-over option, ...).
//
// One de-duplication rule, by option name, so that no block silently
// re-sets an option an earlier block set:
//   - the first active line of an option sets it; a later active line of
//     the same option is written commented out, with a note naming the
//     block that set it: "# name = value   # already set above (from)";
//   - a block that would change nothing is left out: each of its settings
//     repeats one written above (an active line of an option already set
//     to that value, or a commented-out line of an option and value
//     already written, active or not). A block of comments only is always
//     written.
//
// An option whose value is a set of independent flags that different
// blocks add (flagOptions: wsrep_mode, which replaces several older
// options) is the exception: a later active line's flags are joined into
// the line that set it, and the later line is written commented out with
// a note, so the one active line holds every flag (in an option file a
// second line would replace the first).
type myCnf struct {
	lines  []string
	set    map[string]setBy // option -> the active line that set it
	seen   map[string]bool  // "name = value" of every setting written
	blocks int              // blocks written
}

// setBy is the value an active line gave an option, its block, and its
// index in lines.
type setBy struct {
	value, from string
	line        int
}

// flagOptions are the options whose later lines join their flags into the
// first (see myCnf).
var flagOptions = map[string]bool{"wsrep_mode": true}

// newMyCnf starts a my.cnf with its [mysqld] section and header comments.
func newMyCnf(header ...string) *myCnf {
	m := &myCnf{set: map[string]setBy{}, seen: map[string]bool{}}
	m.lines = append(m.lines, "[mysqld]")
	m.comment(header...)
	return m
}

// comment writes comment lines with no blank line before them.
func (m *myCnf) comment(lines ...string) {
	for _, l := range lines {
		m.lines = append(m.lines, "# "+l)
	}
}

// join adds the flags of s to the active line that set its option.
func (m *myCnf) join(by setBy, s setting) setBy {
	var flags []string
	have := map[string]bool{}
	for _, f := range strings.Split(by.value+","+s.value, ",") {
		if f = strings.TrimSpace(f); f != "" && !have[strings.ToUpper(f)] {
			have[strings.ToUpper(f)] = true
			flags = append(flags, f)
		}
	}
	by.value = strings.Join(flags, ",")
	m.lines[by.line] = s.name + " = " + by.value
	return by
}

// block writes a block of lines that came from from, unless it would
// change nothing.
func (m *myCnf) block(from string, lines ...string) {
	if len(lines) == 0 || !m.changes(lines) {
		return
	}
	m.lines = append(m.lines, "")
	for _, l := range lines {
		if s, ok := settingOf(l); ok {
			by, set := m.set[s.name]
			switch {
			case set && s.active && flagOptions[s.name]:
				m.set[s.name] = m.join(by, s)
				l = "# " + l + "   # joined into the " + s.name + " line above (" + by.from + ")"
			case set && s.active:
				l = "# " + l + "   # already set above (" + by.from + ")"
			case s.active:
				m.set[s.name] = setBy{value: s.value, from: from, line: len(m.lines)}
			}
			m.seen[s.key()] = true
		}
		m.lines = append(m.lines, l)
	}
	m.blocks++
}

// changes reports whether a block has a setting that does not repeat one
// written above, or has comments only.
func (m *myCnf) changes(lines []string) bool {
	settings := 0
	for _, l := range lines {
		s, ok := settingOf(l)
		if !ok {
			continue
		}
		settings++
		if by, set := m.set[s.name]; s.active && (!set || by.value != s.value) || !s.active && !m.seen[s.key()] {
			return true
		}
	}
	return settings == 0
}

// findingBlocks writes the my.cnf lines of the findings that keep: the
// findings' recommendations are the one source of what a my.cnf pins,
// for the audit's snippet and rehearse's my.cnf alike.
func findingBlocks(m *myCnf, fs []FindingInfo, keep func(FindingInfo) bool) {
	for _, f := range fs {
		if keep(f) {
			m.block("finding "+f.ID, f.Recommendation.MyCnf...)
		}
	}
}

func (m *myCnf) String() string { return strings.Join(m.lines, "\n") + "\n" }

// setting is a my.cnf line that sets an option, or would if uncommented.
type setting struct {
	name, value string
	active      bool
}

func (s setting) key() string { return s.name + " = " + s.value }

// settingOf reads a setting line: any line that is not a comment is an
// active setting ("name = value", or "name" alone); "# name = value",
// with an optional note after three spaces, is one commented out. Any
// other comment is not a setting: it has no " = ", or its text before
// " = " is not an option name (it has spaces or a colon).
func settingOf(line string) (setting, bool) {
	t := strings.TrimSpace(line)
	body, commented := strings.CutPrefix(t, "#")
	if commented {
		body = strings.TrimSpace(body)
	}
	name, value, ok := strings.Cut(body, " = ")
	if !commented {
		if !ok {
			name = body
		}
		return setting{name: name, value: strings.TrimSpace(value), active: true}, name != ""
	}
	if !ok || name == "" || strings.ContainsAny(name, " :") {
		return setting{}, false
	}
	value, _, _ = strings.Cut(value, "   ")
	return setting{name: name, value: strings.TrimSpace(value)}, true
}

// MyCnfSnippet collects the findings' my.cnf blocks under [mysqld], worst
// finding first, each block named by its finding; the my.cnf writer leaves
// out a block that repeats what earlier ones set and comments out a line
// that would re-set an option.
func MyCnfSnippet(header []string, fs []FindingInfo) string {
	m := newMyCnf(header...)
	findingBlocks(m, fs, func(FindingInfo) bool { return true })
	if m.blocks == 0 {
		m.comment("no changes recommended")
	}
	return m.String()
}
