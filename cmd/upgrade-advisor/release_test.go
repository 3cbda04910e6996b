package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// releaseVersion is what the test asks scripts/release.sh to build.
const releaseVersion = "1.2.3"

// TestReleaseBuildsInstallablePackages runs scripts/release.sh once (five
// platforms and four packages: a minute or two on two cores, seconds with a
// warm build cache), checks every file and SHA256SUMS, looks at each binary's
// format and architecture, unpacks the .deb with dpkg-deb and the .rpm with
// rpm2cpio | cpio into scratch roots, runs the packaged binary's version,
// --help and check, and renders the packaged man page with man -l.
func TestReleaseBuildsInstallablePackages(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the release build takes a while")
	}
	for _, tool := range []string{"git", "dpkg-deb", "rpm2cpio", "cpio", "man", "bash"} {
		requireTool(t, tool)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(mustRun(t, root, "git", "rev-parse", "HEAD"))
	dist := filepath.Join(t.TempDir(), "dist")
	cmd := exec.Command(filepath.Join(root, "scripts", "release.sh"), releaseVersion)
	cmd.Dir, cmd.Env = root, append(os.Environ(), "RELEASE_DIST="+dist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/release.sh %s: %v\n%s", releaseVersion, err, out)
	}

	prefix := "upgrade-advisor_" + releaseVersion + "_"
	deb := map[string]string{"amd64": prefix[:len(prefix)-1] + "_amd64.deb", "arm64": prefix[:len(prefix)-1] + "_arm64.deb"}
	rpm := map[string]string{"amd64": "upgrade-advisor-" + releaseVersion + "-1.x86_64.rpm", "arm64": "upgrade-advisor-" + releaseVersion + "-1.aarch64.rpm"}
	want := []string{"SHA256SUMS", deb["amd64"], deb["arm64"], rpm["amd64"], rpm["arm64"],
		prefix + "darwin_amd64.tar.gz", prefix + "darwin_arm64.tar.gz", prefix + "linux_amd64.tar.gz", prefix + "linux_arm64.tar.gz",
		prefix + "windows_amd64.zip"}
	checkDistFiles(t, dist, want)
	checkSums(t, dist)

	for _, a := range []struct{ name, platform string }{
		{prefix + "linux_amd64.tar.gz", "linux/amd64"}, {prefix + "linux_arm64.tar.gz", "linux/arm64"},
		{prefix + "darwin_amd64.tar.gz", "darwin/amd64"}, {prefix + "darwin_arm64.tar.gz", "darwin/arm64"},
		{prefix + "windows_amd64.zip", "windows/amd64"},
	} {
		t.Run(a.platform, func(t *testing.T) { checkArchive(t, filepath.Join(dist, a.name), a.platform) })
	}

	for _, arch := range []string{"amd64", "arm64"} {
		t.Run("deb-"+arch, func(t *testing.T) {
			dir := t.TempDir()
			mustRun(t, dist, "dpkg-deb", "-x", deb[arch], dir)
			for field, want := range map[string]string{"Package": "upgrade-advisor", "Version": releaseVersion, "Architecture": arch, "License": "Apache-2.0"} {
				if got := strings.TrimSpace(mustRun(t, dist, "dpkg-deb", "-f", deb[arch], field)); got != want {
					t.Errorf("%s: %s = %q, want %q", deb[arch], field, got, want)
				}
			}
			for _, field := range []string{"Maintainer", "Homepage", "Description"} {
				if strings.TrimSpace(mustRun(t, dist, "dpkg-deb", "-f", deb[arch], field)) == "" {
					t.Errorf("%s: no %s", deb[arch], field)
				}
			}
			checkPackageRoot(t, dir, arch, head, "usr/share/zsh/vendor-completions/_upgrade-advisor")
			checkLicenseText(t, filepath.Join(root, "LICENSE"), filepath.Join(dir, "usr/share/doc/upgrade-advisor/copyright"))
			control := t.TempDir()
			mustRun(t, dist, "dpkg-deb", "-e", deb[arch], control)
			checkPostrm(t, filepath.Join(control, "postrm"))
		})
		t.Run("rpm-"+arch, func(t *testing.T) {
			dir := t.TempDir()
			unpackRPM(t, filepath.Join(dist, rpm[arch]), dir)
			checkPackageRoot(t, dir, arch, head, "usr/share/zsh/site-functions/_upgrade-advisor")
			checkLicenseText(t, filepath.Join(root, "LICENSE"), filepath.Join(dir, "usr/share/licenses/upgrade-advisor/LICENSE"))
			// The header comes before the compressed payload; without rpm(8) here,
			// its License tag is found as the string it holds.
			if data, err := os.ReadFile(filepath.Join(dist, rpm[arch])); err != nil || !bytes.Contains(data[:min(len(data), 1<<16)], []byte("\x00Apache-2.0\x00")) {
				t.Errorf("%s: the header names no Apache-2.0 license (%v)", rpm[arch], err)
			}
		})
	}
}

