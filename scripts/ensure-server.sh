#!/usr/bin/env bash
# Makes sure Debian 12's MariaDB 10.11 server binaries are installed (the
# throwaway servers of scripts/audit-sandbox.sh and scripts/accuracy.sh start
# from them), through scripts/servers.sh. Sourced by those scripts; safe to
# run on its own. scripts/test.sh fetches all three test servers instead.
ensure_server() {
  "$(dirname "${BASH_SOURCE[0]}")/servers.sh" fetch mariadb-10.11 >/dev/null
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_server
fi
