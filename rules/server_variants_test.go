package rules

import (
	"strings"
	"testing"
)

func TestServerVariantsLeaveOutWhatTheServerNoLongerHas(t *testing.T) {
	tests := []struct {
		version, comment string
		wantLeftOut      []string
	}{
		{"10.11.19-MariaDB-0+deb12u1", "Debian 12", nil},
		{"8.0.36", "MySQL Community Server - GPL", nil},
		{"9.7.4", "MySQL Community Server - GPL", []string{"log_file_size_1g"}},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			fl, err := IdentifyFlavor(tt.version, tt.comment)
			if err != nil {
				t.Fatal(err)
			}
			measure, notes := ServerVariantsFor(fl)
			if len(measure)+len(notes) != len(serverVariants) || len(notes) != len(tt.wantLeftOut) {
				t.Fatalf("measure %d, notes %q; want %d left out", len(measure), notes, len(tt.wantLeftOut))
			}
			for i, name := range tt.wantLeftOut {
				if !strings.Contains(notes[i], name) || !strings.Contains(notes[i], "innodb_redo_log_capacity") {
					t.Errorf("note %q does not name %s and its replacement", notes[i], name)
				}
			}
			for _, v := range measure {
				if v.DurabilityCost == "" || !strings.Contains(v.Option, "=") {
					t.Errorf("%s: incomplete %+v", v.Name, v)
				}
			}
		})
	}
}

func TestWhatIfOptionsCopyPlainValuesAndCapTheBufferPool(t *testing.T) {
	opts, notes := WhatIfOptions(map[string]Setting{
		"innodb_file_per_table":   {Value: "OFF"},
		"innodb_buffer_pool_size": {Value: "17179869184"},
		"innodb_flush_method":     {Value: "O_DIRECT; DROP"},
		"sql_mode":                {Value: "STRICT_TRANS_TABLES"},
	})
	got := strings.Join(opts, " ")
	if got != "loose-innodb_file_per_table=OFF loose-innodb_buffer_pool_size=1073741824" {
		t.Errorf("options %q", got)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "capped") {
		t.Errorf("notes %q", notes)
	}
}
