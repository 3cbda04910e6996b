#!/usr/bin/env bash
# Fetches the database servers the tests run on, through the tool itself
# (upgrade-advisor servers fetch), without installing anything from a newer
# Debian suite into the system:
#
#   scripts/servers.sh fetch mariadb-10.11|mariadb-10.5|mysql-9.7|mariadb-11.8|all
#   scripts/servers.sh root  mariadb-10.5|mysql-9.7|mariadb-11.8   (prints the root, or fails)
#
# mariadb-10.11 is Debian 12's own mariadb-server, installed with apt-get.
# The others come from Debian's archive by name (sid, trixie, bullseye),
# verified and unpacked with their libraries and loader into
# $UPGRADE_ADVISOR_SERVERS (default ~/.cache/upgrade-advisor/servers/<name>);
# see `upgrade-advisor servers --help`. The mirror is $UPGRADE_ADVISOR_MIRROR,
# else the one the system's apt uses. Fetching is idempotent: a complete
# root is kept. Each fetch prints the root it made (or found) on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# the tool, from this checkout
tool() { (cd "$repo" && go run ./cmd/upgrade-advisor "$@"); }

if [ -z "${UPGRADE_ADVISOR_MIRROR:-}" ]; then
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] && export UPGRADE_ADVISOR_MIRROR=$uri
fi

fetch_system_mariadb() {
  local b
  for b in mariadbd mysqld /usr/sbin/mariadbd /usr/sbin/mysqld; do
    if command -v "$b" >/dev/null 2>&1; then
      command -v "$b"
      return 0
    fi
  done
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "no mariadbd/mysqld found and no apt-get: install a MySQL or MariaDB server package first" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing Debian 12's mariadb-server (MariaDB 10.11) ..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    mariadb-server mariadb-client >&2
  # the package starts a system server; the tests start their own
  $sudo systemctl stop mariadb >/dev/null 2>&1 || $sudo service mariadb stop >/dev/null 2>&1 || true
  command -v mariadbd || echo /usr/sbin/mariadbd
}

usage() {
  echo "usage: $0 fetch mariadb-10.11|mariadb-10.5|mysql-9.7|mariadb-11.8|all" >&2
  echo "       $0 root mariadb-10.5|mysql-9.7|mariadb-11.8" >&2
  exit 2
}

unpacked() {
  case $1 in
    mariadb-10.5 | mysql-9.7 | mariadb-11.8) return 0 ;;
  esac
  return 1
}

case ${1:-} in
  fetch)
    case ${2:-all} in
      mariadb-10.11) fetch_system_mariadb ;;
      all)
        fetch_system_mariadb
        tool servers fetch mariadb-10.5 mysql-9.7 mariadb-11.8
        ;;
      *)
        unpacked "$2" || usage
        tool servers fetch "$2"
        ;;
    esac
    ;;
  root)
    [ -n "${2:-}" ] && unpacked "$2" || usage
    tool servers path "$2" || { echo "$2 is not fetched: run $0 fetch $2" >&2; exit 1; }
    ;;
  *) usage ;;
esac
