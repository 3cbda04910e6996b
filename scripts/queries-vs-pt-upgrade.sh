#!/usr/bin/env bash
# pt-upgrade (Debian's percona-toolkit) and upgrade-advisor's query
# rehearsal side by side, on the same slow log and the same servers:
#  1. the shop (queries-vs-pt-upgrade/schema.sql and rows.awk) loaded into a
#     throwaway MariaDB 10.11, today's version, whose slow log then takes
#     every statement (long_query_time=0) of the shop's traffic
#     (queries-vs-pt-upgrade/traffic.sql, run by the mariadb client); the
#     server is stopped and the log kept;
#  2. for each target (TARGETS, default "mysql-9.7 mariadb-11.8", the
#     scripts/servers.sh names): two fresh sandboxes, today's and the
#     target's, both loaded with the shop; pt-upgrade run on the log against
#     them (today first); its report saved;
#  3. upgrade-advisor check --schema-file app.sql --with-data --queries LOG
#     --format json on the same log, today's binaries and the target's
#     (skipped, saying so, while the command has no --queries);
#  4. per target, how many query classes each tool put under each verdict,
#     and pt-upgrade's verdict per class.
# OUT=dir keeps the log, the reports and app.sql (default: a directory
# under /tmp, printed at the end). At most two sandboxes run at once.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-server.sh
ensure_server
fixtures=scripts/queries-vs-pt-upgrade
targets=${TARGETS:-mysql-9.7 mariadb-11.8}
out=${OUT:-$(mktemp -d /tmp/queries-vs-pt-upgrade.XXXXXX)}
mkdir -p "$out"
for tool in pt-upgrade mariadb mariadb-admin; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install percona-toolkit mariadb-client" >&2; exit 2; }
done

