package report

import (
	"maps"
	"slices"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// settingsLabel names a variant by its settings, e.g.
// "innodb_file_per_table=OFF, innodb_stats_persistent=OFF"; the baseline
// and a variant without settings by their name.
func settingsLabel(v *VariantInfo) string {
	if v == nil {
		return "?"
	}
	label := ""
	for _, k := range slices.Sorted(maps.Keys(v.Settings)) {
		if v.Name == bench.Baseline {
			break
		}
		if label != "" {
			label += ", "
		}
		label += k + "=" + v.Settings[k]
	}
	if label == "" {
		return v.Name
	}
	return label
}
