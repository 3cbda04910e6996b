#!/usr/bin/env bash
# Quick start: audit a throwaway local MariaDB/MySQL server started from the
# installed binaries (installing mariadb-server when missing), as a DDL-heavy
# application would see it. Extra arguments go to `upgrade-advisor audit`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-server.sh
ensure_server
exec go run ./cmd/upgrade-advisor audit --sandbox --workload ddl-heavy "$@"
