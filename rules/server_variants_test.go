package rules

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

func TestServerVariantsLeaveOutWhatTheServerNoLongerHas(t *testing.T) {
	tests := []struct {
		version, comment string
		wantMeasured     []string // the redo-log variant measured
		wantLeftOut      []string // variants left out with a note
	}{
		{"10.11.19-MariaDB-0+deb12u1", "Debian 12", []string{"log_file_size_1g"}, nil},
		{"5.7.44", "MySQL Community Server - GPL", []string{"log_file_size_1g"}, nil},
		// 8.0.30 deprecated innodb_log_file_size for innodb_redo_log_capacity.
		{"8.0.36", "MySQL Community Server - GPL", []string{"redo_log_capacity_1g"}, []string{"log_file_size_1g"}},
		// 9.3 removed it: a sandbox started with it would refuse to start.
		{"9.7.4", "MySQL Community Server - GPL", []string{"redo_log_capacity_1g"}, []string{"log_file_size_1g"}},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			fl, err := flavor.Identify(tt.version, tt.comment)
			if err != nil {
				t.Fatal(err)
			}
			measure, notes := ServerVariantsFor(fl)
			var redo []string
			for _, v := range measure {
				if strings.Contains(v.Name, "log") && !strings.Contains(v.Name, "flush") {
					redo = append(redo, v.Name)
				}
				if v.DurabilityCost == "" || !strings.Contains(v.Option, "=") {
					t.Errorf("%s: incomplete %+v", v.Name, v)
				}
			}
			if strings.Join(redo, ",") != strings.Join(tt.wantMeasured, ",") {
				t.Errorf("redo log variants measured %q, want %q", redo, tt.wantMeasured)
			}
			if len(notes) != len(tt.wantLeftOut) {
				t.Fatalf("notes %q; want %d left out", notes, len(tt.wantLeftOut))
			}
			for i, name := range tt.wantLeftOut {
				if !strings.Contains(notes[i], name) || !strings.Contains(notes[i], "innodb_redo_log_capacity") {
					t.Errorf("note %q does not name %s and its replacement", notes[i], name)
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
