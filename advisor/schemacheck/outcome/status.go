package outcome

// The statuses, worst first.
const (
	StatusRefused   = "refused"
	StatusRuntime   = "runtime"
	StatusReserved  = "reserved"
	StatusRewritten = "rewritten"
	StatusWarned    = "warned"
	// StatusBlocked is a statement that failed only because an earlier
	// one of the file did: that one's consequence, not a problem of its own.
	StatusBlocked = "blocked"
	StatusLoaded  = "loaded"
)

// Statuses lists the statuses, worst first.
var Statuses = []string{StatusRefused, StatusRuntime, StatusReserved, StatusRewritten, StatusWarned, StatusBlocked, StatusLoaded}

// rank orders statuses: lower is worse.
func rank(s string) int {
	for i, x := range Statuses {
		if x == s {
			return i
		}
	}
	return len(Statuses)
}

// Worst returns the worst status of the problems that are neither also
// today's nor the sandbox account's limit, or loaded.
func Worst(problems []Problem) string {
	worst := StatusLoaded
	for _, p := range problems {
		if !p.Today && !p.Account && rank(p.Kind) < rank(worst) {
			worst = p.Kind
		}
	}
	return worst
}
