package sqlfile

import (
	"bufio"
	"os"
	"runtime/debug"
	"strings"
)

// FileGroups are the schemas of a file grouped by shape (GroupSchemas)
// and what the whole file holds.
type FileGroups struct {
	Groups []SchemaGroup
	// Tables is how many tables the whole file creates (its Dump's
	// Count(KindTable)).
	Tables int
}

// ReadGrouped reads the dump or install script at path piece by piece, at
// most MaxStreamSize bytes, and returns what ReadDumpFile(path, o) and
// GroupSchemas of it give, with the dump cut down to the schemas a check
// loads (the first of each group; Unloaded(groups) are the others): the
// dump is ReadDumpFile(path, o).Without(Unloaded(groups)), or the whole
// dump when no two schemas share a shape. It reads the file twice, never
// whole: once for the groups (each statement's shape taken, its text
// forgotten), once for the loaded schemas' texts.
//
// A file that cannot be read twice (a pipe, a device) is read whole, as
// ReadDumpFile reads it.
func ReadGrouped(path string, o ReadOptions) (*Dump, FileGroups, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return readGroupedWhole(path, o)
	}
	fg, err := groupsOfFile(path, o)
	if err != nil {
		return nil, FileGroups{}, err
	}
	drop := Unloaded(fg.Groups)
	rd, err := streamDump(path, o, newForgetter(false, drop), nil)
	if err != nil {
		return nil, FileGroups{}, err
	}
	d, err := rd.finish()
	if err != nil {
		return nil, FileGroups{}, err
	}
	if len(drop) == 0 {
		return d, fg, nil
	}
	return d.Without(drop), fg, nil
}

// readGroupedWhole is ReadGrouped of a file read once, whole.
func readGroupedWhole(path string, o ReadOptions) (*Dump, FileGroups, error) {
	d, err := ReadDumpFile(path, o)
	if err != nil {
		return nil, FileGroups{}, err
	}
	fg := FileGroups{Groups: GroupSchemas(d), Tables: d.Count(KindTable)}
	if drop := Unloaded(fg.Groups); len(drop) > 0 {
		d = d.Without(drop)
	}
	return d, fg, nil
}

// groupsOfFile is the first reading of ReadGrouped: the file's groups.
// Its heap is mostly what it keeps until the file's end (a step and a
// shape per statement), so the collector runs at half the default growth
// (GOGC 50) while it reads, unless the process set another.
func groupsOfFile(path string, o ReadOptions) (FileGroups, error) {
	if prev := debug.SetGCPercent(firstReadingGC); prev != 100 {
		debug.SetGCPercent(prev)
	} else {
		defer debug.SetGCPercent(prev)
	}
	shapes := newStepShapes()
	rd, err := streamDump(path, o, newForgetter(true, nil), shapes)
	if err != nil {
		return FileGroups{}, err
	}
	d, err := rd.finish()
	if err != nil {
		return FileGroups{}, err
	}
	return FileGroups{Groups: shapes.groups(d, rd.link), Tables: d.Count(KindTable)}, nil
}

// firstReadingGC is the collector's GOGC during the first reading.
const firstReadingGC = 50

// Unloaded are the schemas of groups a check does not load, lower case:
// every group's but its first.
func Unloaded(groups []SchemaGroup) map[string]bool {
	drop := map[string]bool{}
	for _, g := range groups {
		for _, s := range g.Schemas[1:] {
			drop[strings.ToLower(s)] = true
		}
	}
	return drop
}

