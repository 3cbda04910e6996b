package main

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/rules/knowledge/internal/sysvars"
)

// The derivation rules, one sysvars.json entry each.
func TestDeriveFact(t *testing.T) {
	v := flavor.V
	tests := []struct {
		name, entry string
		want        fact
	}{
		{"added before 5.5 is dropped, defaults start at 5.5.0, units and repeats dropped",
			`{"name": "x", "version": "5.1.38", "initial": {"all": {"default": {"all": "1024 (1 KB)"}}},
			  "changes": [{"version": "5.5.3", "all": {"default": {"64": "1024 (1 KB)"}}},
			              {"version": "8.0.1", "all": {"default": {"all": "4096 (4 KB)"}}}]}`,
			fact{name: "x", kind: "KindNumber", defaults: []dflt{{v(5, 5, 0), "1024", false}, {v(8, 0, 1), "4096", false}}}},
		{"a default dated before the variable was added starts when it was added",
			`{"name": "x", "version": "8.0.26", "changes": [{"version": "5.1.19", "all": {"default": {"all": "OFF"}}},
			  {"version": "8.0.30", "all": {"default": {"all": "ON"}}}]}`,
			fact{name: "x", kind: "KindBool", added: v(8, 0, 26), defaults: []dflt{{v(8, 0, 26), "OFF", false}, {v(8, 0, 30), "ON", false}}}},
		{"-1 and rules are computed; NULL is empty",
			`{"name": "x", "version": "5.7.2", "initial": {"all": {"default": {"all": "NULL"}}},
			  "changes": [{"version": "5.7.6", "all": {"default": {"all": "-1"}}},
			              {"version": "8.4.0", "all": {"default": {"all": "2 * y (Bytes)"}}}]}`,
			fact{name: "x", kind: "KindString", added: v(5, 7, 2), defaults: []dflt{{v(5, 7, 2), "", false},
				{v(5, 7, 6), "autosized at start-up (-1)", true}, {v(8, 4, 0), "2 * y", true}}}},
		{"lifecycle; a component replacement is dropped",
			`{"name": "x", "version": "5.7.5", "deprecation": "8.0.2", "removal": "8.0.13", "replacement": "syseventlog.tag"}`,
			fact{name: "x", kind: "KindString", added: v(5, 7, 5), deprecated: v(8, 0, 2), removed: v(8, 0, 13)}},
		{"lists are sets, single words enums",
			`{"name": "x", "version": "8.0.21", "initial": {"all": {"default": {"all": "TLSv1.2,TLSv1.3"}}},
			  "changes": [{"version": "9.0.0", "all": {"default": {"all": "TLSv1.3"}}}]}`,
			fact{name: "x", kind: "KindSet", added: v(8, 0, 21), defaults: []dflt{{v(8, 0, 21), "TLSv1.2,TLSv1.3", false}, {v(9, 0, 0), "TLSv1.3", false}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e sysvars.Entry
			if err := json.Unmarshal([]byte(tt.entry), &e); err != nil {
				t.Fatal(err)
			}
			got, err := deriveFact("x", e)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", *got, tt.want)
			}
		})
	}
}

// An override must name a generated variable.
func TestStaleOverrideFails(t *testing.T) {
	if err := applyOverrides(map[string]*fact{}); err == nil {
		t.Error("overrides of variables that are not generated were accepted")
	}
}
