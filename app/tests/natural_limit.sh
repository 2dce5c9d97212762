#!/usr/bin/env bash
# The computer rule (--ruleset computer) and the natural move limit: validate's finding in
# every format, --natural-limit and what it refuses, the note in written rulings, and
# `rules check` on every shipped ruleset.
#   natural_limit.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# Eleven plies without a capture, and a win recorded.
printf '[Event "long"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 g6g5 6. c3c4 1-0\n' \
  >"$work/long.pgn"
# The same stopped after ten plies with a draw: it reaches the limit and passes nothing.
printf '[Event "stops"]\n[Result "1/2-1/2"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 g6g5 1/2-1/2\n' \
  >"$work/stops.pgn"

# Under the ruleset's own limit (60 moves of each side) the game is ok.
expect_exit 0 validate "$work/long.pgn" --ruleset computer
expect_in out "  natural_limit                   0"
# An event's limit of 5 moves of each side: after ply 10, and the record goes on.
expect_exit 1 validate "$work/long.pgn" --ruleset computer --natural-limit 5
expect_in out "long.pgn:1: game 1 (long): natural_limit"
expect_in out "  natural_limit at ply 10: the natural limit (10 plies without a capture, COMP-L1) draws the game after ply 10, counted from ply 1, but the record goes on to ply 11"
expect_in out "  natural_limit                   1"
expect_exit 1 validate "$work/long.pgn" --ruleset computer --natural-limit 5 --format csv
expect_in out ',natural_limit,'
expect_in out '"natural_limit at ply 10: the natural limit'
expect_exit 1 validate "$work/long.pgn" --ruleset computer --natural-limit 5 --format jsonl
expect_in out '"status":"natural_limit"'
expect_in out '"natural_limit":{"ply":10,"first_ply":1,"limit_plies":10,"plies_not_counted":0,"rule":"COMP-L1"}'
expect_in out '"findings":[{"status":"natural_limit","ply":10,'
expect_exit 1 validate "$work/long.pgn" --ruleset computer --natural-limit 5 --lang zh
expect_in out "natural_limit"
expect_exit 0 validate "$work/stops.pgn" --ruleset computer --natural-limit 5

# An event may lower the limit, never raise it; a ruleset without one has none to lower.
expect_exit 2 validate "$work/long.pgn" --ruleset computer --natural-limit 61
expect_in err "--natural-limit 61 would raise the ruleset's natural limit of 60 moves of each side (COMP-L1)"
expect_exit 2 adjudicate "$work/long.pgn" --natural-limit 5
expect_in err "the ruleset 'axf' sets no natural limit for an event to lower"
expect_exit 2 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 0

# The written ruling notes it, in English and Chinese, in every format; the game gets its
# document for it.
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 5
expect_in out "After ply 10, 10 plies had been played without a capture, counted from ply 1:"
expect_in out "the natural limit draws the game there (COMP-L1)."
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 5 --lang zh
expect_in out "第10着后，自第1着起已走10着而无吃子：按自然限着判和（COMP-L1）。"
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 5 --format html
expect_in out "the natural limit draws the game there (COMP-L1)."
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 5 --format markdown
expect_in out "the natural limit draws the game there (COMP-L1)."
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer --natural-limit 5 --format pdf -o "$work/long.pdf"
if command -v pdftotext >/dev/null; then
  pdftotext "$work/long.pdf" "$work/out"
  expect_in out "After ply 10, 10 plies had been played without a capture, counted from ply 1: the natural"
  expect_in out "the game there (COMP-L1)."
else
  fail "pdftotext is missing (scripts/install-deps.sh installs poppler-utils)"
fi
expect_exit 0 adjudicate "$work/long.pgn" --ruleset computer
expect_not_in out "natural limit"
expect_in err "no repetition to rule on"

# The computer rule: Black's cannons chase the red rook on every move and Black loses at
# the third occurrence (the book's chapter 3 section 3, example 4).
expect_exit 0 adjudicate --ruleset computer --notation iccs --fen "4k3c/9/4bn2n/8c/6R2/6P2/9/9/9/3K5 w" \
  --moves "g5i5 i6f6 i5g5 f6i6 g5i5 i6f6 i5g5 f6i6"
expect_in out "Ruling: Black loses."
expect_in out "(COMP-R4"
# Checks in the cycle end the chase judgement: a draw (example 2).
expect_exit 0 adjudicate --ruleset computer --fen "3ak1b2/4a4/4b3r/4C4/5R3/9/9/9/9/4KA3 w" \
  --moves "f5g5 e9f9 g5f5 f9e9 f5g5 e9f9 g5f5 f9e9" --format jsonl
expect_in out '"outcome":"draw"'
expect_in out '"conduct":"checks_in_cycle"'
# replay shows the facts the computer rule adds: the attacks before the move, and attacks
# whose capture the move made legal.
expect_exit 0 replay --ruleset computer --classify --fen "1CRck4/4a4/9/9/9/9/9/9/3CA4/5K3 w" \
  --moves "e1d2 e8d7 d2e1 d7e8 e1d2 e8d7 d2e1 d7e8"
expect_in out "attacked before the move by the red rook on c9 and red cannon on b9"
expect_exit 0 replay --ruleset computer --classify --format jsonl --fen "3r5/4ck3/3R5/9/9/9/3cR4/9/4A4/4KA3 w" \
  --moves "e0d0 e8d8 d0e0 d8e8"
expect_in out '"origin":"capture_made_legal"'
expect_in out '"prior_attacks":[{'

# Every shipped ruleset passes its check, and each name works with --ruleset.
for ruleset in rulesets/*.json; do
  expect_exit 0 rules check "$ruleset"
  name=$(basename "$ruleset" .json)
  expect_exit 0 rules list --ruleset "$name"
  expect_exit 0 forbidden --ruleset "$name" --moves "h2e2 h9g7"
done
expect_exit 0 rules show L1 --ruleset computer
expect_in out "the natural limit: 120 plies without a capture, each side's checks after its 10th not counted"

finish "natural limit and computer rule: ok"
