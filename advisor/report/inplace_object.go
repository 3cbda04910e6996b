package report

// InPlaceObject is one object of the schema after the upgrade.
type InPlaceObject struct {
	Schema  string `json:"schema"`
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Status  string `json:"status"` // ok or failed
	Message string `json:"message,omitempty"`
	// Group is the number (from 1) of its schema's entry in InPlace.Groups:
	// the object stands for the same object of every schema of the group.
	Group int `json:"group,omitempty"`
}
