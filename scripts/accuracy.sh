#!/usr/bin/env bash
# Accuracy study: the classic protocol (1000 CREATE TABLE through the mariadb
# client, several runs per setting, interleaved) against the tool's default
# calibration, on a throwaway server; then the overhead of the tool's
# statement loop against the client. Prints Markdown tables.
# Options: RUNS (3), TABLES (1000), BUDGET (20s), OVERHEAD_RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-server.sh
ensure_server
exec go run ./scripts/accuracy -runs "${RUNS:-3}" -tables "${TABLES:-1000}" -budget "${BUDGET:-20s}" -overhead-runs "${OVERHEAD_RUNS:-5}"
