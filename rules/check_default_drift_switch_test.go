package rules

import (
	"slices"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// TestSwitchFlagDrift: optimizer_switch flags whose default changes are
// drift findings, unless today's value or an option file sets them.
func TestSwitchFlagDrift(t *testing.T) {
	maria1011 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	maria114 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 4, 5)}
	maria118 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(11, 8, 9)}
	compiled := "index_merge=on,hash_join_cardinality=off,cset_narrowing=off,sargable_casefold=on"
	cases := []struct {
		name   string
		target flavor.Flavor
		value  string // today's optimizer_switch ("" = not reported)
		config []ConfigOption
		want   []string
	}{
		{"10.11 -> 11.8 at the defaults", maria118, compiled, nil, []string{"hash_join_cardinality", "cset_narrowing"}},
		{"offline: today's defaults from the knowledge base", maria118, "", nil, []string{"hash_join_cardinality", "cset_narrowing"}},
		{"10.11 -> 11.4: only hash_join_cardinality changed by then", maria114, compiled, nil, []string{"hash_join_cardinality"}},
		{"a flag already on today is no drift", maria118, "hash_join_cardinality=on,cset_narrowing=off", nil, []string{"cset_narrowing"}},
		{"a flag an option file names is set on purpose", maria118, compiled,
			[]ConfigOption{{Name: "optimizer_switch", Value: "'cset_narrowing=off'", Section: "mysqld"}}, []string{"hash_join_cardinality"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := Snapshot{Flavor: maria1011, Target: &tc.target, Variables: map[string]Setting{}, Config: tc.config}
			if tc.value != "" {
				s.Variables["optimizer_switch"] = Setting{Value: tc.value, Origin: OriginCompiled}
			}
			var got []string
			for _, f := range switchFlagDrifts(s) {
				got = append(got, f.Evidence["flag"])
				if f.ID != RuleDefaultDrift || f.Evidence["variable"] != "optimizer_switch" || len(f.Recommendation.MyCnf) == 0 {
					t.Errorf("finding %+v", f)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("flags %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOldModeDriftKeepsUTF8: 10.5's empty old_mode and 10.11's default
// UTF8_IS_UTF8MB3 mean the same (utf8 is utf8mb3), so no pin is advised;
// pinning an empty old_mode would make utf8 mean utf8mb4 on 10.11.
func TestOldModeDriftKeepsUTF8(t *testing.T) {
	maria105 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 5, 23)}
	maria1011 := flavor.Flavor{Vendor: flavor.VendorMariaDB, Version: flavor.V(10, 11, 19)}
	s := Snapshot{Flavor: maria105, Target: &maria1011, Variables: map[string]Setting{"old_mode": {Value: "", Origin: OriginCompiled}}}
	for _, f := range checkDefaultDrift(s) {
		if f.Evidence["variable"] == "old_mode" {
			t.Errorf("old_mode drift finding %q with %v: 10.11's default keeps 10.5's utf8", f.Title, f.Recommendation.MyCnf)
		}
	}
}
