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

// stepShapes are, per step of a file's schemas read piece by piece, what
// GroupSchemas reads of it.
type stepShapes struct {
	// steps are the steps of the file's schemas in file order, each once
	// it is known to be its schema's; waiting are the session steps not
	// known yet (stepSections: a statement of the schema must follow).
	steps   []shapedStep
	waiting []shapedStep
	// mentions are, per name a statement of a schema has (not that
	// schema's own), where it stands; pending are the names of the
	// waiting steps.
	mentions map[string]*mention
	pending  []pendingName
	own      string // the last schema's lower-cased name, a copy
	toks     []Token
	buf      []byte
}

// shapedStep is a step of a schema as GroupSchemas reads it: its tokens'
// shape, its number among the file's steps, its line and kind as read (a
// create or alter step is linked once the file is read), its object's key.
type shapedStep struct {
	sum     [sha256.Size]byte
	k, line int
	kind    StepKind
	key     string
	schema  string
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

// took takes step k, st, a statement of schema (use: a USE; "" for a step
// of no schema).
func (ss *stepShapes) took(k int, st *Step, schema string, use bool) {
	start := use || st.Schema != ""
	if start {
		ss.discard() // the session steps before it are no schema's
	}
	if schema == "" {
		return
	}
	ss.waiting = append(ss.waiting, shapedStep{sum: ss.shape(k, schema, st.SQL), k: k, line: st.Line, kind: st.Kind, key: st.key, schema: schema})
	if start || st.Kind != StepSession {
		ss.commit()
	}
}

// shape is the shape of sql read as a statement (step k) of the schema
// own; the names in it that may be another schema's are pending.
func (ss *stepShapes) shape(k int, own, sql string) [sha256.Size]byte {
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
	return sha256.Sum256(ss.buf)
}

// commit counts the steps and names taken since the last commit or
// discard: they are their schemas'.
func (ss *stepShapes) commit() {
	ss.steps = append(ss.steps, ss.waiting...)
	ss.waiting = ss.waiting[:0]
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

// discard drops the session steps no statement of their schema followed,
// and their names: they are no schema's.
func (ss *stepShapes) discard() {
	ss.waiting, ss.pending = ss.waiting[:0], ss.pending[:0]
}

// groups groups the schemas of d, the file read with ss taking each of its
// steps, as GroupSchemas(d) would with every step and text kept; link is
// the reader's (linkSteps).
func (ss *stepShapes) groups(d *Dump, link func(StepKind, string, int) (StepKind, int)) []SchemaGroup {
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
	for _, st := range ss.steps {
		kind, object := st.kind, -1
		if kind == StepCreate || kind == StepAlter {
			kind, object = link(kind, st.key, st.line)
		}
		if kind == StepCreate {
			sc.object(st.schema, d.Objects[object])
		}
		s := sc.section(st.schema)
		s.places = append(s.places, itoa(st.line))
		for _, n := range firsts[st.k] {
			sc.section(n.name)
		}
		sc.write("statement", string(rune('0'+kind)), string(st.sum[:]))
		sc.flush(s)
	}
	for _, name := range alone {
		sc.all[name].alone = true
	}
	return groupSections(sc.all, sc.order)
}
