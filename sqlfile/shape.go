package sqlfile

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"strings"
)

// SchemaGroup is schemas of a file (or of a live server) with the same
// shape: the same statements for every object (names, columns, types,
// defaults, keys, options, bodies), each with the same session settings,
// once the schema's own name is set aside. What a server makes of one of
// them it makes of every other.
type SchemaGroup struct {
	// Schemas are the group's schemas in the order the file has them; the
	// first is the one a check loads.
	Schemas []string
	// Places are, per schema of Schemas, where its statements are: the
	// line of each statement in file order (a file), or its objects' names
	// in order (a live server, no lines). The i-th of one schema is the
	// same statement as the i-th of every other.
	Places [][]string
}

// section is what one schema of a dump is made of, read in order.
type section struct {
	name   string
	shape  hash.Hash
	places []string
	// alone is set for a schema that names another schema of the dump, or
	// that another names: a cross-schema reference it cannot share.
	alone bool
}

// GroupSchemas groups the schemas of d by shape, in the order the file
// first has them; a schema that names another schema of d, or that
// another names, is a group of its own. The statements that belong to no
// schema (stepSections) are in none.
func GroupSchemas(d *Dump) []SchemaGroup {
	return groupSections(d.sections())
}

// groupSections groups the sections by shape, in order; an alone section
// is a group of its own.
func groupSections(sections map[string]*section, order []string) []SchemaGroup {
	byShape := map[[sha256.Size]byte]int{}
	var groups []SchemaGroup
	for _, key := range order {
		s := sections[key]
		var sum [sha256.Size]byte
		copy(sum[:], s.shape.Sum(nil))
		if i, ok := byShape[sum]; ok && !s.alone {
			groups[i].Schemas = append(groups[i].Schemas, s.name)
			groups[i].Places = append(groups[i].Places, s.places)
			continue
		}
		if !s.alone {
			byShape[sum] = len(groups)
		}
		groups = append(groups, SchemaGroup{Schemas: []string{s.name}, Places: [][]string{s.places}})
	}
	return groups
}

// sections reads every schema's statements (a file's steps, or a live
// server's objects) into its shape, keyed by the lower-cased name, with
// the names in first-seen order.
func (d *Dump) sections() (map[string]*section, []string) {
	sc := d.sectioner()
	if d.Steps == nil {
		for _, s := range d.Schemas { // its CREATE DATABASE: the default character set and collation
			sc.statement(s.Name, StepScript, s.SQL, s.Name)
		}
		for _, o := range d.Objects {
			sc.object(o.Schema, o)
			sc.statement(o.Schema, StepCreate, o.SQL, o.Schema+"."+o.Name)
		}
		return sc.all, sc.order
	}
	for i, schema := range d.stepSections() {
		st := d.Steps[i]
		if schema == "" {
			continue
		}
		if st.Kind == StepCreate {
			sc.object(schema, d.Objects[st.Object])
		}
		sc.statement(schema, st.Kind, st.SQL, itoa(st.Line))
	}
	return sc.all, sc.order
}

// stepSections is, per step of d, the schema whose part of the file it is,
// or "" for a step of none. A CREATE DATABASE is its schema's, a USE the
// schema it moves to, any other statement the schema the last USE moved
// to (a definition or change of an object the file names by schema, that
// schema's); a session statement (SET) too when a statement of that schema other
// than a session one follows it before the next schema starts: schemas of
// the same shape set the session the same way, and each schema's SETs go
// with it when it is not loaded (a SET that counts, SET @n = @n + 1, would
// be counted once per loaded schema only). The others are no schema's: the
// statements before the first USE, the SETs that close a schema's part (a
// dump restores its settings after a schema's last definition, and after
// the last schema's for the whole file), what is set aside (never run).
func (d *Dump) stepSections() []string {
	out := make([]string, len(d.Steps))
	starts := make([]bool, len(d.Steps)) // a CREATE DATABASE or USE
	current := ""
	for i, st := range d.Steps {
		switch {
		case st.Schema != "":
			out[i], starts[i] = st.Schema, true
		case st.Kind == StepSetAside:
		case st.Kind == StepSession:
			if used, ok := usedSchema(st.SQL); ok {
				current, out[i], starts[i] = used, used, true
			} else {
				out[i] = current
			}
		case namedSchemaOf(st) != "":
			out[i] = namedSchemaOf(st) // CREATE TABLE s.t: s's, whichever schema is in use
		default:
			out[i] = current
		}
	}
	followed := false // a statement of the schema's own follows, before the next schema starts
	for i := len(d.Steps) - 1; i >= 0; i-- {
		st := d.Steps[i]
		switch {
		case starts[i]:
			followed = false
		case st.Kind == StepSession && !followed:
			out[i] = ""
		case st.Kind != StepSession && st.Kind != StepSetAside:
			followed = true
		}
	}
	return out
}

// namedSchemaOf is the schema a definition or change of an object names
// (CREATE TABLE s.t, ALTER TABLE s.t), or the schema in use where it is;
// "" for any other step, or before the file's first USE.
func namedSchemaOf(st Step) string {
	if st.Kind != StepCreate && st.Kind != StepAlter {
		return ""
	}
	parts := strings.Split(st.key, "\x00")
	if len(parts) != 3 {
		return ""
	}
	return parts[1]
}

