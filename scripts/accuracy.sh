#!/usr/bin/env bash
# Accuracy study on a throwaway server of the installed MariaDB/MySQL:
#  - the classic protocol: 1000 CREATE TABLE through the mariadb/mysql client,
#    innodb_file_per_table ON/OFF in pairs (order alternating), first pair
#    discarded, CLASSIC_RUNS pairs kept;
#  - a long calibration (--budget LONG) as the reference advice;
#  - REPS repetitions of the default calibration, each with its ratio,
#    interval, wall time, stop reason and whether its advice matches the
#    long run's.
# Prints Markdown (docs/accuracy.md is a copy of one run, with its context).
# Options: CLASSIC_RUNS (12), TABLES (1000), REPS (10), LONG (120s),
# BUDGET (the tool's default), SWITCH_EVERY (0 = default; e.g. "1,10" cycles),
# SERVER (mariadb-10.11, the default, or mysql-9.7 / mariadb-11.8, fetched by
# scripts/servers.sh; give CLASSIC_RUNS=0 where the installed client cannot
# talk to it).
# MODE=compare checks the two-server verdicts instead: REPS A/A compares of
# two default sandboxes, REPS compares of an old-defaults source against a
# default target with AUDIT_REPS (5) audits of the default server for
# both_off, and REHEARSE_REPS (5) rehearsals from the server to itself.
set -euo pipefail
cd "$(dirname "$0")/.."
server=${SERVER:-mariadb-10.11}
basedir=""
if [ "$server" = mariadb-10.11 ]; then
  . scripts/ensure-server.sh
  ensure_server
else
  basedir=$(scripts/servers.sh fetch "$server")
fi
args=(-classic-runs "${CLASSIC_RUNS:-12}" -tables "${TABLES:-1000}" -reps "${REPS:-10}" -long "${LONG:-120s}"
  -switch-every "${SWITCH_EVERY:-0}" -basedir "$basedir" -mode "${MODE:-audit}"
  -audit-reps "${AUDIT_REPS:-5}" -rehearse-reps "${REHEARSE_REPS:-5}")
[ -n "${BUDGET:-}" ] && args+=(-budget "$BUDGET")
exec go run ./scripts/accuracy "${args[@]}"
