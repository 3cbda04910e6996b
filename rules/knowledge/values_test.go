package knowledge

import "testing"

// Values as servers display them and as option files write them must
// compare equal: numbers with SHOW VARIABLES' six decimals, sizes with
// suffixes, and the boolean spellings.
func TestSameValueAcrossSpellings(t *testing.T) {
	tests := []struct {
		name, a, b string
		same       bool
	}{
		{"expire_logs_days", "0.000000", "0", true},
		{"innodb_max_dirty_pages_pct", "90.000000", "90", true},
		{"innodb_max_dirty_pages_pct", "90.500000", "90", false},
		{"innodb_defragment_fill_factor", "0.900000", ".9", true},
		{"innodb_buffer_pool_size", "128M", "134217728", true},
		{"innodb_buffer_pool_size", "1G", "1024M", true},
		{"innodb_file_per_table", "ON", "1", true},
		{"innodb_file_per_table", "TRUE", "on", true},
		{"innodb_file_per_table", "OFF", "0", true},
		{"innodb_file_per_table", "ON", "OFF", false},
		{"sql_mode", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "no_engine_substitution,strict_trans_tables", true},
		{"unknown_to_the_kb", "0.000000", "0", true},
		{"innodb_flush_method", "", "fsync", true},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.a+" vs "+tt.b, func(t *testing.T) {
			if got := SameValue(tt.name, tt.a, tt.b); got != tt.same {
				t.Errorf("SameValue = %v, want %v (%q vs %q)", got, tt.same, NormalizeValue(tt.name, tt.a), NormalizeValue(tt.name, tt.b))
			}
		})
	}
}
