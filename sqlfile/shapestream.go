package sqlfile

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strings"
)

// The shapes of a file read piece by piece (ReadGrouped): each statement's
// part of its schema's shape is taken when the statement is read, and its
// text forgotten; once the file is read (the steps linked to their objects,
// the file's schemas known), the shapes are grouped as GroupSchemas groups
// them. A statement's tokens are kept as their hash (the schema's own name
// set aside, as GroupSchemas sets it aside); the names in it that may be
// another schema's are kept once per name: the schemas whose statements
// name it and the first statement that does, until the file's end says
// which names are schemas.

// stepShapes are, per step of a file read piece by piece, what GroupSchemas
// reads of its text.
type stepShapes struct {
	// sums are, per step, its tokens' shape; zero for a step of no schema.
	sums [][sha256.Size]byte
	// mentions are, per name a statement of a schema has (not that
	// schema's own), where it stands.
	mentions map[string]*mention
	// pending are the names of the session steps not yet known to be
	// their schema's (stepSections: a statement of the schema must follow).
	pending []pendingName
	own     string // the last schema's lower-cased name, a copy
	toks    []Token
	buf     []byte
}

// mention is where a name stands in the statements of the file's schemas:
// the first statement that has it (its step and the token's position),
// and the schemas whose statements have it (a schema once for a run of
// its statements).
type mention struct {
	step, pos int
	schemas   []string
}

// pendingName is a name a session step has, at its pos-th token.
type pendingName struct {
	name, schema string
	step, pos    int
}

// namedSchema is a schema a step names first, at its pos-th token.
type namedSchema struct {
	pos  int
	name string
}

func newStepShapes() *stepShapes {
	return &stepShapes{mentions: map[string]*mention{}}
}

// add takes step k's shape: sql read as a statement of the schema own
// (none: ""); session is set for a session step, whose names count once
// a statement of its schema follows (commit).
func (ss *stepShapes) add(k int, own, sql string, session bool) {
	for len(ss.sums) <= k {
		ss.sums = append(ss.sums, [sha256.Size]byte{})
	}
	if own == "" {
		return
	}
	if !strings.EqualFold(own, ss.own) {
		ss.own = strings.ToLower(strings.Clone(own))
	}
	toks, _ := lexStatementInto(ss.toks, sql, 1)
	ss.toks = toks
	ss.buf = ss.buf[:0]
	for pos, t := range toks {
		text := t.text
		if IsName(t) {
			switch name := strings.ToLower(NameOf(t)); {
			case name == ss.own:
				text = "\x00schema"
			case t.kind == TokIdent || !isKeywordLike(name):
				ss.pending = append(ss.pending, pendingName{name: name, schema: ss.own, step: k, pos: pos})
			}
		}
		ss.buf = binary.LittleEndian.AppendUint32(ss.buf, uint32(len(text)))
		ss.buf = append(ss.buf, text...)
	}
	ss.sums[k] = sha256.Sum256(ss.buf)
	if !session {
		ss.commit()
	}
}

// commit counts the names taken since the last commit or discard: their
// statements are their schemas'.
func (ss *stepShapes) commit() {
	for _, p := range ss.pending {
		m := ss.mentions[p.name]
		if m == nil {
			m = &mention{step: p.step, pos: p.pos}
			ss.mentions[strings.Clone(p.name)] = m
		}
		if n := len(m.schemas); n == 0 || m.schemas[n-1] != p.schema {
			m.schemas = append(m.schemas, p.schema)
		}
	}
	ss.pending = ss.pending[:0]
}

// discard drops the names of the session steps no statement of their
// schema followed: they are no schema's.
func (ss *stepShapes) discard() { ss.pending = ss.pending[:0] }

// groups groups the schemas of d, the file read with ss taken of each of
// its steps, as GroupSchemas(d) would with every text kept.
func (ss *stepShapes) groups(d *Dump) []SchemaGroup {
	sc := d.sectioner()
	firsts := map[int][]namedSchema{} // per step, the schemas it names first
	var alone []string
	for name, m := range ss.mentions {
		if sc.names[name] {
			firsts[m.step] = append(firsts[m.step], namedSchema{m.pos, name})
			alone = append(append(alone, name), m.schemas...)
		}
	}
	for _, named := range firsts {
		slices.SortFunc(named, func(a, b namedSchema) int { return a.pos - b.pos })
	}
	for i, schema := range d.stepSections() {
		if schema == "" {
			continue
		}
		st := d.Steps[i]
		if st.Kind == StepCreate {
			sc.object(schema, d.Objects[st.Object])
		}
		s := sc.section(schema)
		s.places = append(s.places, itoa(st.Line))
		for _, n := range firsts[i] {
			sc.section(n.name)
		}
		sc.write("statement", string(rune('0'+st.Kind)), string(ss.sums[i][:]))
		sc.flush(s)
	}
	for _, name := range alone {
		sc.all[name].alone = true
	}
	return groupSections(sc.all, sc.order)
}
