package server

import (
	"strings"
	"testing"
)

func TestMissingPrivileges(t *testing.T) {
	set := func(ps ...string) map[string]bool {
		m := map[string]bool{}
		for _, p := range ps {
			m[p] = true
		}
		return m
	}
	const schema = "upgrade_advisor_0a1b2c3d4e5f6a7b"
	tests := []struct {
		name      string
		g         grants
		setGlobal bool
		want      []string // substrings of what is missing; empty = nothing
	}{
		{"root", grants{global: set("CREATE", "DROP", "SUPER")}, true, nil},
		{"nothing", grants{global: set("USAGE")}, false, []string{"CREATE", "DROP"}},
		{"schema pattern grant", grants{global: set("USAGE"), schema: map[string]map[string]bool{`upgrade\_advisor\_%`: set("CREATE", "DROP")}}, false, nil},
		{"grant on another schema", grants{global: set("USAGE"), schema: map[string]map[string]bool{"app": set("CREATE", "DROP")}}, false, []string{"CREATE", "DROP"}},
		{"set global needs super", grants{global: set("CREATE", "DROP")}, true, []string{"SUPER"}},
		{"mysql 8 dynamic privilege", grants{global: set("CREATE", "DROP", "SYSTEM_VARIABLES_ADMIN")}, true, nil},
		{"create only", grants{global: set("CREATE")}, false, []string{"DROP"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(missingPrivileges(tt.g, schema, tt.setGlobal), "; ")
			if len(tt.want) == 0 && got != "" {
				t.Fatalf("missing %q, want nothing", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q does not name %s", got, w)
				}
			}
		})
	}
}

func TestLikeMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{`upgrade\_advisor\_%`, "upgrade_advisor_abc", true},
		{`upgrade\_advisor\_%`, "upgradeXadvisor_abc", false},
		{`upgrade_advisor%`, "upgradeXadvisor", true},
		{"%", "anything", true},
		{"app", "App", true},
		{"app", "apps", false},
		{"a%c", "abbbc", true},
		{"a%c", "abbb", false},
	}
	for _, tt := range tests {
		if got := likeMatch(tt.pattern, tt.s); got != tt.want {
			t.Errorf("likeMatch(%q, %q) = %v", tt.pattern, tt.s, got)
		}
	}
}

func TestGrantsFromShowGrants(t *testing.T) {
	tests := []struct {
		name      string
		lines     []string
		setGlobal bool
		missing   int
	}{
		{"root", []string{"GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION", "GRANT PROXY ON ``@`%` TO `root`@`localhost` WITH GRANT OPTION"}, true, 0},
		{"through a role", []string{"GRANT `ua_role` TO `u`@`localhost`", "GRANT USAGE ON *.* TO `u`@`localhost`",
			"GRANT SUPER ON *.* TO `ua_role`", "GRANT CREATE, DROP ON `upgrade\\_advisor\\_%`.* TO `ua_role`"}, true, 0},
		{"mysql 8 dynamic", []string{"GRANT CREATE, DROP ON *.* TO `u`@`%`", "GRANT SYSTEM_VARIABLES_ADMIN ON *.* TO `u`@`%`"}, true, 0},
		{"select only", []string{"GRANT SELECT ON *.* TO `u`@`localhost`"}, false, 2},
		{"column and table grants do not count", []string{"GRANT SELECT (a), INSERT ON `app`.`t` TO `u`@`%`", "GRANT CREATE ON `app`.* TO `u`@`%`"}, false, 2},
		{"all on the scratch pattern", []string{"GRANT ALL PRIVILEGES ON `upgrade\\_advisor\\_%`.* TO `u`@`%`"}, true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := grants{global: map[string]bool{}, schema: map[string]map[string]bool{}}
			for _, l := range tt.lines {
				g.add(l)
			}
			if got := missingPrivileges(g, "upgrade_advisor_0123456789abcdef", tt.setGlobal); len(got) != tt.missing {
				t.Errorf("missing %q, want %d missing", got, tt.missing)
			}
		})
	}
}

func TestSplitPrivileges(t *testing.T) {
	got := strings.Join(splitPrivileges("SELECT, INSERT (a, b), create ,ALL PRIVILEGES"), "|")
	if got != "SELECT|INSERT|CREATE|ALL PRIVILEGES" {
		t.Fatalf("got %q", got)
	}
}
