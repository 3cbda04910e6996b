package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestVersionOfAnUnstampedBuildSaysDev(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, stderr, code := run(t, nil, args...)
		if code != 0 || !strings.HasPrefix(out, "upgrade-advisor "+devVersion+" (development build") ||
			!strings.Contains(out, "go:      "+runtime.Version()) {
			t.Errorf("%v: exit %d, stderr %q:\n%s", args, code, stderr, out)
		}
	}
}

func TestVersionStampedByTheReleaseFlags(t *testing.T) {
	stamped := filepath.Join(t.TempDir(), "upgrade-advisor")
	ldflags := "-X main.version=9.8.7 -X main.commit=0123456789abcdef0123456789abcdef01234567 -X main.date=2026-01-02T03:04:05Z"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", stamped, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	text, err := exec.Command(stamped, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"upgrade-advisor 9.8.7\n", "commit:  0123456789abcdef0123456789abcdef01234567\n", "built:   2026-01-02T03:04:05Z\n"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("--version lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(string(text), "development") {
		t.Errorf("a stamped release calls itself a development build:\n%s", text)
	}
	raw, err := exec.Command(stamped, "version", "--format", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var got buildInfo
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, raw)
	}
	want := buildInfo{Version: "9.8.7", Commit: "0123456789abcdef0123456789abcdef01234567", Date: "2026-01-02T03:04:05Z",
		GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH, ReportSchemaVersion: 1}
	if got != want {
		t.Errorf("version --format json = %+v, want %+v", got, want)
	}
}

func TestVersionRefusesAnUnknownFormat(t *testing.T) {
	if _, stderr, code := run(t, nil, "version", "--format", "yaml"); code != 2 || !strings.Contains(stderr, "use text or json") {
		t.Errorf("exit %d, stderr %q; want exit 2 naming text and json", code, stderr)
	}
}

func TestIsReleaseVersion(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want bool
	}{
		{"v1.2.3", true},
		{"v1.2.3-rc.1", true},
		{"(devel)", false},
		{"", false},
		{"v0.0.0-20261201143146-47691ce1234a", false},
		{"v1.2.4-0.20261201143146-47691ce1234a", false},
		{"v1.2.3+dirty", false},
	} {
		if got := isReleaseVersion(tc.v); got != tc.want {
			t.Errorf("isReleaseVersion(%q) = %v, want %v", tc.v, got, tc.want)
		}
	}
}
