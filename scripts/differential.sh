#!/bin/sh
# differential.sh [FILES] [SEED]: the differential tier with more generated
# files than CI runs (corpus/TestToolCutsAsTheClient): FILES per client
# (default 2000) from SEED (default 1000), on MySQL 9.7's and MariaDB 11.8's
# clients (the servers of scripts/servers.sh). It prints each disagreement
# and the counts.
set -eu
files=${1:-2000}
seed=${2:-1000}
cd "$(dirname "$0")/.."
cache=${XDG_CACHE_HOME:-$HOME/.cache}/upgrade-advisor/servers
export UPGRADE_ADVISOR_MYSQL97_ROOT=${UPGRADE_ADVISOR_MYSQL97_ROOT:-$cache/mysql-9.7}
export UPGRADE_ADVISOR_MARIADB118_ROOT=${UPGRADE_ADVISOR_MARIADB118_ROOT:-$cache/mariadb-11.8}
exec go test -count=1 -v -timeout 2h -run 'TestToolCutsAsTheClient' ./corpus \
	-differential.files="$files" -differential.seed="$seed"
