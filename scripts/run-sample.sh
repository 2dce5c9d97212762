#!/usr/bin/env bash
# The main job on the bundled sample: installs what is missing, builds xqarb in Release
# (build/release) and runs it on a master game that ended in a perpetual chase: the written
# ruling, then what Red may not play at the end of the record.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target xqarb >/dev/null

sample=testdata/samples/world_championship_2001_perpetual_chase.pgn
echo "Written ruling on $sample"
echo "(7th World Xiangqi Championship, Macau 2001: Xu Songhao - Wu Guilin, 0-1):"
echo
build/release/app/xqarb adjudicate "$sample"
echo
echo "What Red may not play at the end of the record:"
build/release/app/xqarb forbidden "$sample"
echo
echo "The program is build/release/app/xqarb; README.md says how to install it."
