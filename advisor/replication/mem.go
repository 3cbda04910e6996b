package replication

import (
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
)

func sortedKeys(m rowSums) []string { return slices.Sorted(maps.Keys(m)) }

// peakRSSMB is the process's peak resident memory (VmHWM), 0 where the
// system does not say.
func peakRSSMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			if err == nil {
				return float64(int(kb/1024*10)) / 10
			}
		}
	}
	return 0
}
