#!/usr/bin/env bash
# Load test, long form: sysbench oltp_read_write (2 tables x 20,000 rows, 4
# threads) on a throwaway sandbox, a capacity probe, then a fixed rate of half
# that capacity alone and beside `upgrade-advisor audit --allow-set-global`;
# prints the traffic's tps, p95/p99 latency and errors, alone and during the
# audit's calibration rounds, and the audit's speedups under load against idle.
# Installs sysbench and mariadb-server when missing. Takes 3-5 minutes.
#
# Options (environment): SERVER (mariadb-10.11, the default, mysql-9.7 or
# mariadb-11.8: fetched by scripts/servers.sh), BASEDIR (any other server
# root or tarball for the sandbox; overrides SERVER), TIME (seconds per fixed-rate run, 60), PROBE (10),
# RATE (fixed tps; default half the probed capacity), AUDIT_ARGS (extra audit
# options, e.g. "--budget 15s"), JSON (also write the results there).
# Extra arguments go to the Go program (go run ./scripts/loadtest -h).
set -euo pipefail
cd "$(dirname "$0")/.."
server=${SERVER:-mariadb-10.11}
basedir=${BASEDIR:-}
if [ -z "$basedir" ]; then
  root=$(scripts/servers.sh fetch "$server")
  [ "$server" = mariadb-10.11 ] || basedir=$root
fi
if ! command -v sysbench >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing sysbench ..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends sysbench >&2
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/upgrade-advisor" ./cmd/upgrade-advisor
go run ./scripts/loadtest -binary "$bin/upgrade-advisor" -basedir "$basedir" \
  -time "${TIME:-60}" -probe "${PROBE:-10}" -rate "${RATE:-0}" \
  -audit-args "${AUDIT_ARGS:-}" -json "${JSON:-}" "$@"
