#!/usr/bin/env bash
# Runs every test: fetches the four servers the integration tests start
# throwaway servers from (scripts/servers.sh fetch all: Debian 12's MariaDB
# 10.11 installed with apt-get, MariaDB 10.5, MySQL 9.7 and MariaDB 11.8
# unpacked into a cache, never installed), then vet, unit and integration
# tests, and a short run of every fuzz target. The unpacked roots reach the
# tests as UPGRADE_ADVISOR_MARIADB105_ROOT, UPGRADE_ADVISOR_MYSQL97_ROOT and
# UPGRADE_ADVISOR_MARIADB118_ROOT. With
# CI=true a missing server fails the integration tests instead of skipping them.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== fetching the test servers (scripts/servers.sh fetch all)" >&2
scripts/servers.sh fetch all >/dev/null
UPGRADE_ADVISOR_MYSQL97_ROOT=$(scripts/servers.sh root mysql-9.7)
UPGRADE_ADVISOR_MARIADB118_ROOT=$(scripts/servers.sh root mariadb-11.8)
export UPGRADE_ADVISOR_MYSQL97_ROOT UPGRADE_ADVISOR_MARIADB118_ROOT
UPGRADE_ADVISOR_MARIADB105_ROOT=$(scripts/servers.sh root mariadb-10.5)
export UPGRADE_ADVISOR_MARIADB105_ROOT
echo "   MariaDB 10.5: $UPGRADE_ADVISOR_MARIADB105_ROOT" >&2
echo "   MySQL 9.7:    $UPGRADE_ADVISOR_MYSQL97_ROOT" >&2
echo "   MariaDB 11.8: $UPGRADE_ADVISOR_MARIADB118_ROOT" >&2
# The real-file corpus of corpus/TestRealFilesAgreeWithTheClient: SQL files
# of Debian 12 packages (apt-get download, dpkg-deb -x; cached, a warm run
# downloads nothing).
echo "== fetching the real-file corpus (scripts/corpus.sh fetch)" >&2
corpus_files=$(scripts/corpus.sh fetch) ||
  echo "   some corpus files could not be fetched: TestRealFilesAgreeWithTheClient fails under CI=true" >&2
UPGRADE_ADVISOR_CORPUS=$(dirname "$corpus_files")
export UPGRADE_ADVISOR_CORPUS

if ! command -v sysbench >/dev/null 2>&1; then
  echo "== installing sysbench (the load test's traffic)" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends sysbench; } >&2 ||
    echo "   sysbench could not be installed: the load test fails under CI=true" >&2
fi

# The release test unpacks the .rpm (rpm2cpio | cpio) and renders the man
# page (man -l); dpkg-deb comes with dpkg.
missing=""
for tool in rpm2cpio:rpm2cpio cpio:cpio man:man-db; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done
if [ -n "$missing" ]; then
  echo "== installing$missing (the release test)" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing; } >&2 ||
    echo "   $missing could not be installed: the release test fails under CI=true" >&2
fi

echo "== go vet" >&2
go vet ./...
go vet -tags reference ./rules/...
# Cross-builds: every release target (scripts/release.sh) keeps building.
# The sandbox's signals and process groups are Unix-only
# (sandbox/process_unix.go); on Windows it refuses with a message.
echo "== cross-build: linux, darwin (amd64, arm64), windows/amd64" >&2
for target in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64; do
  CGO_ENABLED=0 GOOS=${target%/*} GOARCH=${target#*/} go build -o /dev/null ./...
done
echo "== go test (unit + integration against real servers)" >&2
go test -count=1 -timeout 30m ./...
# The knowledge base's cross-check against MySQL Shell's sysvars.json needs
# that reference file beside the repository; it is not part of it.
reference=../shared/reference/mysql-shell-sysvars.json
if [ -f "$reference" ]; then
  echo "== knowledge base against $reference" >&2
  go test -count=1 -tags reference -run '^TestKBAgreesWithShellSysvars$' ./rules/knowledge
  # rules/knowledge/shell_generated.go is what go generate derives from it
  go test -count=1 -tags reference -run '^TestGeneratedFileIsCurrent$' ./rules/knowledge/internal/shellgen
  # prints the coverage counts and fails below the figure the README claims
  go test -count=1 -tags reference -v -run '^TestKBCoverageOfShellSysvars$' ./rules/knowledge | grep -E 'coverage|^(ok|FAIL|---)' >&2
else
  echo "== knowledge base cross-check NOT RUN: no $reference beside this clone" >&2
fi
# Fuzz budgets are execution counts by default: a duration (-fuzztime 10s)
# races the Go 1.26 fuzz coordinator's own deadline and can fail with a bare
# "context deadline exceeded" and no failing input (go.dev/issue/75804).
# If FUZZTIME is set to a duration and that happens, the target is run once
# more; a real failure always writes an input and fails at once.
echo "== fuzz targets (${FUZZTIME:=100000x} each; on a sandbox ${FUZZTIME_SANDBOX:=2000x})" >&2
# A target whose every input goes through a real server (FuzzCheckOnSandbox:
# about 35 inputs a second) gets the sandbox budget: 100,000 of them would
# take most of an hour. Its seeds run in go test as well.
fuzz_budget() { case $1 in FuzzCheckOnSandbox) echo "$FUZZTIME_SANDBOX" ;; *) echo "$FUZZTIME" ;; esac; }
fuzz_target() { go test -run='^$' -fuzz="^$1\$" -fuzztime="$(fuzz_budget "$1")" "$2" 2>&1; }
deadline_race() { grep -q 'context deadline exceeded' <<<"$1" && ! grep -q 'Failing input written' <<<"$1"; }
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "   $target ($pkg)" >&2
    if out=$(fuzz_target "$target" "$pkg"); then continue; fi
    if deadline_race "$out"; then
      echo "   $target: fuzz deadline race without a failing input (go.dev/issue/75804); running it again" >&2
      if out=$(fuzz_target "$target" "$pkg"); then continue; fi
    fi
    echo "$out" >&2
    echo "fuzz target $target failed; a failing input, if any, is saved under $dir/testdata/fuzz/$target" >&2
    exit 1
  done
done
echo "all tests passed" >&2
