#!/usr/bin/env bash
# The arbiter's instruction to change as a fact of the game (docs/instructions.md): given with
# adjudicate --instructed or in the record's Instructed tag, it moves the violator's loss; a
# record without it is ruled as before, saying the loss assumes it. A perpetual chase (AXF-18)
# and a perpetual check (AXF-6) of our own, each repeated until the start position has stood
# six times (after plies 1, 5, 9, 13, 17 and 21; the ruling is due at the second stand and,
# without an instruction, the fourth loses).
#   instructions.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# write_game FILE FEN FIRST_PLIES CYCLE [TAG...]: the first plies, then the cycle five times.
write_game() {
  local file=$1 fen=$2 moves=$3 cycle=$4
  shift 4
  {
    echo '[Event "Instruction test"]'
    for tag in "$@"; do echo "$tag"; done
    echo "[FEN \"$fen\"]"
    echo
    echo "$moves $cycle $cycle $cycle $cycle $cycle *"
  } >"$file"
}
# Red's rook chases Black's unprotected cannon up and down the a-file's neighbour ranks.
chase_fen="5k3/9/9/9/c8/9/7R1/9/9/4K4 w - - 0 1"
write_game "$work/chase.pgn" "$chase_fen" "h3h5 a5a6" "h5h6 a6a5 h6h5 a5a6"
# Red's rook checks the black king up and down the i-file.
check_fen="3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"
write_game "$work/check.pgn" "$check_fen" "i0i9 d9d8" "i9i8 d8d9 i8i9 d9d8"

# loss_ply FILE [ARGS...]: the deciding ruling's outcome and where the loss counts from and falls.
occurrences() {
  "$xqarb" adjudicate "$@" --format jsonl 2>/dev/null | python3 -c '
import json, sys
game = json.loads(sys.stdin.read())
o = game["ruling"]["occurrences"]
print(game["ruling"]["outcome"], o["instructed_ply"], o["loss_counted_from_ply"], o["loss_ply"])'
}
expect_occurrences() {
  local want=$1
  shift
  local got
  got=$(occurrences "$@")
  [ "$got" = "$want" ] || fail "adjudicate $*: outcome, instructed, counted from, loss: '$got', expected '$want'"
}

for game in chase check; do
  # Without an instruction: assumed at the ruling (ply 5), the fourth stand (ply 13) loses.
  expect_occurrences "red_loses None 5 13" "$work/$game.pgn"
  # Told at ply 10 or 12: two stands after it, at 13 and 17: the loss moves to ply 17.
  expect_occurrences "red_loses 10 10 17" "$work/$game.pgn" --instructed red@10
  expect_occurrences "red_loses 12 12 17" "$work/$game.pgn" --instructed Red@12
  # Told at ply 14: the stands at 17 and 21 count, the loss is at 21.
  expect_occurrences "red_loses 14 14 21" "$work/$game.pgn" --instructed red@14
  # Told at ply 18: one stand follows, at 21: Red has not lost yet and must change.
  expect_occurrences "red_must_change 18 18 None" "$work/$game.pgn" --instructed red@18
  # Told before the ruling was due: counted from the ruling. The first to the violator counts;
  # one to Black, who does not violate, changes nothing.
  expect_occurrences "red_loses 3 5 13" "$work/$game.pgn" --instructed red@3
  expect_occurrences "red_loses 14 14 21" "$work/$game.pgn" --instructed red@18 --instructed red@14
  expect_occurrences "red_loses None 5 13" "$work/$game.pgn" --instructed black@10
done

# expect_said TEXT: the text document on stdout says TEXT, wherever its lines wrap.
expect_said() {
  tr '\n' ' ' <"$work/out" | tr -s ' ' | grep -qF -- "$1" || fail "stdout does not say '$1': $(head -c 600 "$work/out")"
}

# The written ruling says when the instruction was given, and no longer that the loss assumes it.
expect_exit 0 adjudicate "$work/chase.pgn"
expect_said "The loss assumes that the arbiter told Red to change its moves when the ruling was due"
expect_exit 0 adjudicate "$work/chase.pgn" --instructed red@14
expect_said "The arbiter told Red to change its moves after ply 14: the loss counts from there."
expect_said "repeated the cycle until the position had stood 2 more times after ply 14, the last after ply 21: Red loses (AXF-3)."
expect_not_in out "The loss assumes"
expect_exit 0 adjudicate "$work/check.pgn" --instructed red@18
expect_in out "Ruling: Red must change its moves."
expect_said "If Red repeats the cycle until the position has stood 2 more times after ply 18, Red loses (AXF-3)."
expect_exit 0 adjudicate "$work/check.pgn" --instructed red@3
expect_said "after ply 3, before the ruling was due: the loss counts from the ruling, after ply 5."
expect_exit 0 adjudicate "$work/check.pgn" --instructed red@14 --lang zh
expect_in out "裁判员于第14着之后已要求红方变着：判负自此起算。"
expect_exit 0 adjudicate "$work/check.pgn" --instructed red@14 --format markdown
expect_in out "after ply 14"

# In the record: the Instructed tag, read back after convert, with a bad word reported.
write_game "$work/tagged.pgn" "$chase_fen" "h3h5 a5a6" "h5h6 a6a5 h6h5 a5a6" '[Instructed "red@14 blue@3"]'
expect_occurrences "red_loses 14 14 21" "$work/tagged.pgn"
expect_exit 0 adjudicate "$work/tagged.pgn"
expect_in err "tagged.pgn:2:14: warning[record.bad-instruction]"
expect_in err "'blue@3' in the tag Instructed is not an instruction"
expect_exit 0 convert "$work/tagged.pgn" --notation wxf -o "$work/converted.pgn"
expect_occurrences "red_loses 14 14 21" "$work/converted.pgn"
# The command line adds to the record's: the first to the violator counts.
expect_occurrences "red_loses 10 10 17" "$work/tagged.pgn" --instructed red@10

# A bad --instructed is bad usage.
expect_exit 2 adjudicate "$work/chase.pgn" --instructed red96
expect_in err "'red96' is not SIDE@PLY"
expect_exit 2 adjudicate "$work/chase.pgn" --instructed green@4

finish
