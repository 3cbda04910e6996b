#!/usr/bin/env bash
# Fetches the database servers the tests run on, without installing anything
# from a newer Debian suite into the system:
#
#   scripts/servers.sh fetch mariadb-10.11|mariadb-10.5|mysql-9.7|mariadb-11.8|all
#   scripts/servers.sh root  mariadb-10.5|mysql-9.7|mariadb-11.8   (prints the root, or fails)
#
# mariadb-10.11 is Debian 12's own mariadb-server, installed with apt-get.
# mysql-9.7 (Debian unstable) and mariadb-11.8 (Debian 13) need a newer libc
# than Debian 12 has, and mariadb-10.5 (Debian 11) an older libssl, so their
# packages and libraries are downloaded and unpacked into $UPGRADE_ADVISOR_SERVERS (default
# ~/.cache/upgrade-advisor/servers/<name>); the unpacked tree carries its own
# dynamic loader. Fetching is idempotent: an existing, working root is kept.
# Each fetch prints the root it made (or found) on stdout.
set -euo pipefail

top=${UPGRADE_ADVISOR_SERVERS:-$HOME/.cache/upgrade-advisor/servers}
apt_dir=$top/apt

# suite and top-level packages per server; libraries come from dependency
# resolution in that suite.
suite_of() {
  case $1 in
    mysql-9.7) echo sid ;;
    mariadb-11.8) echo trixie ;;
    mariadb-10.5) echo bullseye ;;
    *) return 1 ;;
  esac
}
packages_of() {
  case $1 in
    mysql-9.7) echo mysql-server-core mysql-client-core ;;
    mariadb-11.8) echo mariadb-server-core mariadb-client-core mariadb-common libmariadb3 ;;
    mariadb-10.5) echo mariadb-server-core-10.5 mariadb-client-core-10.5 mariadb-backup mariadb-common libmariadb3 ;;
    *) return 1 ;;
  esac
}
# libraries the dependency resolution misses: bullseye's libsystemd0 needs
# its own libgcrypt20, libgpg-error0 and libcap2 (the system's newer copies
# need GLIBC_2.33), and Debian 12 has no libssl1.1.
extra_packages_of() {
  case $1 in
    mariadb-10.5) echo libgcrypt20 libgpg-error0 libcap2 libssl1.1 ;;
    # its dump client (mariadb-dump), which mariadb-client-core lacks: the
    # replication rehearsal seeds a replica of the target from it
    mariadb-11.8) echo mariadb-client ;;
  esac
}
server_binary_of() {
  case $1 in
    mysql-9.7) echo usr/sbin/mysqld ;;
    mariadb-11.8 | mariadb-10.5) echo usr/sbin/mariadbd ;;
  esac
}
# packages never needed to run a server (scripts, configuration prompts)
skip_package() {
  case $1 in
    perl* | libperl* | debconf* | cdebconf* | dpkg | tar | coreutils | passwd | adduser | \
      init-system-helpers | lsb-base | sysvinit-utils | mysql-common | mariadb-client | \
      mariadb-server | libdbi-perl | libdbd-* | galera-* | procps | psmisc | rsync | \
      socat | lsof | gawk | iproute2 | base-files | debianutils | libc-bin | util-linux* | \
      login* | libpam* | libaudit* | libselinux1 | libsemanage* | libsepol* | libcap-ng0 | \
      mawk | sed | grep | bash | dash | diffutils | findutils | ncurses-bin | gzip | \
      libgdbm* | netbase | tzdata | media-types | libfile-* | liblocale-* | libtext-* | \
      libterm-* | libhtml-* | libtimedate-perl | liburi-perl) return 0 ;;
  esac
  return 1
}

root_of() { echo "$top/$1"; }

# run_in_root ROOT BINARY ARGS...: runs a binary of the unpacked root through
# the root's own loader and libraries. A merged-/usr root (Debian 12+) has
# them all in usr/lib; Debian 11 keeps the loader and libc in lib/.
run_in_root() {
  local root=$1 bin=$2
  shift 2
  local lib=$root/usr/lib/x86_64-linux-gnu old=$root/lib/x86_64-linux-gnu loader
  loader=$lib/ld-linux-x86-64.so.2
  [ -e "$loader" ] || loader=$old/ld-linux-x86-64.so.2
  "$loader" --library-path "$old:$lib" "$root/$bin" "$@"
}

root_works() {
  local root
  root=$(root_of "$1")
  [ -f "$root/.complete" ] || return 1
  if [ "$1" = mariadb-11.8 ] && [ ! -x "$root/usr/bin/mariadb-dump" ]; then
    return 1 # fetched before the dump client was part of it
  fi
  run_in_root "$root" "$(server_binary_of "$1")" --version >/dev/null 2>&1
}

