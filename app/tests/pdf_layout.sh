#!/usr/bin/env bash
# Where a PDF ruling sets a repetition out in full: its heading, where its cycle starts and its
# board on one page (page 1, or a fresh page), never the heading at the foot of a page and the
# board on the next. Cases: a game of three repetitions with --detail all, and, when ../shared
# is there, the Asian Cup game of six repetitions (CCPD, game 58), in English and Chinese.
#   pdf_layout.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# check_boards NAME ARGS...: every repetition in full has its board caption on its heading's page.
check_boards() {
  local name=$1
  shift
  expect_exit 0 adjudicate "$@" --format json
  # The headings of the repetitions set out in full, one per line.
  python3 -c 'import json, sys
for line in sys.stdin:
    for r in json.loads(line)["document"]["repetitions"]:
        if r["in_full"]: print(r["heading"])' <"$work/out" >"$work/$name.headings"
  [ -s "$work/$name.headings" ] || fail "$name: no repetition set out in full"
  expect_exit 0 adjudicate "$@" --format pdf -o "$work/$name.pdf"
  local pages page heading found
  pages=$(pdfinfo "$work/$name.pdf" | awk '/^Pages:/ { print $2 }')
  while IFS= read -r heading; do
    found=0
    for page in $(seq 1 "$pages"); do
      pdftotext -enc UTF-8 -f "$page" -l "$page" "$work/$name.pdf" "$work/page.txt"
      grep -qF -- "$heading" "$work/page.txt" || continue
      found=1
      # The board's caption follows the heading on the same page.
      sed -n "/$(printf '%s' "$heading" | sed 's/[][\/.*^$]/\\&/g')/,\$p" "$work/page.txt" | grep -qE "$caption" \
        || fail "$name: '$heading' is on page $page, its board is not"
      break
    done
    [ "$found" -eq 1 ] || fail "$name: no page holds '$heading'"
  done <"$work/$name.headings"
}

caption='The arrows are the moves of the cycle'
check_boards three_repetitions testdata/rulings/rule_groups.pgn --game 19 --detail all
asian_cup=../shared/corpus/ccpd/ccpd_tournament_asian_cup.big5.pgn
if [ -f "$asian_cup" ]; then
  check_boards asian_cup_58 "$asian_cup" --game 58
  check_boards asian_cup_58_all "$asian_cup" --game 58 --detail all
  caption='箭头表示循环中的着法'
  check_boards asian_cup_58_zh "$asian_cup" --game 58 --lang zh
  caption='箭頭表示循環中的着法'
  check_boards asian_cup_58_zh_hant "$asian_cup" --game 58 --lang zh-Hant
else
  echo "skipped: the Asian Cup file of ../shared/corpus is not there"
fi

finish
