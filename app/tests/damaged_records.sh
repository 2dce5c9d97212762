#!/usr/bin/env bash
# A ruling never hides damage (reliability review 2026-12-05, N1 and N2): a record that could
# not be read whole is ruled on by neither adjudicate nor validate, whose JSON status is then
# `unreadable`, never `ok`; the document says why, in both languages. convert marks such a game
# with [XqarbDamaged], and validate and adjudicate read the mark back.
#   damaged_records.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# A perpetual check whose record is cut inside a comment: what was read would be ruled on.
cut=$work/cut_in_comment.pgn
printf '[Event "cut"]\n[FEN "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"]\n[Result "1-0"]\n\n%s {the record was cut here\n' \
  '1. i0i9 d9d8 2. i9i8 d8d9 3. i8i9 d9d8 4. i9i8 d8d9 5. i8i9 d9d8 6. i9i8 d8d9' >"$cut"

# status: the JSON line's, as one word.
json_status() { python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["status"])' <"$work/out"; }

# Both commands refuse to rule.
expect_exit 1 validate --format csv "$cut"
expect_in out ',unreadable,'
expect_in out 'pgn.unterminated-comment'
expect_exit 1 adjudicate --format json "$cut"
[ "$(json_status)" = unreadable ] || fail "adjudicate --format json of a damaged record: status $(json_status)"
expect_in out '"ruling":null'
expect_in out 'No ruling: the record could not be read whole'
expect_exit 1 adjudicate "$cut"
expect_in out 'No ruling: the record could not be read whole'
tr -s '\n ' '  ' <"$work/out" | grep -qF "the comment has no closing '}'" || fail "the document does not give the reading error"
expect_not_in out 'must change'
expect_exit 1 adjudicate --lang zh "$cut"
expect_in out '不作裁决：棋谱未能完整读取'
expect_exit 1 adjudicate --ruleset axf,cxa --format json "$cut"
expect_not_in out '"status":"ok"'
expect_in out '"status":"unreadable"'

# convert marks the damage; the converted record is as unreadable as its source, and a second
# conversion keeps the one mark.
expect_exit 1 convert --to pgn-iccs "$cut" -o "$work/converted.pgn"
grep -q '^\[XqarbDamaged ".*error\[pgn.unterminated-comment\]' "$work/converted.pgn" \
  || fail "convert left no XqarbDamaged tag: $(head -c 600 "$work/converted.pgn")"
expect_exit 1 validate --format csv "$work/converted.pgn"
expect_in out ',unreadable,'
expect_in out 'record.damaged'
expect_exit 1 adjudicate --format json "$work/converted.pgn"
[ "$(json_status)" = unreadable ] || fail "adjudicate of the converted damaged record: status $(json_status)"
expect_exit 1 convert --to pgn-wxf "$work/converted.pgn" -o "$work/converted_twice.pgn"
[ "$(grep -c '^\[XqarbDamaged ' "$work/converted_twice.pgn")" -eq 1 ] \
  || fail "converted twice, the game has not one XqarbDamaged tag: $(head -c 600 "$work/converted_twice.pgn")"

# A whole record is still ruled on, and converts without the mark.
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn
expect_exit 0 adjudicate --format json "$sample"
[ "$(json_status)" = ok ] || fail "adjudicate of a whole record: status $(json_status)"
expect_exit 0 convert --to pgn-iccs "$sample"
expect_not_in out 'XqarbDamaged'

# The review's truncated XQF (cut inside a move record), when it is beside the checkout.
xqf=../shared/reviews/2026-12-05/repro/xqf_truncated_still_ruled.xqf
if [ -f "$xqf" ]; then
  expect_exit 1 adjudicate --format json "$xqf"
  [ "$(json_status)" = unreadable ] || fail "adjudicate of a truncated XQF: status $(json_status)"
  expect_exit 1 convert --to pgn-iccs "$xqf" -o "$work/xqf.pgn"
  expect_exit 1 validate --format csv "$work/xqf.pgn"
  expect_in out 'record.damaged'
  finish
else
  finish "ok (the truncated XQF skipped: $xqf is not there)"
fi
