#!/usr/bin/env bash
# The schema check on many tenants (docs/schema-check.md, "Many tenants"):
# a generated install script of TENANTS schemas of TABLES tables and a view
# each, three drifted (a column named rank, a utf8mb3 table, a missing
# index), loaded into a sandbox of MySQL 9.7 with its own client and dumped
# with its own mysqldump; then, side by side in one run:
#   - check --schema-file of the dump, grouped (the default),
#   - the same with --no-group (every schema loaded; NOGROUP=0 skips it),
#   - MySQL 9.7's own client loading the dump into a fresh 9.7 (CLIENT=0 skips it),
# each with its wall time (and the check's CPU time: user + system, which
# the machine's load changes less); the check's peak memory twice: the tool's own
# (VmHWM of its process) and the run's (/usr/bin/time's maximum resident
# set, which is the largest process of the run: the sandbox's mysqld when
# it is larger than the tool); and the load average before and after.
# The grouped and --no-group reports must have the same findings.
#
#   TENANTS=200 TABLES=50 scripts/tenants-bench.sh
#   WORK=/tmp/t scripts/tenants-bench.sh       # keeps (and reuses) the dump there
#   FILE=install.sql NOGROUP=0 CLIENT=0 scripts/tenants-bench.sh   # any schema file, grouped only
set -euo pipefail
cd "$(dirname "$0")/.."
tenants=${TENANTS:-200}
tables=${TABLES:-50}
root=${UPGRADE_ADVISOR_MYSQL97_ROOT:-$(scripts/servers.sh root mysql-9.7)}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
go build -o "$work/upgrade-advisor" ./cmd/upgrade-advisor
go build -o "$work/tenants" ./scripts/tenants
dump=${FILE:-$work/dump-$tenants-$tables.sql}
if [ ! -s "$dump" ]; then
  echo "generating $tenants tenants x $tables tables and dumping them with MySQL 9.7's mysqldump ..." >&2
  "$work/tenants" generate -tenants "$tenants" -tables "$tables" > "$work/install-$tenants-$tables.sql"
  "$work/tenants" dump -basedir "$root" -in "$work/install-$tenants-$tables.sql" -out "$dump"
fi

# measure NAME ARGS...: runs the check, prints "NAME wall_s tool_peak_MB run_peak_MB".
measure() {
  local name=$1
  shift
  /usr/bin/time -f '%e %M %U %S' -o "$work/$name.time" "$work/upgrade-advisor" check --schema-file "$dump" \
    --target-basedir "$root" --format json "$@" > "$work/$name.json" 2> "$work/$name.err" &
  local timer=$! pid="" hwm=0
  while kill -0 "$timer" 2>/dev/null; do
    [ -n "$pid" ] || pid=$(pgrep -P "$timer" || true)
    if [ -n "$pid" ] && [ -r "/proc/$pid/status" ]; then
      local kb
      kb=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$kb" ] && [ "$kb" -gt "$hwm" ] && hwm=$kb
    fi
    sleep 0.05
  done
  wait "$timer" || { echo "$name: the check failed, see $work/$name.err" >&2; return 1; }
  read -r wall run_kb user sys < "$work/$name.time"
  echo "$name $wall $(echo "$user + $sys" | bc) $((hwm / 1024)) $((run_kb / 1024))"
}

echo "file: $dump ($(du -hL "$dump" | cut -f1))"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %8s %8s %14s %14s\n' run wall_s cpu_s tool_peak_MB run_peak_MB
measure grouped | xargs printf '%-10s %8s %8s %14s %14s\n'
if [ "${NOGROUP:-1}" != 0 ]; then
  measure no-group --no-group | xargs printf '%-10s %8s %8s %14s %14s\n'
fi
if [ "${CLIENT:-1}" != 0 ]; then
  printf '%-10s %8s\n' client "$("$work/tenants" client -basedir "$root" -in "$dump")"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${NOGROUP:-1}" != 0 ]; then
  "$work/tenants" same "$work/grouped.json" "$work/no-group.json"
fi
grep -o '"[0-9]* schemas in [0-9]* groups' "$work/grouped.json" | tr -d '"' || true
