#!/usr/bin/env bash
# Fetches the real-file corpus of the schema check's test tier
# (corpus/TestRealFilesAgreeWithTheClient): the MySQL/MariaDB install
# scripts, schema files and dumps that Debian 12 packages ship, listed in
# corpus/testdata/files.tsv (package, path in the package, name).
#
#   scripts/corpus.sh fetch   (prints the corpus directory on stdout)
#
# Each package is downloaded with apt-get download (never installed),
# extracted with dpkg-deb -x into a scratch directory, and only its listed
# files are kept, as $UPGRADE_ADVISOR_CORPUS/files/PACKAGE/NAME.sql (default
# ~/.cache/upgrade-advisor/corpus; a .gz is gunzipped; "a + b" is the two
# files one after the other, a newline between). A package whose
# files are all there is not fetched again: a warm run downloads nothing.
# The package's version is kept beside its files (VERSION).
set -euo pipefail
cd "$(dirname "$0")/.."

list=corpus/testdata/files.tsv
top=${UPGRADE_ADVISOR_CORPUS:-$HOME/.cache/upgrade-advisor/corpus}

usage() { echo "usage: scripts/corpus.sh fetch" >&2; exit 2; }
[ "${1:-}" = fetch ] || usage

entries() { grep -v -e '^#' -e '^[[:space:]]*$' "$list"; }

# missing_packages prints each package with a listed file not yet extracted.
missing_packages() {
  entries | while IFS=$'\t' read -r pkg path name _; do
    [ -s "$top/files/$pkg/$name.sql" ] || echo "$pkg"
  done | sort -u
}

# download fetches pkg's .deb into $top/debs, updating the package lists
# once when apt does not know it (a fresh machine has none).
updated=""
download() {
  local pkg=$1
  ( cd "$top/debs" && apt-get download -qq "$pkg" ) >/dev/null 2>&1 && return 0
  if [ -z "$updated" ]; then
    updated=1
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null 2>&1 || true
    ( cd "$top/debs" && apt-get download -qq "$pkg" ) >/dev/null 2>&1 && return 0
  fi
  echo "corpus: apt-get download $pkg failed (is Debian 12's archive in the apt sources?)" >&2
  return 1
}

# extract unpacks pkg's .deb and copies its listed files into place.
extract() {
  local pkg=$1 deb scratch
  deb=$(ls -t "$top/debs/${pkg}"_*.deb 2>/dev/null | head -n1)
  [ -n "$deb" ] || { echo "corpus: no .deb of $pkg in $top/debs" >&2; return 1; }
  scratch=$(mktemp -d)
  dpkg-deb -x "$deb" "$scratch"
  mkdir -p "$top/files/$pkg"
  dpkg-deb -f "$deb" Version >"$top/files/$pkg/VERSION"
  local status=0
  while IFS=$'\t' read -r p path name _; do
    [ "$p" = "$pkg" ] || continue
    local out=$top/files/$pkg/$name.sql part ok=1 sep=""
    : >"$out.tmp"
    # "a + b": the files one after the other, as an installer feeds them
    # to one client (a schema, then the procedures that use it)
    while read -r part; do
      if [ ! -f "$scratch$part" ]; then
        echo "corpus: $pkg has no $part (the package changed: update $list)" >&2
        ok=""
        continue
      fi
      printf '%s' "$sep" >>"$out.tmp"
      sep=$'\n'
      case $part in
        *.gz) gunzip -c "$scratch$part" >>"$out.tmp" ;;
        *) cat "$scratch$part" >>"$out.tmp" ;;
      esac
    done < <(sed 's/ + /\n/g' <<<"$path")
    if [ -z "$ok" ]; then
      rm -f "$out.tmp"
      status=1
      continue
    fi
    mv "$out.tmp" "$out"
  done < <(entries)
  rm -rf "$scratch"
  return $status
}

mkdir -p "$top/debs" "$top/files"
status=0
for pkg in $(missing_packages); do
  if download "$pkg" && extract "$pkg"; then
    rm -f "$top/debs/${pkg}"_*.deb
  else
    status=1
  fi
done
echo "$top/files"
exit $status
