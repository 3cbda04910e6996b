package outcome

// Group is schemas with the same definition (the same objects, statements
// and session settings once the schema's own name is set aside): the
// first was loaded on the target, and the objects of the others carry its
// objects' statuses and problems.
type Group struct {
	Schemas []string
	// Drifted is set for a group whose definition differs from the
	// largest group's (a tenant schema that drifted from the others).
	Drifted bool
}