work=$(mktemp -d)
chmod 755 "$work" # the sandboxes' servers run as an account of their own: they must reach it
running=()
cleanup() {
  for d in "${running[@]}"; do "$work/upgrade-advisor" sandbox stop "$d" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/upgrade-advisor" ./cmd/upgrade-advisor
ua="$work/upgrade-advisor"

# start [ARGS...]: starts a sandbox, prints its directory.
start() {
  "$ua" sandbox start -q --dir "$work" "$@" >"$work/sandbox.txt"
  local dir
  dir=$(awk '$1 == "dir:" {print $2}' "$work/sandbox.txt")
  running+=("$dir")
  echo "$dir"
}
# stop DIR: stops the sandbox and forgets it.
stop() {
  "$ua" sandbox stop "$1" >/dev/null
  local keep=() d
  for d in "${running[@]}"; do [ "$d" = "$1" ] || keep+=("$d"); done
  running=("${keep[@]}")
}
client() { mariadb --no-defaults -S "$1/mysql.sock" -uroot "${@:2}"; }

verdicts="breaks changed order slower warned plan fixed faster both-fail"

# ours_count KEY VERDICT: how many classes upgrade-advisor gave the verdict.
ours_count() {
  local f="$out/upgrade-advisor-$1.json"
  if [ ! -s "$f" ]; then echo "-"; return; fi
  local v=$2
  [ "$v" = both-fail ] && v=failed-both # upgrade-advisor's name of the status
  jq -r --arg v "$v" '.queries.counts[$v] // 0' "$f" 2>/dev/null || echo "?"
}
# ours_status KEY SQL: the status upgrade-advisor gave the class of SQL.
ours_status() {
  local f="$out/upgrade-advisor-$1.json"
  if [ ! -s "$f" ]; then echo "-"; return; fi
  jq -r --arg q "$2" '[.queries.results[]? | select(.sql == $q or .sql == ($q + ";")) | .status][0] // "-"' "$f" 2>/dev/null || echo "?"
}
# report KEY: the side-by-side counts and pt-upgrade's classes.
report() {
  local key=$1 classes="$out/pt-upgrade-$1.classes" v
  echo
  echo "### MariaDB 10.11 -> $key"
  echo
  if [ -z "$has_queries" ]; then
    echo "upgrade-advisor: skipped, this build's \`check\` has no --queries yet (the rehearsal's wiring is not merged)."
    echo
  fi
  echo "| verdict (query classes) | pt-upgrade | upgrade-advisor |"
  echo "|---|---|---|"
  for v in $verdicts; do
    echo "| $v | $(awk -F'\t' -v v="$v" '$1 == v {n++} END {print n + 0}' "$classes") | $(ours_count "$key" "$v") |"
  done
  echo "| same | (not listed) | $(ours_count "$key" same) |"
  echo
  echo "pt-upgrade's own counts (statements, not classes): $(awk '/^# Stats/ {on = 1; next} on && NF == 2 {printf "%s%s %s", sep, $1, $2; sep = ", "}' "$out/pt-upgrade-$key.txt")."
  echo
  echo "| pt-upgrade | upgrade-advisor | statement (pt-upgrade's sample) |"
  echo "|---|---|---|"
  while IFS=$'\t' read -r v sql; do
    echo "| $v | $(ours_status "$key" "$sql") | \`${sql//|/\\|}\` |"
  done <"$classes"
}

{ cat "$fixtures/schema.sql"; awk -f "$fixtures/rows.awk"; } >"$out/app.sql"

echo "== today's MariaDB 10.11 writes the slow log of the shop's traffic" >&2
logger=$(start)
client "$logger" <"$out/app.sql"
client "$logger" -e "SET GLOBAL long_query_time = 0; SET GLOBAL slow_query_log = 1"
# --force: the traffic goes on past the statements today's version refuses.
client "$logger" --force -D shop <"$fixtures/traffic.sql" >"$out/traffic.out" 2>&1 || true
# The traffic's client has ended, so every entry is written; the log goes
# off before mariadb-admin's own statements (SHOW VARIABLES LIKE 'pid_file')
# could join it, and is complete once the server has shut down.
client "$logger" -e "SET GLOBAL slow_query_log = 0"
mariadb-admin --no-defaults -S "$logger/mysql.sock" -uroot shutdown
cp "$logger/slow.log" "$out/slow.log"
stop "$logger"
log="$out/slow.log"
echo "Slow log: $(grep -c '^# Query_time' "$log") statements written by $(mariadbd --version | awk '{print $3}'), $(wc -c <"$log") bytes."

has_queries=""
if "$ua" check --help 2>&1 | grep -q -- '--queries'; then has_queries=1; fi

for key in $targets; do
  root=$(scripts/servers.sh root "$key")
  echo "== $key: today's sandbox and the target's, both with the shop" >&2
  today=$(start)
  target=$(start --basedir "$root")
  client "$today" <"$out/app.sql"
  client "$target" <"$out/app.sql"
  # pt-upgrade as its documentation runs it: the log, then the two hosts
  # (today first), read-only (SELECT and SET only).
  pt-upgrade --no-version-check "$log" "S=$today/mysql.sock,u=root,D=shop" "S=$target/mysql.sock,u=root,D=shop" \
    >"$out/pt-upgrade-$key.txt" 2>"$out/pt-upgrade-$key.err" || true
  stop "$today"
  stop "$target"
  awk -f "$fixtures/classes.awk" "$out/pt-upgrade-$key.txt" >"$out/pt-upgrade-$key.classes"

  ours="$out/upgrade-advisor-$key.json"
  if [ -n "$has_queries" ]; then
    echo "== $key: upgrade-advisor check --queries" >&2
    "$ua" check --schema-file "$out/app.sql" --with-data --source-basedir / --target-basedir "$root" \
      --queries "$log" --format json >"$ours" 2>"$out/upgrade-advisor-$key.err" || true
  else
    rm -f "$ours"
  fi
  report "$key"
done
echo
echo "Logs and reports: $out"
