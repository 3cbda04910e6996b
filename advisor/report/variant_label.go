package report

import (
	"maps"
	"slices"

	"github.com/upgrade-advisor/upgrade-advisor/bench"
)

// SettingsLabel names a variant by its settings, e.g.
// "innodb_file_per_table=OFF, innodb_stats_persistent=OFF".
func (v *VariantInfo) SettingsLabel() string {
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
