#!/usr/bin/env bash
# The main job on the bundled samples: installs what is missing, builds xqarb in Release
# (build/release) and runs it on testdata/samples/: the legal moves of a position with the
# perft count below each, then the written ruling on a master game that ended in a perpetual
# chase.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target xqarb >/dev/null

sample_fen=$(grep -v '^#' testdata/samples/position.fen | head -n 1)
echo "Legal moves of the sample position, with the positions under each at depth 2, and the total:"
echo "  $sample_fen"
build/release/app/xqarb perft --fen "$sample_fen" --depth 3 --divide
echo
echo "Written ruling on testdata/samples/world_championship_2001_perpetual_chase.pgn"
echo "(7th World Xiangqi Championship, Macau 2001: Xu Songhao - Wu Guilin, 0-1):"
echo
build/release/app/xqarb adjudicate testdata/samples/world_championship_2001_perpetual_chase.pgn
