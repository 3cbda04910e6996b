package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
)

// ServerOf identifies an inspected server in a report.
func ServerOf(in *server.Inspection) ServerInfo {
	version := ""
	if !in.Flavor.Version.IsZero() {
		version = in.Flavor.Version.String()
	}
	return ServerInfo{
		Address: in.Address, Flavor: string(in.Flavor.Vendor), Version: version,
		VersionString: in.Flavor.Raw, VersionComment: in.VersionComment,
		ReadOnly: rules.IsTrue(in.Variables["read_only"].Value),
	}
}

// ServerOfJob identifies the server a job used, a sandbox it started
// marked so.
func ServerOfJob(s *server.Server) ServerInfo {
	info := ServerOf(s.Inspection())
	info.Sandbox = s.IsSandbox()
	return info
}
