#!/usr/bin/env bash
# Installs the Debian packages xqarb builds with, if any is missing. Safe to rerun: with
# everything present it only checks and returns.
#   scripts/install-deps.sh          what building and testing need
#   scripts/install-deps.sh fuzz     that, and clang with its libFuzzer, for scripts/fuzz.sh
set -euo pipefail

# libxml2-utils: xmllint, with which the tests check the HTML rulings.
# help2man: the man page, built from --help; man-db: `man -l` in the install test.
# parallel: GNU parallel, which scripts/validate-cluster.sh runs the shards of a large archive with.
packages=(g++ cmake make git libcli11-dev nlohmann-json3-dev libspdlog-dev doctest-dev libxml2-utils help2man man-db parallel)
if [ "${1:-}" = fuzz ]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
as_root=()
[ "$(id -u)" -ne 0 ] && as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
