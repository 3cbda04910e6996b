package sqlfile

import "fmt"

// finish returns the dump, or every refusal. A file without objects is
// refused unless it holds a statement only the server can answer (the
// target's client joined "use shop" to the CREATE TABLE after it): the
// check runs it and reports the server's refusal.
func (r *dumpReader) finish() (*Dump, error) {
	if len(r.rejects) > 0 {
		return nil, r.rejection()
	}
	r.compact()
	r.linkSteps()
	r.defaultSchema()
	r.systemNotes()
	if len(r.dump.Objects) == 0 && !r.unread {
		return nil, &RejectError{File: r.file, Reason: "no tables, views, routines, triggers or events in the file"}
	}
	return r.dump, nil
}

// linkSteps points every create and alter step at its object, once the
// file is read: a definition replaced or dropped later in the file (a
// view's stand-in table) is a plain statement of the script.
func (r *dumpReader) linkSteps() {
	for i := range r.dump.Steps {
		s := &r.dump.Steps[i]
		if s.Kind == StepCreate || s.Kind == StepAlter {
			s.Kind, s.Object = r.link(s.Kind, s.key, s.Line)
		}
	}
}

// link is what a create or alter step (kind) of the object key at line is
// once the file is read, and the index of its object (-1: none).
func (r *dumpReader) link(kind StepKind, key string, line int) (StepKind, int) {
	j, ok := r.index[key]
	switch {
	case ok && kind == StepAlter && r.dump.Objects[j].Kind == KindTable,
		ok && kind == StepCreate && r.dump.Objects[j].Line == line:
		return kind, j
	}
	return StepScript, -1
}

// defaultSchema decides where the statements before the file's first USE
// run: a file that creates its own schemas and names one for every object
// was written for `mysql < file` (no database); an install script that names exactly one schema it never creates or
// uses (its routines say legacy.item) was written for `mysql legacy <
// file`, so its unqualified objects belong there too.
func (r *dumpReader) defaultSchema() {
	r.dump.NeedsDefault = r.beforeUs
	if r.beforeUs && r.ownSchemasOnly() {
		r.dump.NeedsDefault = false
		r.dump.Notes = append(r.dump.Notes, "the file creates its schemas and puts every object in one of them: "+
			"its statements before the first USE ran with no database selected (as `mysql < file` runs them)")
	}
	var named []string
	own := false // the file creates or uses a schema of its own
	for _, s := range r.dump.Schemas {
		switch {
		case s.Named && s.SQL == "":
			named = append(named, s.Name)
		default:
			own = true
		}
	}
	for _, s := range named {
		r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("the file names the schema %s and never creates it: the sandbox created it, as the application's", s))
	}
	if len(named) != 1 || own || !r.beforeUs {
		return
	}
	r.dump.DefaultSchema = named[0]
	for i := range r.dump.Objects {
		if r.dump.Objects[i].Schema == "" {
			r.dump.Objects[i].Schema = named[0]
		}
	}
	r.dump.Notes = append(r.dump.Notes, fmt.Sprintf("the file's unqualified statements ran in %s, the one schema it names (as `mysql %s < file` runs them)", named[0], named[0]))
}

// ownSchemasOnly reports a file that creates a schema (CREATE DATABASE)
// and whose every object is in a schema it names or uses.
func (r *dumpReader) ownSchemasOnly() bool {
	creates := false
	for _, s := range r.dump.Schemas {
		creates = creates || s.SQL != ""
	}
	if !creates {
		return false
	}
	for _, o := range r.dump.Objects {
		if o.Schema == "" {
			return false
		}
	}
	return true
}
