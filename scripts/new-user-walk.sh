#!/usr/bin/env bash
# The first hour of a new user, scripted: the README's examples and the
# commands its sections and --help teach, run as written (a throwaway
# sandbox stands in for "your own server", the fetched roots for the
# target's binaries), on the real servers of scripts/servers.sh. A command
# may find things (exit 1); none may fail on its usage (exit 2, or the
# parser's "flag provided but not defined"). Prints one line per command
# and a summary; exits 1 when any command failed.
#
#   scripts/new-user-walk.sh            # about 5 minutes on two cores
#
# Everything it starts is stopped, and its files removed, on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/servers.sh fetch all >/dev/null
mysql97=$(scripts/servers.sh root mysql-9.7)
maria118=$(scripts/servers.sh root mariadb-11.8)
maria105=$(scripts/servers.sh root mariadb-10.5)

work=$(mktemp -d)
ua="$work/upgrade-advisor"
sandbox_dir=""
cleanup() {
  if [ -n "$sandbox_dir" ]; then "$ua" sandbox stop "$sandbox_dir" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$ua" ./cmd/upgrade-advisor
chmod 755 "$work"

# The README's my.cnf of a MariaDB 10.11 server, and an application's schema.
# The README's check examples for MySQL (--target 5.6, 8.0) take the
# variables of a MySQL server; the sandbox here is MariaDB, so its variables
# go with the MariaDB forms (--target 11.8, mysql-8.0 for a migration).
cat >"$work/my.cnf" <<'EOF'
[mysqld]
innodb_file_format = Barracuda
innodb_large_prefix = 1
innodb_file_per_table = 0
innodb_buffer_pool_size = 8G
innodb_log_file_size = 256M
log_slave_updates = 1
datadir = /var/lib/mysql
EOF
cp advisor/schemacheck/testdata/shop-mariadb.sql "$work/app.sql"

failed=0 ran=0
# step NAME ARGS...: runs upgrade-advisor ARGS in $work; exit 0 and 1 pass,
# exit 2 or a parser error fail.
step() {
  local name=$1
  shift
  ran=$((ran + 1))
  local start=$SECONDS code=0
  (cd "$work" && "$ua" "$@" >"$work/out.txt" 2>"$work/err.txt") || code=$?
  local took=$((SECONDS - start))
  if [ "$code" -ge 2 ] || grep -q -e "not defined" -e "Incorrect Usage" "$work/err.txt"; then
    failed=$((failed + 1))
    printf 'FAIL  %-58s exit %d, %ds: %s\n' "$name" "$code" "$took" "$(grep -m1 -v '^$' "$work/err.txt" | cut -c1-160)"
  else
    printf 'ok    %-58s exit %d, %ds\n' "$name" "$code" "$took"
  fi
}

echo "== the README's quick start and examples"
step "audit --sandbox --workload ddl-heavy" audit --sandbox --workload ddl-heavy -q
step "audit --sandbox ... --expect-tables 1000" audit --sandbox --workload ddl-heavy --expect-tables 1000 -q
step "audit --sandbox with 5.5's settings --target 11.8" audit --sandbox --sandbox-option innodb_file_per_table=0 \
  --sandbox-option innodb_stats_persistent=0 --workload ddl-heavy --target 11.8 -q
step "compare 5.5's settings with today's (sandboxes)" compare \
  --source 'sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0' --target sandbox: -q

echo "== against your own server (a sandbox started for it)"
"$ua" sandbox start -q >"$work/sandbox.txt"
sandbox_dir=$(awk '/^  dir:/ {print $2}' "$work/sandbox.txt")
socket=$(awk '/^  socket:/ {print $2}' "$work/sandbox.txt")
step "inspect -S SOCKET -u root" inspect -S "$socket" -u root
step "audit -S SOCKET -u root --workload ddl-heavy" audit -S "$socket" -u root --workload ddl-heavy -q
step "audit ... --allow-set-global --format json --mycnf-out" audit -S "$socket" -u root --allow-set-global \
  --format json --mycnf-out advice.cnf -q
step "bench -S SOCKET --tables 50 --rounds 3" bench -S "$socket" -u root --tables 50 --rounds 3 -q
mariadb -S "$socket" -u root <"$work/app.sql" # the application's schema on "your server"
mariadb -S "$socket" -u root -B -e 'SHOW GLOBAL VARIABLES' >"$work/vars.txt"
mariadb -S "$socket" -u root -B -e 'SHOW GLOBAL STATUS' >"$work/status.txt"
step "check --variables vars.txt --target 11.8" check --variables vars.txt --target 11.8
step "check --variables --status --config --target mysql-8.0" check --variables vars.txt --status status.txt --config my.cnf --target mysql-8.0
step "check --config my.cnf --target 8.0 --fail-on critical" check --config my.cnf --target 8.0 --fail-on critical
step "check --config my.cnf --target-basedir MYSQL-9.7" check --config my.cnf --target-basedir "$mysql97"
step "check -S SOCKET --schemas shop --target-basedir MARIADB-11.8" check -S "$socket" -u root --schemas shop --target-basedir "$maria118" -q
step "rehearse -S SOCKET --target-basedir MARIADB-11.8" rehearse -S "$socket" -u root --target-basedir "$maria118" -q --html rehearsal.html
step "cleanup -S SOCKET" cleanup -S "$socket" -u root

echo "== the schema on the target, rehearsals"
step "check --schema-file app.sql --target-basedir MYSQL-9.7 --source-basedir /" check --schema-file app.sql \
  --target-basedir "$mysql97" --source-basedir / -q
step "check --schema-file --server-version --target-basedir --html" check --schema-file app.sql \
  --server-version mariadb-10.11.19 --target-basedir "$maria118" --html schema.html -q
step "check --schema-file app.sql --target 9.7 (no binary)" check --schema-file app.sql --target mysql-9.7
step "check --server-version mariadb-10.11.19 --target mariadb-11.8" check --server-version mariadb-10.11.19 --target mariadb-11.8 -q
step "rehearse --config my.cnf --server-version --target-basedir MYSQL-9.7" rehearse --config my.cnf \
  --server-version mariadb-10.11.19 --target-basedir "$mysql97" --tables 50 -q --mycnf-out target.cnf
step "rehearse --schema-file --server-version (no --config) -> 11.8" rehearse --schema-file app.sql \
  --server-version mariadb-10.11.19 --target-basedir "$maria118" -q
step "rehearse --in-place --schema-file --server-version 10.5 -> /" rehearse --in-place --schema-file app.sql \
  --server-version mariadb-10.5.23 --source-basedir "$maria105" --target-basedir / -q --html inplace.html

echo "== the other commands"
step "sandbox list" sandbox list
step "version --format json" version --format json
step "completion bash" completion bash
step "man" man

echo "$((ran - failed)) of $ran commands without a usage error"
[ "$failed" -eq 0 ]
