package sqlfile

import "strings"

// forgetter says what a dump reader does not keep of a file read piece by
// piece (ReadGrouped): the texts of the objects and rows of the schemas
// that are not loaded (or, on the reading that only groups the schemas,
// of every one). The names and session settings it keeps are interned
// (one copy shared by every object that has them), so that an object whose
// texts are forgotten keeps nothing of its statement's text.
type forgetter struct {
	all      bool            // every text (the reading that groups the schemas)
	drop     map[string]bool // the schemas not loaded, lower case
	strs     map[string]string
	sessions map[string][]Setting
}

func newForgetter(all bool, drop map[string]bool) *forgetter {
	return &forgetter{all: all, drop: drop, strs: map[string]string{}, sessions: map[string][]Setting{}}
}

// forgets reports whether the texts of schema's objects and rows are
// forgotten.
func (f *forgetter) forgets(schema string) bool { return f.all || f.drop[strings.ToLower(schema)] }

// object is o as the reader keeps it.
func (f *forgetter) object(o Object) Object {
	o.Schema, o.Name, o.Table = f.str(o.Schema), f.str(o.Name), f.str(o.Table)
	o.Session = f.session(o.Session)
	if f.forgets(o.Schema) {
		o.SQL, o.Alters = "", nil
	}
	return o
}

// str is s, or the same text kept earlier.
func (f *forgetter) str(s string) string {
	if s == "" {
		return s
	}
	if k, ok := f.strs[s]; ok {
		return k
	}
	k := strings.Clone(s)
	f.strs[k] = k
	return k
}

// session is the settings, shared with every object that has the same.
func (f *forgetter) session(set []Setting) []Setting {
	if len(set) == 0 {
		return set
	}
	var b strings.Builder
	for _, s := range set {
		b.WriteString(s.Name)
		b.WriteByte(0)
		b.WriteString(s.Value)
		b.WriteByte(0)
	}
	if k, ok := f.sessions[b.String()]; ok {
		return k
	}
	k := make([]Setting, len(set))
	for i, s := range set {
		k[i] = Setting{Name: f.str(s.Name), Value: f.str(s.Value)}
	}
	f.sessions[b.String()] = k
	return k
}
