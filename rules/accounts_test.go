package rules

import "testing"

func TestAccountNamesAndPlugins(t *testing.T) {
	for _, tt := range []struct{ user, host, want string }{
		{"app", "%", "'app'@'%'"},
		{"o'brien", "10.0.0.%", `'o''brien'@'10.0.0.%'`},
		{`back\slash`, "localhost", `'back\\slash'@'localhost'`},
	} {
		if got := AccountName(tt.user, tt.host); got != tt.want {
			t.Errorf("AccountName(%q, %q) = %s, want %s", tt.user, tt.host, got, tt.want)
		}
	}
	// MariaDB shows an empty plugin for accounts created without one.
	for in, want := range map[string]string{"": "mysql_native_password", "Caching_SHA2_Password ": "caching_sha2_password", "unix_socket": "unix_socket"} {
		if got := PluginName(in); got != want {
			t.Errorf("PluginName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAccountsAdd(t *testing.T) {
	var a Accounts
	a.Add("app", "%", "", false)
	a.Add("mysql.sys", "localhost", "caching_sha2_password", true)
	a.Add("web", "10.%", "Caching_SHA2_Password", false)
	if a.Locked != 1 || a.Count("mysql_native_password") != 1 || a.Count("caching_sha2_password") != 1 {
		t.Errorf("accounts %+v", a)
	}
	if got := a.ByPlugin["mysql_native_password"]; len(got) != 1 || got[0] != "'app'@'%'" {
		t.Errorf("native accounts %q", got)
	}
}