// requireTool skips without the tool, and fails under CI=true, where
// scripts/test.sh installs it.
func requireTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if sandboxtest.InCI() {
			t.Fatalf("%s is missing and CI=true: scripts/test.sh installs it (apt-get install rpm2cpio cpio man-db)", name)
		}
		t.Skipf("%s is not installed (apt-get install rpm2cpio cpio man-db)", name)
	}
}

func mustRun(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return string(out)
}

func checkDistFiles(t *testing.T, dist string, want []string) {
	t.Helper()
	entries, err := os.ReadDir(dist)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	wantSorted := slices.Sorted(slices.Values(want))
	if strings.Join(got, "\n") != strings.Join(wantSorted, "\n") {
		t.Fatalf("dist/ holds\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(wantSorted, "\n  "))
	}
}

// checkSums verifies SHA256SUMS as sha256sum -c would, and that it names
// every other file.
func checkSums(t *testing.T, dist string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q is not \"<sha256>  <name>\"", sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			t.Fatal(err)
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s: sha256 %x, SHA256SUMS says %s", name, h, sum)
		}
		listed++
	}
	entries, _ := os.ReadDir(dist)
	if listed != len(entries)-1 {
		t.Errorf("SHA256SUMS lists %d files, dist/ has %d besides it", listed, len(entries)-1)
	}
}

// checkArchive opens a .tar.gz or .zip, checks its files and that its binary
// is an executable of the platform.
func checkArchive(t *testing.T, path, platform string) {
	files := readArchive(t, path)
	exe := "upgrade-advisor"
	if strings.HasPrefix(platform, "windows/") {
		exe += ".exe"
	}
	for _, name := range []string{exe, "README.md", "upgrade-advisor.1", "completions/upgrade-advisor.bash", "completions/_upgrade-advisor"} {
		if _, ok := files[name]; !ok {
			t.Errorf("%s has no %s (has %v)", filepath.Base(path), name, keys(files))
		}
	}
	if got := binaryPlatform(t, files[exe]); got != platform {
		t.Errorf("%s: the binary is for %s, want %s", filepath.Base(path), got, platform)
	}
	if !strings.Contains(files["upgrade-advisor.1"], ".TH upgrade-advisor 1") {
		t.Errorf("%s: upgrade-advisor.1 is not a section 1 man page:\n%.200s", filepath.Base(path), files["upgrade-advisor.1"])
	}
}

func keys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }

// readArchive returns the files of an archive by their name under its one
// top directory, which must be the archive's own name.
func readArchive(t *testing.T, path string) map[string]string {
	t.Helper()
	top := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".tar.gz"), ".zip") + "/"
	files := map[string]string{}
	add := func(name string, r io.Reader) {
		rest, ok := strings.CutPrefix(name, top)
		if !ok {
			t.Errorf("%s: %s is outside %s", filepath.Base(path), name, top)
			return
		}
		data, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		files[rest] = string(data)
	}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			add(f.Name, rc)
			rc.Close()
		}
		return files
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			add(h.Name, tr)
		}
	}
}

