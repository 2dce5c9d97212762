#!/usr/bin/env bash
# A game typed on the command line: --tag, the separators of a Chinese keyboard, and an illegal
# move explained (which move, why, what blocks it) on stderr and in every format of the document.
#   typed_game.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# --tag puts the players and the round on the document.
expect_exit 0 adjudicate --moves "h2e2 h9g7" --tag Event=城市联赛 --tag Red=许银川 --tag Black=吕钦 --tag Round=5
expect_in out "Event            城市联赛"
expect_in out "Round            5"
expect_in out "Red              许银川"
expect_in out "Black            吕钦"
expect_exit 2 adjudicate --moves "h2e2" --tag Red
expect_in err "expected Key=Value"
expect_exit 2 adjudicate testdata/samples/rule6_perpetual_check.pgn --tag Red=x
expect_lines err 1

# ，、； and U+3000 separate moves like spaces do: the same replay as with spaces.
expect_exit 0 replay --moves "炮二平五 马8进7 马二进三 马7退8"
cp "$work/out" "$work/spaced"
expect_exit 0 replay --moves "炮二平五，马8进7、马二进三；马7退8"
cmp -s "$work/out" "$work/spaced" || fail "，、； do not separate moves: $(cat "$work/err")"
expect_exit 0 replay --moves "1. 炮二平五　马8进7　2. 马二进三　马7退8"
cmp -s "$work/out" "$work/spaced" || fail "U+3000 does not separate moves: $(cat "$work/err")"

# An illegal move: which one, why, and what blocks it, on stderr and in the document.
horse_leg="the horse on g2 cannot advance to file 2: its leg at g3 is blocked by the red pawn"
expect_exit 1 adjudicate --moves "炮二平五 马8进7 马二进三 马7退8 马三进二 马8进7"
expect_in err "--moves:1:21: error[notation.illegal]: game 1, ply 5 (red): '马三进二' is not legal here: $horse_leg"
tr '\n' ' ' <"$work/out" | tr -s ' ' >"$work/document"
grep -qF "could not be replayed to its end. --moves:1:21: game 1, ply 5 (red): '马三进二' is not legal here: $horse_leg" "$work/document" \
  || fail "the text document does not say which move failed and why: $(cat "$work/out")"
expect_not_in out "see the diagnostics"
for format in html markdown jsonl; do
  expect_exit 1 adjudicate --moves "炮二平五 马8进7 马二进三 马7退8 马三进二" --format $format -o "$work/ruling.$format"
  tr '\n' ' ' <"$work/ruling.$format" | tr -s ' ' | grep -qF "$horse_leg" \
    || fail "the $format document (-o) does not say why the move failed"
done
expect_exit 1 adjudicate --moves "炮二平五 马8进7 马二进三 马7退8 马三进二" --lang zh
tr -d '\n ' <"$work/out" | grep -qF "不作裁决：棋谱无法复盘到底。--moves:1:21:第1局，第5着（红方）马三进二不合规则：三路马被本方三路兵蹩住马腿，不能进二。" \
  || fail "the Chinese document does not say in Chinese which move failed: $(cat "$work/out")"
# A rook whose target holds its own horse; a rook with a piece in its way; a cannon that
# would capture over two pieces; a WXF move.
expect_exit 1 replay --moves "车一平二"
expect_in err "the rook on i0 cannot move across to file 2: its own horse stands on h0"
expect_exit 1 replay --moves "a0a5"
expect_in err "the rook on a0 cannot go to a5: the red pawn on a3 stands in its way"
expect_exit 1 replay --moves "h2e2 h9g7 e2e9"
expect_in err "the cannon on e2 cannot go to e9: 2 pieces stand between, and a cannon captures by jumping over exactly one"
expect_exit 1 replay --moves "h2e2 h9g7 C5+3"
expect_in err "the cannon on e2 cannot advance 3: the red pawn on e3 stands in its way"

finish
