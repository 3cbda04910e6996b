#!/usr/bin/env bash
# Measures how wide the target's baseline interval is on a first run:
# N rehearsals (default 5) of MariaDB 10.11 -> 11.8, each on freshly started
# sandboxes, and per run the width high/low of the target-as-carried's
# baseline against today's reference (sides[target_carried].variants[baseline]
# .vs_reference), then the median. Run it on an idle machine: the width
# grows with the machine's load (uptime is printed before each run).
#   scripts/first-run-intervals.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=$(mktemp -d)/upgrade-advisor
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/upgrade-advisor
target=$(scripts/servers.sh root mariadb-11.8)
widths=()
for i in $(seq 1 "$runs"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  out=$("$bin" rehearse --no-defaults --server-version mariadb-10.11 --target-basedir "$target" --format json -q || true)
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  w=$(python3 -c '
import json,sys
d=json.loads(sys.stdin.read())
side=[s for s in d["sides"] if s["name"]=="target_carried"][0]
v=[v for v in side["variants"] if v["name"]=="baseline"][0]["vs_reference"]
print("%.3f %.3f %.3f %d" % (v["ci_high"]/v["ci_low"], v["ci_low"], v["ci_high"], d["rounds"]))' <<<"$out")
  echo "run $i: load $load, ${secs%.*} s, width high/low ci_low ci_high rounds: $w"
  widths+=("${w%% *}")
done
printf '%s\n' "${widths[@]}" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median width of %d runs: %.3f\n", NR, m}'
