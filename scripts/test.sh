#!/usr/bin/env bash
# Runs every test: installs mariadb-server when missing (the integration tests
# start throwaway servers from its binaries), then vet, unit and integration
# tests, and a short run of every fuzz target. With CI=true a missing server
# fails the integration tests instead of skipping them.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-server.sh
ensure_server

echo "== go vet" >&2
go vet ./...
echo "== go test (unit + integration against real servers)" >&2
go test -count=1 -timeout 30m ./...
echo "== fuzz targets (${FUZZTIME:=10s} each)" >&2
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "   $target ($pkg)" >&2
    if ! out=$(go test -run='^$' -fuzz="^${target}\$" -fuzztime="$FUZZTIME" "$pkg" 2>&1); then
      echo "$out" >&2
      echo "fuzz target $target failed; the failing input is saved under testdata/fuzz/$target" >&2
      exit 1
    fi
  done
done
echo "all tests passed" >&2
