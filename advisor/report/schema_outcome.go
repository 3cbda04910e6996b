package report

import "github.com/upgrade-advisor/upgrade-advisor/advisor/schemacheck/outcome"

// SchemaOf is the report's schema section of what the schema check found.
// Objects and their problems are never nil, so JSON lists them as [].
func SchemaOf(s *outcome.Schema) *Schema {
	if s == nil {
		return nil
	}
	out := &Schema{Source: s.Source, Target: s.Target, Today: s.Today, Objects: make([]SchemaObject, 0, len(s.Objects)),
		SetAside: s.SetAside, DurationS: s.Duration.Seconds(), Notes: s.Notes}
	for _, o := range s.Objects {
		out.Objects = append(out.Objects, schemaObjectOf(o))
	}
	out.Groups = schemaSetsOf(s.Groups)
	return out
}

func schemaObjectOf(o outcome.Object) SchemaObject {
	out := SchemaObject{Kind: o.Kind, Name: o.Name, Source: o.Source, Status: o.Status,
		Problems: make([]SchemaProblem, 0, len(o.Problems)), Group: o.Group, SameAs: o.SameAs}
	for _, p := range o.Problems {
		out.Problems = append(out.Problems, SchemaProblem(p)) // the same fields, with the JSON names
	}
	return out
}