// streamDump reads the file at path piece by piece, as readDump reads the
// whole text, keeping what f does not forget; shapes, when set, takes
// each step's shape before its text is forgotten.
func streamDump(path string, o ReadOptions, f *forgetter, shapes *stepShapes) (*dumpReader, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	br := bufio.NewReaderSize(file, 64<<10)
	head, _ := br.Peek(4096 + len("\ufeff")) // less at the end of a short file
	writer := o.Writer
	w, isDump := dumpWriter(strings.TrimPrefix(string(head), "\ufeff"))
	if isDump {
		writer = w
	}
	rd := newDumpReader(path, writer, o)
	rd.isDump, rd.forget = isDump, f
	sr := &streamReading{rd: rd, shapes: shapes, tail: -1}
	var addErr error
	clients := 0
	rejects, sourced, err := streamClient(path, br, streamChunk, o.Client, func(cs ClientStatement) {
		clients++
		cs.client = clients
		for _, st := range SplitServer(cs) {
			if addErr != nil {
				return
			}
			n := len(rd.dump.Steps)
			addErr = rd.add(st)
			sr.took(n)
		}
	})
	switch {
	case err != nil:
		return nil, err
	case addErr != nil:
		return nil, addErr
	}
	// The whole text's reading has the client's refusals and source
	// commands before the statements' own.
	rd.rejects = append(rejects, rd.rejects...)
	notes := rd.dump.Notes
	rd.dump.Notes = nil
	rd.notSourced(sourced)
	rd.dump.Notes = append(rd.dump.Notes, notes...)
	return rd, nil
}

// streamReading follows the steps a dump reader adds, reading piece by
// piece: each one's schema (stepSections' first reading: the last USE's),
// then, when grouping, its shape taken (the step itself not kept), else
// the steps of the schemas not loaded taken out as soon as they are known
// to be theirs (Without would take them out).
type streamReading struct {
	rd      *dumpReader
	shapes  *stepShapes
	current string
	seen    int // the steps read so far
	// tail is where the session steps of a schema not loaded start that no
	// statement of that schema followed yet (-1: none): they are that
	// schema's if one does before the next schema starts, else no
	// schema's (stepSections).
	tail int
}

// took follows the steps added from the from-th on. The reading that
// groups keeps them as shapes only (none in the dump).
func (sr *streamReading) took(from int) {
	f := sr.rd.forget
	steps := sr.rd.dump.Steps
	w := from
	for k := from; k < len(steps); k++ {
		st := steps[k]
		schema, use := sr.schemaOf(&st)
		if sr.shapes != nil {
			sr.shapes.took(sr.seen, &st, schema, use)
			sr.seen++
			continue
		}
		st.What, st.Reason, st.Schema = f.str(st.What), f.str(st.Reason), f.str(st.Schema)
		w = sr.place(steps, w, st, schema, use || st.Schema != "")
	}
	clear(steps[w:])
	sr.rd.dump.Steps = steps[:w]
}

// place puts st at w in steps unless it is a step of a schema not loaded,
// and takes out the session steps before it that are that schema's; it
// returns the steps' new length. start is set for a CREATE DATABASE or USE.
func (sr *streamReading) place(steps []Step, w int, st Step, schema string, start bool) int {
	dropped := sr.rd.forget.drop[strings.ToLower(schema)]
	switch {
	case start:
		sr.tail = -1 // the session steps before it are no schema's: kept
		if dropped {
			return w
		}
	case st.Kind == StepSetAside:
	case st.Kind == StepSession:
		if dropped && sr.tail < 0 {
			sr.tail = w
		}
	case dropped:
		if sr.tail >= 0 { // the session steps before it are its schema's
			n := sr.tail
			for _, t := range steps[sr.tail:w] {
				if t.Kind == StepSetAside {
					steps[n] = t
					n++
				}
			}
			w, sr.tail = n, -1
		}
		return w
	}
	steps[w] = st
	return w + 1
}

// schemaOf is the schema whose part of the file st is, as stepSections
// first reads it, and whether st is a USE.
func (sr *streamReading) schemaOf(st *Step) (string, bool) {
	switch {
	case st.Schema != "":
		return st.Schema, false
	case st.Kind == StepSetAside:
		return "", false
	case namedSchemaOf(*st) != "":
		return namedSchemaOf(*st), false
	case st.Kind == StepSession:
		if used, ok := usedSchema(st.SQL); ok {
			sr.current = used
			return used, true
		}
	}
	return sr.current, false
}
