package sandbox

import (
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// machineSettings is the one list of the settings that belong to the
// machine a server runs on rather than to its behaviour: where it keeps its
// files, how it is reached, who it is among servers. They are spelled as
// variables (underscores). Each says what a sandbox does about it: why the
// sandbox refuses it in ServerOptions (it sets its own), or "" when the
// sandbox leaves it at the server's default. The sandbox's reserved options
// (dashes) and advisor/carryover's settings never carried into a sandbox
// (IsMachineSetting) both derive from it.
var machineSettings = map[string]string{
	"basedir":             "use " + flagname.Basedir,
	"datadir":             "the datadir is <sandbox dir>/data",
	"socket":              "the socket is <sandbox dir>/mysql.sock",
	"pid_file":            "the pid file is <sandbox dir>/mysqld.pid",
	"log_error":           "the error log is <sandbox dir>/error.log",
	"port":                "use " + flagname.Networking + " and " + flagname.Port,
	"bind_address":        "use " + flagname.Networking + " (the sandbox listens on 127.0.0.1 only)",
	"skip_networking":     "networking is off unless " + flagname.Networking + " is given",
	"networking":          "use " + flagname.Networking,
	"tmpdir":              "the tmpdir is <sandbox dir>/tmp",
	"user":                "the server runs as the invoking user, or as the account " + SystemUser + " when that is root",
	"plugin_dir":          "plugin_dir is <sandbox dir>/plugin (links to the server's bundled plugins)",
	"general_log_file":    "the general log is <sandbox dir>/general.log",
	"slow_query_log_file": "the slow log is <sandbox dir>/slow.log",
	"init_file":           "the sandbox uses it to set root's password with " + flagname.Networking,
	"secure_file_priv":    "secure_file_priv is <sandbox dir>/files",
	"lc_messages_dir":     "the sandbox sets it from " + flagname.Basedir,
	"character_sets_dir":  "the sandbox sets it from " + flagname.Basedir,

	"log_bin": "", "log_bin_basename": "", "log_bin_index": "", "log_basename": "",
	"relay_log": "", "relay_log_basename": "", "relay_log_index": "", "log_slow_query_file": "",
	"innodb_data_home_dir": "", "innodb_log_group_home_dir": "", "innodb_undo_directory": "", "innodb_tmpdir": "",
	"innodb_data_file_path": "", "innodb_temp_data_file_path": "", "lower_case_table_names": "",
	"server_id": "", "report_host": "", "report_port": "", "hostname": "", "log_error_services": "",
	"ssl_ca": "", "ssl_cert": "", "ssl_key": "", "ssl_capath": "", "ssl_crl": "", "ssl_crlpath": "",
	"wsrep_provider": "", "wsrep_cluster_address": "",
	"skip_external_locking": "", "skip_name_resolve": "", "default_time_zone": "",
	"plugin_load": "", "plugin_load_add": "", "early_plugin_load": "",
}

// IsMachineSetting reports whether name (a variable or an option, in
// either spelling) is a setting of the machine (machineSettings): a path,
// port or identity a sandbox never takes from another server.
func IsMachineSetting(name string) bool {
	_, ok := machineSettings[strings.ReplaceAll(strings.ToLower(name), "-", "_")]
	return ok
}

// withMachineSettings adds to reserved the machine settings the sandbox
// sets itself, spelled as options (dashes).
func withMachineSettings(reserved map[string]string) map[string]string {
	for name, why := range machineSettings {
		if why != "" {
			reserved[strings.ReplaceAll(name, "_", "-")] = why
		}
	}
	return reserved
}
