package report

// The readiness of a verdict, worst first.
const (
	Blocked = "blocked" // something fails on the target
	Changes = "changes" // it runs, but behaves differently
	Ready   = "ready"   // nothing fails or changes in what was checked
	// Unverified: nothing the knowledge base knows of fails or changes,
	// but nothing ran on the target (no server, no binary asked).
	Unverified = "unverified"
)

// Verdict is the readiness of an upgrade as one report judged it: the
// first thing every report that judges a target says. Summary is the one
// line with the counts that decide it; Blockers are what fails on the
// target, Changes what runs but behaves differently, each deduplicated
// by cause. Performance and advice are not part of it: they follow.
type Verdict struct {
	Readiness string        `json:"readiness"`
	Summary   string        `json:"summary"`
	Blockers  []VerdictItem `json:"blockers"`
	Changes   []VerdictItem `json:"changes"`
}

// VerdictItem is one cause: the statements, objects, settings or findings
// it covers, with what they are and how to fix them.
type VerdictItem struct {
	// Kind is statement, object, setting, default, upgrade or finding.
	Kind string `json:"kind"`
	// Status is the statements' or objects' status (breaks, refused, ...).
	Status string `json:"status,omitempty"`
	// Code is the server's error code the cause was grouped by.
	Code  int    `json:"code,omitempty"`
	Count int    `json:"count"`
	Text  string `json:"text"`
	// Examples are the members: a statement, an object and where it is
	// read, a setting; each with its fix where one is known.
	Examples []VerdictExample `json:"examples,omitempty"`
	// Finding is the id of the finding that carries the item.
	Finding string `json:"finding,omitempty"`
}

// VerdictExample is one member of a verdict item.
type VerdictExample struct {
	Text string `json:"text"`
	Fix  string `json:"fix,omitempty"`
	// Note is one more line on the member: under the refusal where a
	// plain load of the schema file stops, what it leaves out.
	Note string `json:"note,omitempty"`
}

// The kinds of a verdict's items.
const (
	KindStatement = "statement"
	KindObject    = "object"
	KindSetting   = "setting"
	KindDefault   = "default"
	KindUpgrade   = "upgrade"
	KindFinding   = "finding"
	// KindReplication is a replication run of rehearse --replication that
	// stopped or left tables differing.
	KindReplication = "replication run"
)
