package server

import "testing"

func TestAccountNamesAndPlugins(t *testing.T) {
	for _, tt := range []struct{ user, host, want string }{
		{"app", "%", "'app'@'%'"},
		{"o'brien", "10.0.0.%", `'o''brien'@'10.0.0.%'`},
		{`back\slash`, "localhost", `'back\\slash'@'localhost'`},
	} {
		if got := accountName(tt.user, tt.host); got != tt.want {
			t.Errorf("accountName(%q, %q) = %s, want %s", tt.user, tt.host, got, tt.want)
		}
	}
	// MariaDB shows an empty plugin for accounts created without one.
	for in, want := range map[string]string{"": "mysql_native_password", "Caching_SHA2_Password ": "caching_sha2_password", "unix_socket": "unix_socket"} {
		if got := pluginName(in); got != want {
			t.Errorf("pluginName(%q) = %q, want %q", in, got, want)
		}
	}
}