// binaryPlatform reads an executable's format and machine: "linux/arm64",
// "windows/amd64" (a PE32+ image), "darwin/arm64" (Mach-O).
func binaryPlatform(t *testing.T, data string) string {
	t.Helper()
	r := strings.NewReader(data)
	if f, err := elf.NewFile(r); err == nil {
		return "linux/" + map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine]
	}
	if f, err := pe.NewFile(r); err == nil {
		if _, plus := f.OptionalHeader.(*pe.OptionalHeader64); !plus {
			return "windows/not PE32+"
		}
		return "windows/" + map[uint16]string{pe.IMAGE_FILE_MACHINE_AMD64: "amd64", pe.IMAGE_FILE_MACHINE_ARM64: "arm64"}[f.Machine]
	}
	if f, err := macho.NewFile(r); err == nil {
		return "darwin/" + map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu]
	}
	return "not an executable"
}

// unpackRPM extracts an .rpm's payload under dir; never over / (GNU cpio
// writes absolute names as they are without --no-absolute-filenames).
//
// rpm2cpio exits 1, silently, on the rpms nfpm writes: their archive-size
// tag counts the files' bytes without the cpio headers (google/rpmpack
// issue 60), and rpm2cpio compares it with what it copied. rpm itself
// installs them (rpm -i --root). So exit 1 with nothing on stderr is taken
// when the stream is a whole cpio archive (it ends with the trailer) and
// cpio unpacks it; the files are checked afterwards.
func unpackRPM(t *testing.T, rpmPath, dir string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	conv := exec.Command("rpm2cpio", rpmPath)
	conv.Stdout, conv.Stderr = &stdout, &stderr
	var ee *exec.ExitError
	if err := conv.Run(); err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1 && stderr.Len() == 0 &&
		bytes.Contains(stdout.Bytes()[max(0, stdout.Len()-1024):], []byte("TRAILER!!!"))) {
		t.Fatalf("rpm2cpio %s: %v\n%s", rpmPath, err, stderr.Bytes())
	}
	payload := stdout.String()
	cpio := exec.Command("cpio", "-idm", "--no-absolute-filenames", "--quiet")
	cpio.Dir, cpio.Stdin = dir, strings.NewReader(payload)
	if out, err := cpio.CombinedOutput(); err != nil {
		t.Fatalf("cpio: %v\n%s", err, out)
	}
}

