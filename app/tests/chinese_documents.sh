#!/bin/bash
# Chinese documents: --lang zh-Hant writes every word in traditional characters (the ruling in
# all its formats, the forbidden answer, rules show, the validate summary); zh-Hans is zh.
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

sample=testdata/samples/world_championship_2001_perpetual_chase.pgn
# Characters that only simplified Chinese writes, common in every document.
simplified_only="车 马 帅 将 裁决 规则 红方 变着 进 复 谱 违 对 则 无"

expect_no_simplified() {
  local word
  for word in $simplified_only; do
    expect_not_in "$1" "$word"
  done
}

expect_exit 0 adjudicate "$sample" --lang zh-Hant --detail all
expect_in out "重複局面裁決書"
expect_in out "裁決：判紅方變着。"
expect_in out "車七進二"
expect_in out "將"
expect_no_simplified out
cp "$work/out" "$work/traditional.txt"

expect_exit 0 adjudicate "$sample" --lang zh-Hant --format html
expect_in out '<html lang="zh-Hant"'
expect_in out "漢 界"
expect_no_simplified out

expect_exit 0 adjudicate "$sample" --lang zh-Hant --format markdown
expect_no_simplified out

# zh-Hans is zh, word for word.
expect_exit 0 adjudicate "$sample" --lang zh --detail all
cp "$work/out" "$work/zh.txt"
expect_exit 0 adjudicate "$sample" --lang zh-Hans --detail all
cmp -s "$work/out" "$work/zh.txt" || fail "--lang zh-Hans differs from --lang zh"
expect_in out "车七进二"

expect_exit 0 adjudicate "$sample" --ruleset axf,cxa,computer --lang zh-Hant
expect_in out "多種規則下的對局裁決"
expect_no_simplified out

expect_exit 0 forbidden --fen "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1" \
  --moves "车二进一，将6进1，车二退一，将6退1" --lang zh-Hant
expect_in out "車二進一（h8h9）：判紅方變着。"
expect_no_simplified out

# The AXF texts in Chinese are turned back from the English translation, and say so wherever
# they are quoted; CXA's own Chinese does not, its English does.
expect_exit 0 rules show 18 --lang zh-Hant
expect_in out "車不得長捉無根炮"
expect_in out "（據英譯本回譯，非規則原文）"
expect_no_simplified out
expect_exit 0 rules show 24.3 --ruleset cxa --lang zh
expect_not_in out "非规则原文"
expect_exit 0 rules show 24.3 --ruleset cxa --lang en
expect_in out "(translated from the Chinese; not the book's wording)"
expect_exit 0 adjudicate "$sample" --lang zh
expect_in out "适用的规则（据英译本回译，非规则原文）"
expect_in out "（据 Eric Wu 英译本回译）"
expect_exit 0 adjudicate "$sample" --lang en
expect_in out "Rules applied"
expect_not_in out "not the book's wording"

# A rule is found by its title in either script.
expect_exit 0 rules show 長將 --lang zh-Hant
expect_in out "AXF-6（第6條）：長將"

expect_exit 0 rules list --ruleset cxa --lang zh-Hant
expect_in out "中國象棋協會"

expect_exit 0 validate "$sample" --lang zh-Hant
expect_in out "對局：1局"
expect_no_simplified out

# Diagnostics too: the catalogue's words in traditional characters, the record's as written.
printf '[Event "t"]\n[Red "许银川"]\n[Black "吕钦"]\n\n1. 炮二平五 马8进7 2. 车一平二 *\n' >"$work/illegal.pgn"
expect_exit 1 adjudicate "$work/illegal.pgn" --lang zh-Hant
expect_in err "error[notation.illegal]: 第1局（许银川對吕钦），第3着（紅方）车一平二不合規則：一路車被本方二路馬所阻，不能平二。"

# validate's findings of its own (a ruling the record goes against) are worded from the
# catalogue too.
printf '[Event "t"]\n[FEN "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"]\n[Result "1/2-1/2"]\n\n1. i0i9 d9d8 2. i9i8 d8d9 3. i8i9 d9d8 4. i9i8 d8d9 5. i8i9 d9d8 1/2-1/2\n' >"$work/repeats.pgn"
expect_exit 1 validate "$work/repeats.pgn" --lang zh --format jsonl
expect_in out "棋谱在第2至第5着的循环中结束，应裁决为“判红方变着”（AXF-6、AXF-3），而棋谱记为和棋（1/2-1/2）"
expect_exit 1 validate "$work/repeats.pgn" --lang zh-Hant
expect_in out "棋譜在第2至第5着的循環中結束"
expect_exit 1 validate "$work/repeats.pgn" --format jsonl
expect_in out "the record ends repeating the cycle of plies 2-5, ruled red_must_change (AXF-6, AXF-3), but gives 1/2-1/2"

# replay's frame is the catalogue's too; a finding of the board in Chinese.
expect_exit 0 replay --fen "3k5/4R4/9/9/9/9/9/9/9/4K4 w - - 0 1" --moves "e8d8" --lang zh
expect_in out "起始局面：3k5/4R4/9/9/9/9/9/9/9/4K4 w - - 0 1"
expect_in out "   1  红方  "
expect_in out "盘面结局：无"
expect_exit 0 replay --fen "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1" --moves "" --lang zh-Hant
expect_in out "最後局面："

# A mate recorded as a draw, in validate's words and in replay's.
expect_exit 1 validate testdata/validate/archive/findings.pgn --lang zh --format jsonl
expect_in out "棋谱记为和棋（1/2-1/2），但盘面上黑方已被将死，应为红胜（1-0）"
expect_exit 0 replay testdata/validate/archive/findings.pgn --game 1 --lang zh
expect_in out "发现：棋谱记为和棋（1/2-1/2），但盘面上黑方已被将死，应为红胜（1-0）"

expect_exit 2 adjudicate "$sample" --lang zh-Hantx
expect_in err "zh-Hantx"

if command -v pdftotext >/dev/null; then
  expect_exit 0 adjudicate "$sample" --lang zh-Hant --format pdf -o "$work/traditional.pdf"
  pdftotext "$work/traditional.pdf" "$work/out"
  expect_in out "重複局面裁決書"
  expect_no_simplified out
  if command -v pdfinfo >/dev/null; then
    pdfinfo "$work/traditional.pdf" >"$work/out"
    expect_in out "裁決書"
  fi
else
  echo "skipped the PDF case: pdftotext is not installed"
fi

finish
