package main

import (
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestSandboxCacheShowAndClear: a sandbox started with an empty cache
// leaves its initialised datadir there; `sandbox cache` shows it,
// `sandbox cache --clear` removes it, and the cache is empty after.
func TestSandboxCacheShowAndClear(t *testing.T) {
	sandboxtest.RequireServer(t)
	cache := sandboxtest.ShortTempDir(t)
	env := []string{sandbox.EnvCacheDir + "=" + cache}
	if out, _, code := run(t, env, "sandbox", "cache"); code != 0 || !strings.Contains(out, "empty") {
		t.Fatalf("show of an empty cache: exit %d, %q", code, out)
	}
	parent := sandboxtest.ShortTempDir(t)
	stdout, stderr, code := run(t, env, "sandbox", "start", "--dir", parent)
	if code != 0 {
		t.Fatalf("sandbox start: exit %d: %s", code, stderr)
	}
	m := fieldLine.FindAllStringSubmatch(stdout, -1)
	if len(m) == 0 {
		t.Fatalf("no dir line in %q", stdout)
	}
	if _, stderr, code := run(t, nil, "sandbox", "stop", m[0][2]); code != 0 {
		t.Fatalf("sandbox stop: exit %d: %s", code, stderr)
	}
	out, _, code := run(t, env, "sandbox", "cache")
	if code != 0 || !strings.Contains(out, cache+"/datadirs/") || !strings.Contains(out, "datadir") {
		t.Fatalf("show after a start: exit %d, %q", code, out)
	}
	out, _, code = run(t, env, "sandbox", "cache", "--clear")
	if code != 0 || !strings.Contains(out, "removed "+cache+"/datadirs/") {
		t.Fatalf("clear: exit %d, %q", code, out)
	}
	if out, _, _ := run(t, env, "sandbox", "cache"); !strings.Contains(out, "empty") {
		t.Errorf("show after clear: %q", out)
	}
}
