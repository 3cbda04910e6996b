package server

import "github.com/upgrade-advisor/upgrade-advisor/sandbox"

// Sandbox is the sandbox this job started (nil for an existing server):
// the replication rehearsal runs the servers' own client programs on it
// and needs its port.
func (s *Server) Sandbox() *sandbox.Sandbox { return s.sb }
