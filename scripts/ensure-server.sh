#!/usr/bin/env bash
# Installs Debian's mariadb-server when no MySQL/MariaDB server binary is
# present. Sourced by test.sh and audit-sandbox.sh; safe to run on its own.
ensure_server() {
  local b
  for b in mariadbd mysqld /usr/sbin/mariadbd /usr/sbin/mysqld; do
    if command -v "$b" >/dev/null 2>&1; then return 0; fi
  done
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "no mariadbd/mysqld found and no apt-get: install a MySQL or MariaDB server package first" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing mariadb-server (the throwaway servers start from its binaries) ..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends mariadb-server mariadb-client >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_server
fi
