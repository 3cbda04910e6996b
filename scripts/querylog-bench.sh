#!/usr/bin/env bash
# The query reader side by side with pt-query-digest on one slow log:
#  1. a throwaway MariaDB 10.11 (the installed server) with its slow log
#     taking every statement (long_query_time=0);
#  2. STATEMENTS (100000) statements of about 300 classes
#     (scripts/querylog-bench -gen) sent through the mariadb client; the
#     server writes the log (about 28 MB); the sandbox is then removed;
#  3. the log read and grouped by upgrade-advisor's reader and by
#     pt-query-digest (Debian's percona-toolkit, installed if missing), each
#     on one core (GOMAXPROCS=1 for ours; Perl uses one), RUNS (3) times each,
#     timed with /usr/bin/time -v: user+system CPU seconds, wall seconds,
#     peak memory.
#  4. CLASSES (1000) classes of the same traffic compared (errors, warnings,
#     results, plans; no timing) on two sandboxes: today's MariaDB 10.11 and
#     COMPARE_TARGET (a scripts/servers.sh name, default mysql-9.7;
#     mariadb-10.11 compares today's version with itself; "none" skips it), by scripts/querylog-bench -compare: the comparison's time
#     and the process's peak memory.
# Prints Markdown, then the ratio of the medians of CPU seconds
# (pt-query-digest's over ours), our highest peak memory and the machine's
# load average before the timings; docs/queries.md quotes a run.
# KEEP_LOG=path keeps the log; LOG=path times an existing log instead of
# making one.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-server.sh
ensure_server
statements=${STATEMENTS:-100000}
runs=${RUNS:-3}
if ! command -v pt-query-digest >/dev/null 2>&1; then
  echo "== installing percona-toolkit (pt-query-digest)" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends percona-toolkit >&2
fi
work=$(mktemp -d)
chmod 755 "$work" # the sandbox's server runs as an account of its own: it must reach its directory
sandbox_dir=""
cleanup() {
  if [ -n "$sandbox_dir" ]; then "$work/upgrade-advisor" sandbox stop "$sandbox_dir" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/upgrade-advisor" ./cmd/upgrade-advisor
go build -o "$work/querylog-bench" ./scripts/querylog-bench

# make_log: the sandbox writes the slow log of the generated traffic to $log.
make_log() {
  echo "== a sandbox with the slow log on (long_query_time=0)" >&2
  "$work/upgrade-advisor" sandbox start --dir "$work" --option slow_query_log=1 --option long_query_time=0 \
    >"$work/sandbox.txt" 2>&1
  sandbox_dir=$(awk '$1 == "dir:" {print $2}' "$work/sandbox.txt")
  socket=$(awk '$1 == "socket:" {print $2}' "$work/sandbox.txt")
  client=(mariadb --no-defaults -S "$socket" -uroot -N -s)
  echo "== $statements statements through the mariadb client" >&2
  "$work/querylog-bench" -setup | "${client[@]}"
  "$work/querylog-bench" -gen "$statements" | "${client[@]}" >/dev/null
  # The server writes an entry after it has sent the result: the log is
  # complete once the server has shut down (mariadb-admin waits for it).
  mariadb-admin --no-defaults -S "$socket" -uroot shutdown
  log="$work/slow.log"
  cp "$sandbox_dir/slow.log" "$log" 2>/dev/null || true
  "$work/upgrade-advisor" sandbox stop "$sandbox_dir" >/dev/null 2>&1
  sandbox_dir=""
  if [ ! -s "$log" ]; then
    echo "the sandbox's slow log is missing" >&2
    exit 1
  fi
  if [ -n "${KEEP_LOG:-}" ]; then cp "$log" "$KEEP_LOG"; fi
}

if [ -n "${LOG:-}" ]; then
  log=$LOG
  statements=$(grep -c '^# Query_time' "$log")
else
  make_log
fi

# measure NAME COMMAND...: one line of the table per run; each run's CPU
# seconds and peak MB are appended to $work/NAME.cpu and $work/NAME.mb.
measure() {
  local name=$1; shift
  for _ in $(seq "$runs"); do
    GOMAXPROCS=1 /usr/bin/time -v "$@" >"$work/out.txt" 2>"$work/time.txt"
    awk -v name="$name" -F': ' '
      /User time/ {u=$2} /System time/ {s=$2} /Elapsed/ {e=$2} /Maximum resident/ {m=$2}
      END {split(e, p, ":"); w = (length(p) == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2];
           printf "| %s | %.2f | %.2f | %.0f |\n", name, u+s, w, m/1024}' "$work/time.txt"
    awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$work/time.txt" >>"$work/${name%% *}.cpu"
    awk -F': ' '/Maximum resident/ {print $2/1024}' "$work/time.txt" >>"$work/${name%% *}.mb"
  done
}

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -g "$1" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
load=$(cut -d' ' -f1-3 /proc/loadavg)
size=$(du -m "$log" | cut -f1)
lines=$(wc -l <"$log")
echo "Slow log: ${size} MB, ${lines} lines, written by $(mariadbd --version | awk '{print $3}') from $statements statements."
echo
echo "| reader | CPU s (user+sys) | wall s | peak MB |"
echo "|---|---|---|---|"
measure "upgrade-advisor (querylog)" "$work/querylog-bench" -read "$log"
ours=$(head -1 "$work/out.txt")
measure "pt-query-digest $(pt-query-digest --version | awk '{print $2}')" pt-query-digest --type slowlog "$log"
theirs=$(grep -m1 '^# Overall' "$work/out.txt")
echo
echo "- upgrade-advisor: ${ours#querylog: }"
echo "- pt-query-digest: ${theirs#\# }"
ratio=$(awk -v a="$(median "$work/pt-query-digest.cpu")" -v b="$(median "$work/upgrade-advisor.cpu")" 'BEGIN {if (b > 0) printf "%.1f", a/b; else print "(too fast to time)"}')
peak=$(sort -g "$work/upgrade-advisor.mb" | tail -1)
echo "- median CPU: pt-query-digest $(median "$work/pt-query-digest.cpu") s, upgrade-advisor $(median "$work/upgrade-advisor.cpu") s: ${ratio}x faster; our peak memory $(printf '%.0f' "$peak") MB"
echo "- load average before the timings: $load"

compare_target=${COMPARE_TARGET:-mysql-9.7}
if [ "$compare_target" != none ]; then
  echo
  echo "- load average before the comparison: $(cut -d' ' -f1-3 /proc/loadavg)"
  target_basedir="" # mariadb-10.11: the installed server, an A/A comparison
  if [ "$compare_target" != mariadb-10.11 ]; then target_basedir=$(scripts/servers.sh root "$compare_target"); fi
  GOMAXPROCS=1 "$work/querylog-bench" -compare "${CLASSES:-1000}" -target-basedir "$target_basedir" |
    sed 's/^compare: /- /'
fi
