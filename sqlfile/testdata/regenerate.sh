#!/usr/bin/env bash
# Regenerates vetclinic-dump.sql: starts a throwaway MySQL 9.7 server (the
# root scripts/servers.sh fetches), loads vetclinic.sql with its mysql
# client and dumps the schema with its mysqldump (routines, triggers and
# data included), then stops the server and removes its files.
#
#   sqlfile/testdata/regenerate.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$("$here/../../scripts/servers.sh" root mysql-9.7)
libs=$root/usr/lib/x86_64-linux-gnu
run() { "$libs/ld-linux-x86-64.so.2" --library-path "$libs" "$@"; }

work=$(mktemp -d /tmp/vetclinic-dump.XXXXXX)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

server=(--no-defaults --basedir="$root/usr" --lc-messages-dir="$root/usr/share/mysql"
  --datadir="$work/data" --user="$(id -un)" --secure-file-priv=NULL)
run "$root/usr/sbin/mysqld" "${server[@]}" --initialize-insecure --log-error="$work/init.err"
run "$root/usr/sbin/mysqld" "${server[@]}" --socket="$work/mysql.sock" --skip-networking \
  --mysqlx=OFF --log-error="$work/server.err" --pid-file="$work/mysqld.pid" &
pid=$!
for _ in $(seq 60); do
  [ -S "$work/mysql.sock" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
  sleep 0.5
done

client=(--no-defaults -S "$work/mysql.sock" -uroot)
run "$root/usr/bin/mysql" "${client[@]}" <"$here/vetclinic.sql"
run "$root/usr/bin/mysqldump" "${client[@]}" --routines --triggers --skip-dump-date \
  --databases vetclinic >"$here/vetclinic-dump.sql"
echo "wrote $here/vetclinic-dump.sql ($(wc -l <"$here/vetclinic-dump.sql") lines)"
