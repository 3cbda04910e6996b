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
// set aside, as GroupSchemas sets it aside), and the names in it that may
// be another schema's: those the file has as schemas when the statement is
// read, and the others until the file's end says whether they are.

// stepShapes are, per step of a file read piece by piece, what GroupSchemas
// reads of its text.
type stepShapes struct {
	// sums are, per step, its tokens' shape; zero for a step of no schema.
	sums [][sha256.Size]byte
	// named are, per step, the schemas of the file it names, in the order
	// of its tokens.
	named map[int][]namedSchema
	// later are, per name that was no schema of the file when a step named
	// it, the steps that named it (the first time in each).
	later map[string][]laterName
	toks  []Token
	buf   []byte
}

// namedSchema is a schema a step names: its token's position and its name.
type namedSchema struct {
	pos  int
	name string
}

// laterName is a step that names what may be a schema, and where.
type laterName struct{ step, pos int32 }

func newStepShapes() *stepShapes {
	return &stepShapes{named: map[int][]namedSchema{}, later: map[string][]laterName{}}
}

// add takes step k's shape: sql read as a statement of the schema own
// (none: ""); schemas are the file's schemas so far, lower case.
func (ss *stepShapes) add(k int, own, sql string, schemas map[string]bool) {
	for len(ss.sums) <= k {
		ss.sums = append(ss.sums, [sha256.Size]byte{})
	}
	if own == "" {
		return
	}
	own = strings.ToLower(own)
	toks, _ := lexStatementInto(ss.toks, sql, 1)
	ss.toks = toks
	ss.buf = ss.buf[:0]
	for pos, t := range toks {
		text := t.text
		if IsName(t) {
			switch name := strings.ToLower(NameOf(t)); {
			case name == own:
				text = "\x00schema"
			case t.kind == TokIdent || !isKeywordLike(name):
				ss.names(k, pos, name, schemas[name])
			}
		}
		ss.buf = binary.LittleEndian.AppendUint32(ss.buf, uint32(len(text)))
		ss.buf = append(ss.buf, text...)
	}
	ss.sums[k] = sha256.Sum256(ss.buf)
}

// names records that step k names name at its pos-th token.
func (ss *stepShapes) names(k, pos int, name string, schema bool) {
	if schema {
		ss.named[k] = append(ss.named[k], namedSchema{pos, strings.Clone(name)})
		return
	}
	l, ok := ss.later[name]
	if !ok {
		name = strings.Clone(name)
	}
	if len(l) == 0 || int(l[len(l)-1].step) != k {
		ss.later[name] = append(l, laterName{int32(k), int32(pos)})
	}
}

// groups groups the schemas of d, the file read with ss taken of each of
// its steps, as GroupSchemas(d) would with every text kept.
func (ss *stepShapes) groups(d *Dump) []SchemaGroup {
	sc := d.sectioner()
	for name, steps := range ss.later {
		if !sc.names[name] {
			continue
		}
		for _, m := range steps {
			ss.named[int(m.step)] = append(ss.named[int(m.step)], namedSchema{int(m.pos), name})
		}
	}
	for _, named := range ss.named {
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
		for _, n := range ss.named[i] {
			s.alone = true
			sc.section(n.name).alone = true
		}
		sc.write("statement", string(rune('0'+st.Kind)), string(ss.sums[i][:]))
		sc.flush(s)
	}
	return groupSections(sc.all, sc.order)
}