// checkPackageRoot checks an unpacked package: the files in their places and,
// for this machine's architecture, the packaged binary's version, --help,
// check and man page.
func checkPackageRoot(t *testing.T, dir, arch, head, zshPath string) {
	t.Helper()
	bin := filepath.Join(dir, "usr/bin/upgrade-advisor")
	man := filepath.Join(dir, "usr/share/man/man1/upgrade-advisor.1.gz")
	bash := filepath.Join(dir, "usr/share/bash-completion/completions/upgrade-advisor")
	for _, p := range []string{bin, man, bash, filepath.Join(dir, zshPath)} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("not in the package: %v", err)
		}
	}
	if fi, err := os.Stat(bin); err == nil && fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("%s is not executable: %v", bin, fi.Mode())
	}
	if data, err := os.ReadFile(filepath.Join(dir, zshPath)); err == nil && !strings.HasPrefix(string(data), "#compdef upgrade-advisor\n") {
		t.Errorf("%s is not a zsh completion:\n%.100s", zshPath, data)
	}
	mustRun(t, dir, "bash", "-n", bash)
	if t.Failed() || arch != runtime.GOARCH || runtime.GOOS != "linux" {
		return // another architecture's binary: its format is checked with the archives
	}
	version := mustRun(t, dir, bin, "version")
	if !strings.HasPrefix(version, "upgrade-advisor "+releaseVersion+"\n") || !strings.Contains(version, "commit:  "+head) {
		t.Errorf("packaged version does not say %s and commit %s:\n%s", releaseVersion, head, version)
	}
	var info buildInfo
	if err := json.Unmarshal([]byte(mustRun(t, dir, bin, "version", "--format", "json")), &info); err != nil || info.Version != releaseVersion || info.Dev {
		t.Errorf("packaged version --format json: %+v (%v)", info, err)
	}
	if help := mustRun(t, dir, bin, "--help"); !strings.Contains(help, "USAGE:") || !strings.Contains(help, "EXIT CODES") {
		t.Errorf("packaged --help:\n%s", help)
	}
	fixture, _ := filepath.Abs("../../rules/testdata/snapshots/mysql-5.5.42.vars")
	var report struct {
		Tool     struct{ Version string }
		Findings []struct{ ID string }
	}
	out := mustRun(t, dir, bin, "check", "--variables", fixture, "--target", "5.6", "--workload", "ddl-heavy", "--format", "json")
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("packaged check: not JSON: %v\n%s", err, out)
	}
	if report.Tool.Version != releaseVersion || !strings.Contains(out, `"default-drift"`) {
		t.Errorf("packaged check of a 5.5 dump for 5.6: tool %q, findings %+v", report.Tool.Version, report.Findings)
	}
	page := exec.Command("man", "-l", "-P", "cat", man)
	page.Env = append(os.Environ(), "MANWIDTH=200", "LC_ALL=C")
	rendered, err := page.CombinedOutput()
	if err != nil || !strings.Contains(string(rendered), "upgrade-advisor - measured, upgrade-aware my.cnf advice") ||
		!strings.Contains(string(rendered), "--allow-set-global") || !strings.Contains(string(rendered), "upgrade-advisor(1)") {
		t.Errorf("man -l %s: %v\n%.600s", man, err, rendered)
	}
}

// checkLicenseText checks that a package carries the repository's LICENSE,
// the Apache License 2.0, whole.
func checkLicenseText(t *testing.T, license, packaged string) {
	t.Helper()
	want, err := os.ReadFile(license)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(packaged)
	if err != nil {
		t.Errorf("the package has no license text: %v", err)
		return
	}
	if !bytes.Equal(got, want) || !bytes.Contains(got, []byte("Apache License\n                           Version 2.0, January 2004")) {
		t.Errorf("%s is not the repository's LICENSE (Apache License 2.0)", packaged)
	}
}

// checkPostrm runs the .deb's postrm, with its cache directory moved to a
// scratch one (the real /var/cache/upgrade-advisor is never touched): purge
// removes the cache, as Debian's policy has a purge do; remove and upgrade
// keep it.
func checkPostrm(t *testing.T, postrm string) {
	t.Helper()
	script, err := os.ReadFile(postrm)
	if err != nil {
		t.Fatalf("the .deb has no postrm: %v", err)
	}
	if info, err := os.Stat(postrm); err != nil || info.Mode()&0o111 == 0 {
		t.Errorf("postrm is not executable: %v", info.Mode())
	}
	const real = "cache=/var/cache/upgrade-advisor\n"
	if !bytes.Contains(script, []byte(real)) {
		t.Fatalf("postrm does not name /var/cache/upgrade-advisor:\n%s", script)
	}
	for _, tc := range []struct {
		action string
		kept   bool
	}{{"remove", true}, {"upgrade", true}, {"purge", false}} {
		cache := filepath.Join(t.TempDir(), "upgrade-advisor")
		if err := os.MkdirAll(filepath.Join(cache, "sandbox", "datadirs"), 0o755); err != nil {
			t.Fatal(err)
		}
		scratch := filepath.Join(t.TempDir(), "postrm")
		if err := os.WriteFile(scratch, bytes.Replace(script, []byte(real), []byte("cache="+cache+"\n"), 1), 0o755); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("sh", scratch, tc.action).CombinedOutput(); err != nil {
			t.Errorf("postrm %s: %v\n%s", tc.action, err, out)
		}
		if _, err := os.Stat(cache); (err == nil) != tc.kept {
			t.Errorf("postrm %s: cache kept %v, want %v", tc.action, err == nil, tc.kept)
		}
	}
}
