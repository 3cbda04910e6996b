package querylog

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// DefaultSamples is how many sample statements a class keeps by default.
const DefaultSamples = 3

// maxSchemas bounds the schemas a class lists.
const maxSchemas = 16

// Class is the statements of one fingerprint.
type Class struct {
	Fingerprint string
	Kind        string        // the fingerprint's first word: select, insert, set, with, ...
	Count       int           // executions
	Total, Max  time.Duration // from the log; zero when the source has no times
	Timed       bool          // whether the source gave times
	First, Last time.Time     // zero when the source has no times of day
	Schemas     []string      // the distinct schemas it ran in (at most 16), "" for none
	Samples     []Statement   // a few, distinct texts, the class's slowest among them
}

// Digest groups statements into classes.
type Digest struct {
	samples    int
	byPrint    map[string]*Class
	statements int
	skipped    Skipped
	fp         fingerprinter
}

// NewDigest returns an empty Digest that keeps up to samples samples per
// class (DefaultSamples when samples < 1).
func NewDigest(samples int) *Digest {
	if samples < 1 {
		samples = DefaultSamples
	}
	return &Digest{samples: samples, byPrint: map[string]*Class{}}
}

// Add puts one statement into its class; the tool's own tagged statements
// and empty ones are counted as skipped instead.
func (d *Digest) Add(st Statement) {
	if isTagged(st.Text) {
		d.skipped.Tagged++
		return
	}
	print := d.fp.fingerprint(st.Text)
	if print == "" {
		d.skipped.Empty++
		return
	}
	c := d.byPrint[print]
	if c == nil {
		c = &Class{Fingerprint: print, Kind: kindOf(print)}
		d.byPrint[print] = c
	}
	d.statements += max(st.Count, 1)
	c.add(st, d.samples)
}

// skip counts what a reader set aside.
func (d *Digest) skip(s Skipped) { d.skipped.add(s) }

// isTagged reports a statement upgrade-advisor sent itself: its tag
// starts every statement the tool sends, and stands inside a few (a
// SELECT /* upgrade-advisor */ ...); an application has no reason to write it.
func isTagged(text string) bool {
	return strings.Contains(text, tagComment)
}

// tagComment is stmt.Tag without its trailing space.
var tagComment = strings.TrimSpace(stmt.Tag)

// kindOf is the first word of a fingerprint.
func kindOf(print string) string {
	print = strings.TrimLeft(print, "(")
	if i := strings.IndexAny(print, " (;"); i >= 0 {
		return print[:i]
	}
	return print
}

func (c *Class) add(st Statement, samples int) {
	n := max(st.Count, 1)
	c.Count += n
	slowest := st.MaxDuration
	if slowest == 0 && n == 1 {
		slowest = st.Duration
	}
	if st.Timed {
		c.Timed = true
		c.Total += st.Duration
		c.Max = max(c.Max, slowest)
	}
	first := st.FirstSeen
	if first.IsZero() {
		first = st.Time
	}
	if !first.IsZero() && (c.First.IsZero() || first.Before(c.First)) {
		c.First = first
	}
	if st.Time.After(c.Last) {
		c.Last = st.Time
	}
	if len(c.Schemas) < maxSchemas && !slices.Contains(c.Schemas, st.Schema) {
		c.Schemas = append(c.Schemas, st.Schema)
	}
	c.sample(st, samples, slowest)
}

// sample keeps st when its text is new and there is room, or in the last
// slot when it is slower than the sample there: the first statements seen
// and the slowest.
func (c *Class) sample(st Statement, samples int, slowest time.Duration) {
	for _, s := range c.Samples {
		if s.Text == st.Text && s.Schema == st.Schema {
			return
		}
	}
	st.Text = strings.Clone(st.Text) // never pin a reader's buffer
	if len(c.Samples) < samples {
		c.Samples = append(c.Samples, st)
		return
	}
	last := &c.Samples[len(c.Samples)-1]
	if slowest > sampleTime(*last) {
		*last = st
	}
}

func sampleTime(s Statement) time.Duration {
	if s.MaxDuration > 0 {
		return s.MaxDuration
	}
	return s.Duration
}

// Classes returns the classes heaviest first: by total time, then count,
// then fingerprint.
func (d *Digest) Classes() []*Class {
	out := make([]*Class, 0, len(d.byPrint))
	for _, c := range d.byPrint {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Class) int {
		if c := cmp.Compare(b.Total, a.Total); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Fingerprint, b.Fingerprint)
	})
	return out
}
