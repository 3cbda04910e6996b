#!/usr/bin/env bash
# Quick start: audit a throwaway local MariaDB/MySQL server started from the
# installed binaries (installing Debian's mariadb-server when missing, through
# scripts/servers.sh), as a DDL-heavy application would see it. Extra
# arguments go to `upgrade-advisor audit`, e.g. --basedir "$(scripts/servers.sh
# root mysql-9.7)" to audit MySQL 9.7 instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/servers.sh fetch mariadb-10.11 >/dev/null
exec go run ./cmd/upgrade-advisor audit --sandbox --workload ddl-heavy "$@"
