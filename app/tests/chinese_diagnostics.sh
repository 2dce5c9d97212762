#!/usr/bin/env bash
# Under --lang zh the problems are said in Chinese, from the message catalogue: an illegal move
# (which move, in the record's Chinese notation, and why) on stderr and in every format of the
# document, a bad FEN and a file that cannot be opened. No English diagnostic is quoted.
#   chinese_diagnostics.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# The English words of the same problems: none of them may reach a Chinese document or stderr.
english_words=("is not legal here" "ply 3" "stands in its way" "game 1" "cannot open" "FEN:" "No such file")
expect_no_english() {
  for words in "${english_words[@]}"; do
    if grep -qF -- "$words" "$1"; then fail "$2 holds the English '$words': $(head -c 600 "$1")"; fi
  done
}

# Red's rook on file 1 would move across to file 2 at ply 3, where its own horse stands.
cat >"$work/illegal.pgn" <<'PGN'
[Event "城市联赛"]
[Red "许银川"]
[Black "吕钦"]
[Result "*"]

1. 炮二平五 马8进7 2. 车一平二 *
PGN
why="第3着（红方）车一平二不合规则：一路车被本方二路马所阻，不能平二。"
expect_exit 1 adjudicate "$work/illegal.pgn" --lang zh
expect_in err "$work/illegal.pgn:6:17: error[notation.illegal]: 第1局（许银川对吕钦），$why"
expect_lines err 1
expect_no_english "$work/err" "stderr"
# The text document wraps Chinese anywhere: its lines are joined without their breaks.
tr -d '\n ' <"$work/out" >"$work/document"
grep -qF "不作裁决：棋谱无法复盘到底。$work/illegal.pgn:6:17:第1局（许银川对吕钦），$why" "$work/document" \
  || fail "the Chinese text document does not say in Chinese which move failed and why: $(cat "$work/out")"
expect_no_english "$work/document" "the Chinese text document"
for format in html markdown jsonl; do
  expect_exit 1 adjudicate "$work/illegal.pgn" --lang zh --format $format -o "$work/ruling.$format"
  tr '\n' ' ' <"$work/ruling.$format" | tr -s ' ' >"$work/document.$format"
  grep -qF "$why" "$work/document.$format" || fail "the Chinese $format document does not say why the move failed"
  expect_no_english "$work/document.$format" "the Chinese $format document"
done
# PDF: the text that pango sets is the document's; the PDF itself is compressed.
if expect_exit 1 adjudicate "$work/illegal.pgn" --lang zh --format pdf -o "$work/ruling.pdf" && command -v pdftotext >/dev/null; then
  pdftotext "$work/ruling.pdf" - | tr -d '\n ' >"$work/document.pdf.txt"
  grep -qF "一路车被本方二路马所阻" "$work/document.pdf.txt" || fail "the Chinese PDF does not say why the move failed"
fi

# The same record in English is worded as before.
expect_exit 1 adjudicate "$work/illegal.pgn"
expect_in err "error[notation.illegal]: game 1 (许银川 vs 吕钦), ply 3 (red): '车一平二' is not legal here: the rook on i0 cannot move across to file 2: its own horse stands on h0 (position: "

# A horse whose leg is blocked, and a move with no such piece, for Black.
expect_exit 1 adjudicate --moves "炮二平五 马8进7 马二进三 马7退8 马三进二" --lang zh
expect_in err "第1局，第5着（红方）马三进二不合规则：三路马被本方三路兵蹩住马腿，不能进二。"
expect_exit 1 adjudicate --moves "炮二平五 车3进1" --lang zh
expect_in err "第1局，第2着（黑方）车3进1不合规则：黑方３路没有车。"

# validate words its findings the same way, in every format; the status column keeps its code.
expect_exit 1 validate "$work/illegal.pgn" --lang zh
expect_in out "着法不合规则（第3着）：$work/illegal.pgn:6:17: error[notation.illegal]: 第1局（许银川对吕钦），$why"
# The summary's heading of the game, its status and the totals are Chinese too.
expect_in out "$work/illegal.pgn:1：第1局（许银川对吕钦）：着法不合规则"
expect_in out "  着法不合规则                    1"
expect_in out "  正常                            0"
expect_not_in out "illegal_move"
for format in csv jsonl; do
  expect_exit 1 validate "$work/illegal.pgn" --lang zh --format $format
  expect_in out "$why"
  expect_in out "illegal_move"
  expect_not_in out "is not legal here"
done
expect_exit 1 validate "$work/illegal.pgn"
expect_in out "illegal_move at ply 3: $work/illegal.pgn:6:17: error[notation.illegal]: game 1 (许银川 vs 吕钦), ply 3 (red): '车一平二' is not legal here"

# A bad FEN: said in Chinese, with the place of the bad letter.
expect_exit 1 adjudicate --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w" --moves "h2e2" --lang zh
expect_in err "error[fen.bad-char]: 第1局，起始局面（FEN）有误：第10行（ICCS 第0横线）中的“X”既不是棋子字母，也不是数字。"
expect_no_english "$work/err" "stderr for a bad FEN"
expect_exit 1 adjudicate --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x" --moves "h2e2" --lang zh
expect_in err "error[fen.side]: 第1局，起始局面（FEN）有误：走棋方“x”无效，应为 w、r 或 b。"

# A game without a document gets a note on stderr, in Chinese too.
printf '[Red "许银川"]\n[Black "吕钦"]\n\n1. 炮二平五 马8进7 *\n' >"$work/plain.pgn"
expect_exit 0 adjudicate "$work/plain.pgn" --lang zh
expect_in err "$work/plain.pgn:1:1: note[adjudicate.nothing-to-rule]: 第1局（许银川对吕钦）：共2着，没有需要裁决的重复局面（加 --all 也为本局写裁决书）。"

# A file that cannot be opened.
expect_exit 1 adjudicate "$work/missing.pgn" --lang zh
expect_in err "$work/missing.pgn: error[io.open]: 无法打开文件：文件不存在。"
expect_no_english "$work/err" "stderr for a missing file"

finish