// usedSchema is the schema a USE statement moves to.
func usedSchema(sql string) (string, bool) {
	toks, _ := LexStatement(sql, 1)
	toks = Significant(toks, func(int) bool { return true })
	if len(toks) == 2 && IsWord(toks[0], "USE") && IsName(toks[1]) {
		return NameOf(toks[1]), true
	}
	return "", false
}

// sectioner is a sectioner of d's schemas, none read yet.
func (d *Dump) sectioner() *sectioner {
	sc := &sectioner{all: map[string]*section{}, names: map[string]bool{}}
	for _, s := range d.Schemas {
		sc.names[strings.ToLower(s.Name)] = true
	}
	for _, o := range d.Objects {
		if o.Schema != "" {
			sc.names[strings.ToLower(o.Schema)] = true
		}
	}
	return sc
}

// sectioner builds the sections.
type sectioner struct {
	all   map[string]*section
	order []string
	names map[string]bool // every schema of the dump, lower case
	toks  []Token         // the last statement's tokens
	buf   []byte          // the statement's shape, before it is hashed
}

func (sc *sectioner) section(schema string) *section {
	key := strings.ToLower(schema)
	s := sc.all[key]
	if s == nil {
		s = &section{name: schema, shape: sha256.New()}
		sc.all[key] = s
		sc.order = append(sc.order, key)
	}
	return s
}

// object adds an object's kind and session settings to its schema's shape
// (its statement is added by statement).
func (sc *sectioner) object(schema string, o Object) {
	s := sc.section(schema)
	sc.write("object", string(o.Kind), o.Table)
	for _, set := range o.Session {
		sc.write(set.Name, set.Value)
	}
	sc.flush(s)
}

// statement adds one statement to its schema's shape, the schema's own
// name set aside; a name of another schema makes both alone. place is its
// line, or a live object's schema.name.
func (sc *sectioner) statement(schema string, kind StepKind, sql, place string) {
	s := sc.section(schema)
	s.places = append(s.places, place)
	own := strings.ToLower(schema)
	toks, _ := lexStatementInto(sc.toks, sql, 1)
	sc.toks = toks // the next statement's tokens reuse the array
	sc.write("statement", string(rune('0'+kind)))
	for _, t := range toks {
		text := t.text
		if IsName(t) {
			switch name := strings.ToLower(NameOf(t)); {
			case name == own:
				text = "\x00schema"
			case sc.names[name] && t.kind == TokIdent || sc.names[name] && !isKeywordLike(name):
				s.alone = true
				sc.section(name).alone = true
			}
		}
		sc.write(text)
	}
	sc.flush(s)
}

// write adds length-prefixed strings to the statement's shape.
func (sc *sectioner) write(parts ...string) {
	for _, p := range parts {
		sc.buf = binary.LittleEndian.AppendUint32(sc.buf, uint32(len(p)))
		sc.buf = append(sc.buf, p...)
	}
}

// flush adds the statement's shape to its schema's.
func (sc *sectioner) flush(s *section) {
	s.shape.Write(sc.buf)
	sc.buf = sc.buf[:0]
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// Without is d without the schemas named in drop (lower case): their
// objects, statements, rows and definitions; the statements of no schema
// (session settings, what was set aside) and the counts are kept. Its
// texts are copies, so that d's file text can be freed once d is.
func (d *Dump) Without(drop map[string]bool) *Dump {
	out := *d
	out.Schemas, out.Objects, out.Data = nil, nil, nil
	for _, s := range d.Schemas {
		if !drop[strings.ToLower(s.Name)] {
			s.SQL = strings.Clone(s.SQL)
			out.Schemas = append(out.Schemas, s)
		}
	}
	index := make([]int, len(d.Objects))
	for i, o := range d.Objects {
		index[i] = -1
		if !drop[strings.ToLower(o.Schema)] {
			index[i] = len(out.Objects)
			out.Objects = append(out.Objects, cloneObject(o))
		}
	}
	for _, ds := range d.Data {
		if !drop[strings.ToLower(ds.Schema)] {
			ds.SQL = strings.Clone(ds.SQL)
			out.Data = append(out.Data, ds)
		}
	}
	if d.Steps == nil {
		return &out
	}
	out.Steps = nil
	for i, schema := range d.stepSections() {
		st := d.Steps[i]
		if drop[strings.ToLower(schema)] {
			continue
		}
		if st.Object >= 0 {
			if st.Object = index[st.Object]; st.Object < 0 {
				continue // its object's schema is not loaded
			}
		}
		st.SQL = strings.Clone(st.SQL)
		out.Steps = append(out.Steps, st)
	}
	return &out
}

// cloneObject copies an object's texts.
func cloneObject(o Object) Object {
	o.SQL = strings.Clone(o.SQL)
	alters := make([]string, len(o.Alters))
	for i, a := range o.Alters {
		alters[i] = strings.Clone(a)
	}
	o.Alters = alters
	session := make([]Setting, len(o.Session))
	for i, set := range o.Session {
		session[i] = Setting{Name: strings.Clone(set.Name), Value: strings.Clone(set.Value)}
	}
	o.Session = session
	return o
}
