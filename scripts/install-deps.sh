#!/usr/bin/env bash
# Installs the Debian packages xqarb builds with, if any is missing. Safe to rerun: with
# everything present it only checks and returns.
#   scripts/install-deps.sh          what building and testing need
#   scripts/install-deps.sh clang    that, and clang with its sanitizer and libFuzzer runtimes
#                                    and clang-format: CI's clang build, scripts/fuzz.sh and
#                                    scripts/check-format.sh
set -euo pipefail

# python3: scripts/back-arrows.py, which a test runs.
# libxml2-utils: xmllint, with which the tests check the HTML rulings.
# help2man: the man page, built from --help; man-db: `man -l` in the install test.
# parallel: GNU parallel, which scripts/validate-cluster.sh runs the shards of a large archive with.
# cairo, pango and librsvg (with pkg-config to find them) set PDF rulings; poppler-utils
# (pdfinfo, pdftotext, pdffonts, pdftoppm) checks them. fonts-wqy-zenhei is the Chinese font a
# fresh machine lacks: one 16 MB package covering simplified and traditional Chinese and Latin,
# where fonts-noto-cjk takes 91 MB. libopencc-dev: OpenCC's table of traditional and simplified
# Chinese (its data comes with it), which folds names for --where.
packages=(g++ cmake make git pkg-config libcli11-dev nlohmann-json3-dev libspdlog-dev doctest-dev libxml2-utils
  help2man man-db parallel libcairo2-dev libpango1.0-dev librsvg2-dev fonts-wqy-zenhei poppler-utils
  libopencc-dev python3)
if [ "${1:-}" = clang ] || [ "${1:-}" = fuzz ]; then
  packages+=(clang libclang-rt-14-dev clang-format)
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
