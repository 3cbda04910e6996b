package sandbox

import (
	"os"
	"time"
)

// StartPhases is where the time of a sandbox's last start went, for
// measurements (scripts/sandboxtimes). Each phase follows the previous one.
type StartPhases struct {
	// Datadir is from Start's call to a datadir ready to run: the
	// sandbox's directories, then a copy of the cached datadir (or, for
	// the first sandbox of a binary, its initialisation).
	Datadir time.Duration
	// Socket is from the server's exec to its unix socket being bound (the
	// socket file's modification time): the server's own start-up.
	Socket time.Duration
	// Answer is from the socket being bound to the server's answer to the
	// first query.
	Answer time.Duration
}

// ready notes the start-up phases of a server exec'd at execAt that
// answered its first query just now, its unix socket at socket.
func (p *StartPhases) ready(socket string, execAt time.Time) {
	ready := time.Now()
	bound := ready
	if fi, err := os.Stat(socket); err == nil && !fi.ModTime().Before(execAt) && fi.ModTime().Before(ready) {
		bound = fi.ModTime()
	}
	p.Socket = bound.Sub(execAt)
	p.Answer = ready.Sub(bound)
}