# An empty dpkg status of its own: with the system's, a package Debian 12
# has in a newer version than the suite (libc6, libmariadb3 for bullseye)
# would resolve to the newest suite's version instead of the wanted one.
apt_opts() {
  echo -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" \
    -o "Dir::State::status=$apt_dir/status" -o Debug::NoLocking=1 -o APT::Sandbox::User=root
}

prepare_apt() {
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  [ -f "$apt_dir/status" ] || : >"$apt_dir/status"
  local uri
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=http://deb.debian.org/debian
  cat >"$apt_dir/sources.list" <<S
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri sid main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri trixie main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bullseye main
S
  # one update a day is plenty, once every suite has its lists
  if [ -z "$(find "$apt_dir/lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ] ||
    ! ls "$apt_dir/lists/"*_bullseye_* >/dev/null 2>&1; then
    echo "updating package lists for sid, trixie and bullseye in $apt_dir ..." >&2
    # shellcheck disable=SC2046
    apt-get $(apt_opts) -qq update >&2
  fi
}

fetch_unpacked() {
  local name=$1 suite pkgs root work
  suite=$(suite_of "$name")
  pkgs=$(packages_of "$name")
  root=$(root_of "$name")
  if root_works "$name"; then
    echo "$root"
    return 0
  fi
  prepare_apt
  echo "resolving $pkgs in $suite ..." >&2
  local deps
  # shellcheck disable=SC2046,SC2086
  deps=$(apt-cache $(apt_opts) -o APT::Default-Release="$suite" depends --recurse --no-recommends \
    --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances $pkgs |
    grep -v '^ ' | grep -v '<' | sed 's/:any$//' | sort -u)
  work=$(mktemp -d "$top/.fetch-$name.XXXXXX")
  local p wanted=()
  for p in $deps; do
    skip_package "$p" && continue
    wanted+=("$p/$suite")
  done
  for p in $(extra_packages_of "$name"); do
    [[ " ${wanted[*]} " == *" $p/$suite "* ]] || wanted+=("$p/$suite")
  done
  echo "downloading ${#wanted[@]} packages for $name ..." >&2
  # shellcheck disable=SC2046
  (cd "$work" && apt-get $(apt_opts) -qq download "${wanted[@]}" >&2)
  rm -rf "$root.new"
  mkdir -p "$root.new"
  local f
  for f in "$work"/*.deb; do dpkg-deb -x "$f" "$root.new"; done
  rm -rf "$root"
  mv "$root.new" "$root"
  rm -rf "$work"
  touch "$root/.complete"
  if ! root_works "$name"; then
    echo "unpacked $name into $root but its server does not run:" >&2
    run_in_root "$root" "$(server_binary_of "$name")" --version >&2 || true
    return 1
  fi
  echo "$root"
}

fetch_system_mariadb() {
  local b
  for b in mariadbd mysqld /usr/sbin/mariadbd /usr/sbin/mysqld; do
    if command -v "$b" >/dev/null 2>&1; then
      command -v "$b"
      return 0
    fi
  done
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "no mariadbd/mysqld found and no apt-get: install a MySQL or MariaDB server package first" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing Debian 12's mariadb-server (MariaDB 10.11) ..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    mariadb-server mariadb-client >&2
  # the package starts a system server; the tests start their own
  $sudo systemctl stop mariadb >/dev/null 2>&1 || $sudo service mariadb stop >/dev/null 2>&1 || true
  command -v mariadbd || echo /usr/sbin/mariadbd
}

fetch() {
  case $1 in
    mariadb-10.11) fetch_system_mariadb ;;
    mysql-9.7 | mariadb-11.8 | mariadb-10.5)
      mkdir -p "$top"
      fetch_unpacked "$1"
      ;;
    all)
      fetch mariadb-10.11
      fetch mariadb-10.5
      fetch mysql-9.7
      fetch mariadb-11.8
      ;;
    *) usage ;;
  esac
}

usage() {
  echo "usage: $0 fetch mariadb-10.11|mariadb-10.5|mysql-9.7|mariadb-11.8|all" >&2
  echo "       $0 root mariadb-10.5|mysql-9.7|mariadb-11.8" >&2
  exit 2
}

case ${1:-} in
  fetch) fetch "${2:-all}" ;;
  root)
    [ -n "${2:-}" ] && suite_of "$2" >/dev/null || usage
    root_works "$2" || { echo "$2 is not fetched: run $0 fetch $2" >&2; exit 1; }
    root_of "$2"
    ;;
  *) usage ;;
esac
