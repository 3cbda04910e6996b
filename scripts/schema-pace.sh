#!/usr/bin/env bash
# The schema check's pace against the target's own client
# (BenchmarkSchemaCheckVsClient): on one running sandbox of MySQL 9.7 and of
# MariaDB 11.8, a generated install script of 240 tables, 239 foreign keys
# added at the end, 80 triggers, 12 procedures and 24 views, and the
# target's own dump of it, each checked (everything but the sandbox's start)
# and loaded by `mysql`/`mariadb --force`, five rounds alternating. Prints,
# per file and target, the least and the median of each, their ratios and
# the machine's load average before and after (the rounds spread with it).
#   scripts/schema-pace.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export UPGRADE_ADVISOR_MYSQL97_ROOT=${UPGRADE_ADVISOR_MYSQL97_ROOT:-$(scripts/servers.sh root mysql-9.7)}
export UPGRADE_ADVISOR_MARIADB118_ROOT=${UPGRADE_ADVISOR_MARIADB118_ROOT:-$(scripts/servers.sh root mariadb-11.8)}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -count=1 -run '^$' -bench SchemaCheckVsClient -benchtime 1x -v ./advisor/schemacheck/ 2>&1 |
  grep -E 'pace_test.go|^(ok|FAIL|--- FAIL)' | sed -E 's/^ *pace_test.go:[0-9]+: //'
