package report

import (
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
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

// flavorName is the human name of a report's flavor ("mariadb" -> "MariaDB"), the
// name as given when it is not a known vendor.
func flavorName(f string) string {
	if name := (flavor.Flavor{Vendor: flavor.Vendor(f)}).Name(); name != "unknown" {
		return name
	}
	return f
}
