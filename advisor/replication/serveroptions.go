package replication

import "strings"

// replicationSettings are today's settings a rehearsal's pair sets itself
// or must not inherit: a replica's read_only would refuse the
// application's writes on the primary, and its replication filters,
// GTID mode or relay log would shape the rehearsal instead of the upgrade.
var replicationSettings = []string{
	"read-only", "super-read-only", "server-id", "log-bin", "binlog-format", "skip-log-bin", "disable-log-bin",
	"skip-slave-start", "skip-replica-start", "log-slave-updates", "log-replica-updates", "relay-log",
	"replicate-", "gtid-", "enforce-gtid-consistency", "slave-", "replica-", "master-", "source-",
}

// withoutReplicationSettings leaves those settings out of options ("key=value").
func withoutReplicationSettings(options []string) []string {
	var out []string
	for _, o := range options {
		key, _, _ := strings.Cut(strings.TrimPrefix(o, "--"), "=")
		key = strings.TrimPrefix(strings.ReplaceAll(strings.ToLower(key), "_", "-"), "loose-")
		if !hasAnyPrefix(key, replicationSettings) {
			out = append(out, o)
		}
	}
	return out
}

func hasAnyPrefix(key string, prefixes []string) bool {
	for _, p := range prefixes {
		if key == p || (strings.HasSuffix(p, "-") && strings.HasPrefix(key, p)) {
			return true
		}
	}
	return false
}
