package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestNormalizeArgsAcceptsTheMySQLClientForms(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"ua", "inspect", "-uroot", "-P3307", "-hdb1", "-S/tmp/x.sock"}, []string{"ua", "inspect", "--user=root", "--port=3307", "--host=db1", "--socket=/tmp/x.sock"}},
		{[]string{"ua", "inspect", "-pS3cret"}, []string{"ua", "inspect", "--password=S3cret"}},
		{[]string{"ua", "inspect", "-p", "-u", "root"}, []string{"ua", "inspect", "--password-prompt", "-u", "root"}},
		{[]string{"ua", "inspect", "--password"}, []string{"ua", "inspect", "--password-prompt"}},
		{[]string{"ua", "inspect", "--password=x", "-q"}, []string{"ua", "inspect", "--password=x", "-q"}},
		{[]string{"ua", "inspect", "--", "-uroot"}, []string{"ua", "inspect", "--", "-uroot"}},
	}
	for _, tt := range tests {
		if got := normalizeArgs(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("normalizeArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMergeSettingsPrecedence(t *testing.T) {
	env := map[string]string{"host": "envhost", "password": "envpw"}
	files := map[string]string{"host": "filehost", "user": "fileuser"}
	flags := map[string]string{"user": "flaguser"}
	got := mergeSettings(env, files, flags)
	want := map[string]string{"host": "filehost", "user": "flaguser", "password": "envpw"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestConnFromSettings(t *testing.T) {
	o, err := connFromSettings(map[string]string{"port": "3307", "connect_timeout": "5", "ssl_mode": "REQUIRED"})
	if err != nil || o.Port != 3307 || o.ConnectTimeout != 5*time.Second || o.TLS.Mode != "REQUIRED" {
		t.Fatalf("got %+v, %v", o, err)
	}
	for _, bad := range []map[string]string{{"port": "x"}, {"port": "70000"}, {"connect_timeout": "soon"}} {
		if _, err := connFromSettings(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// writeMyCnf writes ~/.my.cnf in a fresh HOME and returns the env to use it.
func writeMyCnf(t *testing.T, content string) []string {
	t.Helper()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"HOME=" + home, "MYSQL_UNIX_PORT=", "MYSQL_PWD="}
}

func TestOptionFilesAsTheMySQLClientReadsThem(t *testing.T) {
	sock := socketOf(t)
	t.Run("~/.my.cnf alone connects", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = "+sock+"\nuser = root\n")
		if _, stderr, code := run(t, env, "inspect", "-q"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("[upgrade-advisor] group is read", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = /nonexistent/x.sock\n[upgrade-advisor]\nsocket = "+sock+"\n")
		if _, stderr, code := run(t, env, "inspect", "-q"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("option file beats the environment, --no-defaults ignores it", func(t *testing.T) {
		env := append(writeMyCnf(t, "[client]\nsocket = /nonexistent/x.sock\n"), "MYSQL_UNIX_PORT="+sock)
		if _, stderr, code := run(t, env, "inspect", "-q"); code != exitcode.Error || !strings.Contains(stderr, "/nonexistent/x.sock") {
			t.Fatalf("option file not used: exit %d: %s", code, stderr)
		}
		if _, stderr, code := run(t, env, "inspect", "-q", "--no-defaults"); code != 0 {
			t.Fatalf("--no-defaults still read the file: exit %d: %s", code, stderr)
		}
	})
	t.Run("a flag overrides the option file", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = /nonexistent/x.sock\n")
		if _, stderr, code := run(t, env, "inspect", "-q", "-S"+sock); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("--dsn's own socket counts over the option file's", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = /nonexistent/x.sock\n")
		if _, stderr, code := run(t, append(env, "MYSQL_UNIX_PORT=/nonexistent/y.sock"), "inspect", "-q", "--dsn", "root@unix("+sock+")/"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("-S overrides --dsn's socket", func(t *testing.T) {
		env := writeMyCnf(t, "")
		if _, stderr, code := run(t, env, "inspect", "-q", "--dsn", "root@unix(/nonexistent/z.sock)/", "-S", sock); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("a DSN setting session variables is refused", func(t *testing.T) {
		env := writeMyCnf(t, "")
		if _, stderr, code := run(t, env, "inspect", "-q", "--dsn", "root@unix("+sock+")/?sql_log_bin=1"); code != exitcode.Error || !strings.Contains(stderr, "sql_log_bin") {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
	t.Run("--defaults-file is the only file read", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = /nonexistent/x.sock\n")
		only := filepath.Join(t.TempDir(), "only.cnf")
		os.WriteFile(only, []byte("[client]\nsocket="+sock+"\n"), 0o600)
		if _, stderr, code := run(t, env, "inspect", "-q", "--defaults-file", only); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if _, stderr, code := run(t, env, "inspect", "-q", "--defaults-file", only+".missing"); code != exitcode.Error || !strings.Contains(stderr, "option file") {
			t.Fatalf("missing --defaults-file: exit %d: %s", code, stderr)
		}
	})
	t.Run("a password from an option file is never printed", func(t *testing.T) {
		env := writeMyCnf(t, "[client]\nsocket = "+sock+"\nuser = ua_nobody\npassword = F1le-Secret\n")
		stdout, stderr, code := run(t, env, "inspect", "-q")
		if code != exitcode.Error || strings.Contains(stdout+stderr, "F1le-Secret") || strings.Contains(stderr, "command line") {
			t.Fatalf("exit %d, stderr %s", code, stderr)
		}
	})
}

func FuzzNormalizeArgs(f *testing.F) {
	for _, s := range []string{"-uroot", "-p", "-pS3cret", "--password", "-P3307", "--", "-h", "--format=json"} {
		f.Add(s, "-q")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		in := []string{"upgrade-advisor", "inspect", a, b}
		out := normalizeArgs(in)
		if len(out) != len(in) || out[0] != in[0] || out[1] != in[1] {
			t.Fatalf("normalizeArgs(%q) = %q", in, out)
		}
		for _, arg := range out {
			if arg == "--" {
				break // everything after -- is left as it is
			}
			if arg == "-p" || arg == "--password" {
				t.Fatalf("a bare password flag survived: %q", out)
			}
		}
	})
}

// TestBarePAsksWithoutEcho runs the binary on a pseudo-terminal (util-linux
// script), answers the prompt and checks the password is not echoed.
func TestBarePAsksWithoutEcho(t *testing.T) {
	scriptBin, err := exec.LookPath("script")
	if err != nil {
		t.Fatal("util-linux script is needed to give the binary a terminal (Debian: bsdutils)")
	}
	sock := socketOf(t)
	db := faultOpenDB(t, sandboxtest.SharedDSN(t))
	if _, err := db.Exec("CREATE USER IF NOT EXISTS 'ua_prompt'@'localhost' IDENTIFIED BY 'Pr0mpt-pw'"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP USER IF EXISTS 'ua_prompt'@'localhost'") })
	typescript := filepath.Join(t.TempDir(), "typescript")
	cmd := exec.Command(scriptBin, "-qfc", binary+" inspect --no-defaults -S "+sock+" -u ua_prompt -p -q", typescript)
	stdin, _ := cmd.StdinPipe()
	go func() { // answer once the prompt is on the terminal (script -f flushes it)
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if b, _ := os.ReadFile(typescript); strings.Contains(string(b), "Enter password:") {
				break
			}
		}
		time.Sleep(200 * time.Millisecond) // echo is switched off right after the prompt is written
		io.WriteString(stdin, "Pr0mpt-pw\r")
	}()
	cmd.Run()
	out, err := os.ReadFile(typescript)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "Enter password:") || !strings.Contains(string(out), "Server: MariaDB") {
		t.Fatalf("no prompt or no report:\n%s", out)
	}
	if strings.Contains(string(out), "Pr0mpt-pw") {
		t.Fatalf("the password was echoed:\n%s", out)
	}
}

func TestProgressBarOnlyOnATerminal(t *testing.T) {
	scriptBin, err := exec.LookPath("script")
	if err != nil {
		t.Fatal("util-linux script is needed to give the binary a terminal (Debian: bsdutils)")
	}
	sock := socketOf(t)
	args := "bench --no-defaults -S " + sock + " --tables 5 --rounds 2"
	typescript := filepath.Join(t.TempDir(), "typescript")
	exec.Command(scriptBin, "-qfc", binary+" "+args, typescript).Run()
	out, _ := os.ReadFile(typescript)
	if !strings.Contains(string(out), "calibrating [") {
		t.Errorf("no progress bar on a terminal:\n%s", out)
	}
	exec.Command(scriptBin, "-qfc", binary+" "+args+" --quiet", typescript).Run()
	if out, _ := os.ReadFile(typescript); strings.Contains(string(out), "calibrating [") {
		t.Errorf("progress bar despite --quiet")
	}
	_, stderr, code := run(t, nil, strings.Fields(args)...)
	if code != 0 || strings.Contains(stderr, "calibrating") {
		t.Errorf("progress on a pipe (exit %d): %q", code, stderr)
	}
}
