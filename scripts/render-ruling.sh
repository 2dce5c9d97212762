#!/usr/bin/env bash
# Renders page 1 of a written ruling to a PNG with pdftoppm: xqarb's own PDF (the pictures in
# the README), or the HTML (xqarb adjudicate --format html) printed on A4 by headless Chromium,
# the check that the HTML prints as it should. It says how many pages the ruling took.
#   scripts/render-ruling.sh [RECORD [PNG [LANG [pdf|html]]]]
# Defaults: the sample master game, docs/ruling_sample_en.png, English, pdf. Installs chromium
# (for html) and a Chinese font (fonts-wqy-zenhei) when they are missing, and builds xqarb in
# build/release unless XQARB names a binary. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

record=${1:-testdata/samples/world_championship_2001_perpetual_chase.pgn}
png=${2:-docs/ruling_sample_en.png}
language=${3:-en}
format=${4:-pdf}

missing=()
[ "$format" = pdf ] || command -v chromium >/dev/null || missing+=(chromium)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-wqy-zenhei)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  as_root=()
  [ "$(id -u)" -ne 0 ] && as_root=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ -z "${XQARB:-}" ]; then
  scripts/install-deps.sh
  cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
  cmake --build build/release -j"$(nproc)" --target xqarb >/dev/null
  XQARB=build/release/app/xqarb
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$(dirname "$png")"
if [ "$format" = pdf ]; then
  "$XQARB" adjudicate "$record" --lang "$language" -o "$work/ruling.pdf"
  pdftoppm -r 70 -png -f 1 -l 1 -singlefile "$work/ruling.pdf" "${png%.png}"
  echo "wrote $png (page 1 of $(pdfinfo "$work/ruling.pdf" | awk '/^Pages:/ { print $2 }'))"
  exit 0
fi
"$XQARB" adjudicate "$record" --format html --lang "$language" -o "$work/ruling.html"
# A fresh profile and no network: the page is self-contained. No header or footer of the
# browser's own: the ruling prints its page numbers.
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile" --no-pdf-header-footer \
  --print-to-pdf="$work/ruling.pdf" "file://$work/ruling.html" 2>"$work/chromium.log" \
  || { cat "$work/chromium.log" >&2; exit 1; }
pdftoppm -r 70 -png -f 1 -l 1 -singlefile "$work/ruling.pdf" "${png%.png}"
echo "wrote $png (page 1 of $(pdfinfo "$work/ruling.pdf" | awk '/^Pages:/ { print $2 }'))"
