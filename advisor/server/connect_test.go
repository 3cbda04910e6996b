package server

import (
	"errors"
	"strings"
	"testing"
)

func TestDriverConfigFollowsTheMySQLClient(t *testing.T) {
	tests := []struct {
		name           string
		in             ConnOptions
		net, addr, usr string
	}{
		{"nothing: local socket as root", ConnOptions{}, "unix", DefaultSocket(), "root"},
		{"a remote host means TCP even with a socket", ConnOptions{Socket: "/tmp/x.sock", Host: "db1"}, "tcp", "db1:3306", "root"},
		{"localhost and a socket: the socket", ConnOptions{Socket: "/tmp/x.sock", Host: "localhost", Port: 3307}, "unix", "/tmp/x.sock", "root"},
		{"host alone: port 3306", ConnOptions{Host: "db1", User: "dba"}, "tcp", "db1:3306", "dba"},
		{"localhost means the socket", ConnOptions{Host: "localhost"}, "unix", DefaultSocket(), "root"},
		{"localhost with a port means TCP on loopback", ConnOptions{Host: "localhost", Port: 3307}, "tcp", "127.0.0.1:3307", "root"},
		{"port alone: loopback", ConnOptions{Port: 3310}, "tcp", "127.0.0.1:3310", "root"},
		{"ipv6 host", ConnOptions{Host: "::1", Port: 3306}, "tcp", "[::1]:3306", "root"},
		{"dsn", ConnOptions{DSN: "app:pw@tcp(db2:3307)/"}, "tcp", "db2:3307", "app"},
		{"flags override dsn parts", ConnOptions{DSN: "app:pw@tcp(db2:3307)/", User: "dba", Socket: "/s"}, "unix", "/s", "dba"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := tt.in.DriverConfig()
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Net != tt.net || cfg.Addr != tt.addr || cfg.User != tt.usr {
				t.Errorf("got %s(%s) as %s", cfg.Net, cfg.Addr, cfg.User)
			}
			if cfg.Timeout != DefaultConnectTimeout {
				t.Errorf("connect timeout %s", cfg.Timeout)
			}
		})
	}
}

func TestBadDSNErrorHidesThePassword(t *testing.T) {
	_, err := ConnOptions{DSN: "app:s3cret@tcp(db2:3307"}.DriverConfig()
	if err == nil {
		t.Fatal("malformed DSN accepted")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("password in error: %v", err)
	}
}

func TestRedactDSN(t *testing.T) {
	for in, want := range map[string]string{
		"app:s3cret@tcp(db:3306)/":   "app:***@tcp(db:3306)/",
		"app:p@ss@word@unix(/s)/":    "app:***@unix(/s)/",
		"app@tcp(db:3306)/":          "app@tcp(db:3306)/",
		"no-credentials-at-all-here": "no-credentials-at-all-here",
	} {
		if got := redactDSN(in); got != want {
			t.Errorf("redactDSN(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRedactErr(t *testing.T) {
	err := redactErr(errors.New("bad pw hunter2 here"), "hunter2")
	if strings.Contains(err.Error(), "hunter2") {
		t.Fatal(err)
	}
	if got := redactErr(nil, "x"); got != nil {
		t.Fatal(got)
	}
}

func TestOriginFromServer(t *testing.T) {
	for in, want := range map[string]string{"COMPILE-TIME": "compiled", "COMPILED": "compiled", "CONFIG": "config",
		"COMMAND-LINE": "config", "EXPLICIT": "config", "SQL": "runtime", "DYNAMIC": "runtime", "": "unknown"} {
		if got := string(originFromServer(in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}
