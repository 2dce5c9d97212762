#!/usr/bin/env bash
# Hostile input end to end (reliability review, 2026-11-30): each reproducer of the review,
# remade here, gives a clear diagnostic and the documented exit code, and loses nothing.
# When the review's own reproducers are beside the checkout (../shared), they are run too.
#   hostile_input.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn

# Valid UTF-8 holding no control character but tab, LF and CR: what a terminal, a CSV or an
# XML document can take (Unicode's table of well-formed sequences, checked byte by byte).
clean_text() {
  perl -0777 -ne 'exit(/\A(?:[\x09\x0A\x0D\x20-\x7E]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})*\z/ ? 0 : 1)' "$1"
}

expect_clean() {
  for stream in out err; do
    clean_text "$work/$stream" || fail "$1: std$stream is not clean UTF-8 text"
  done
}

# F1: bytes that are not UTF-8 (above U+10FFFF, a 5-byte form) in a tag and in a move.
printf '[Event "A"]\n\n1. h2e2 h9g7 *\n\n[Event "Open \xF4\x90\x80\x80"]\n\n1. h2e2 h9g7 *\n\n[Event "C"]\n\n1. h2e2 h9g7 *\n' >"$work/bad_tag.pgn"
expect_exit 0 adjudicate --all --format json "$work/bad_tag.pgn"
expect_clean "adjudicate --format json of a bad tag"
[ "$(grep -c '^{' "$work/out")" -eq 3 ] || fail "adjudicate --format json lost a game: $(wc -l <"$work/out") lines"
expect_exit 1 validate --format csv "$work/bad_tag.pgn"
expect_clean "validate of a bad tag"
expect_in out ',damaged_text,'
expect_in out 'encoding.invalid-sequence'
expect_exit 0 adjudicate --all --format html "$work/bad_tag.pgn" -o "$work/bad_tag.html"
clean_text "$work/bad_tag.html" || fail "the HTML ruling of a bad tag is not clean UTF-8"
if command -v xmllint >/dev/null; then
  xmllint --noout "$work/bad_tag.html" 2>"$work/err" || fail "the HTML ruling of a bad tag is not well-formed"
fi
printf '\xF9\xA5\xBF\xB0\xA8\xE7\xAE\x82' >"$work/five_byte_move.pgn"
expect_exit 1 adjudicate --format json "$work/five_byte_move.pgn"
expect_clean "adjudicate of a 5-byte form"

# F1: a file name that is not UTF-8 is shown escaped.
mkdir -p "$work/names"
cp "$sample" "$work/names/$(printf 'bad\377\376name.pgn')"
expect_exit 0 adjudicate --all --format json "$work/names/$(printf 'bad\377\376name.pgn')"
expect_clean "adjudicate of a file whose name is not UTF-8"
expect_in out 'bad\\xFF\\xFEname.pgn'
expect_exit 0 validate --format csv "$work/names"
expect_clean "validate of a folder holding a name that is not UTF-8"
expect_in out 'bad\xFF\xFEname.pgn,1,'


# F5: control characters in DhtmlXQ fields reach no output.
printf '[DhtmlXQ]\n[DhtmlXQ_title]T\x1b]0;pwned\x07\x1b[2J[/DhtmlXQ_title]\n[DhtmlXQ_red]A\x00B[/DhtmlXQ_red]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n' >"$work/control.ubb"
for command in "validate" "validate --format csv" "replay --cycles --classify" "convert --to pgn-iccs" "adjudicate --format html"; do
  # shellcheck disable=SC2086 # the command's words are meant to split
  "$xqarb" $command "$work/control.ubb" >"$work/out" 2>"$work/err"
  expect_clean "$command of DhtmlXQ with control characters"
done

# F2, F8, F9: a broken ruleset is a ruleset error (exit 2 where it is used), with its path.
printf '{"id": 1e400}' >"$work/overflow.json"
expect_exit 1 rules check "$work/overflow.json"
expect_in err 'error[ruleset.syntax]: at /id'
expect_exit 2 adjudicate "$sample" --ruleset "$work/overflow.json"
printf '{"id": "a", "id": "b"}' >"$work/duplicate.json"
expect_exit 1 rules check "$work/duplicate.json"
expect_in err 'ruleset.duplicate-key'
printf '{"id": "a"}\0garbage' >"$work/nul.json"
expect_exit 1 rules check "$work/nul.json"
expect_in err 'NUL'
expect_exit 2 rules list --ruleset /dev/zero
expect_in err 'ruleset.too-large'

# F3: a failed write is exit code 4, in every command.
for command in "replay --cycles --classify $sample" "rules list" "perft --depth 2 --divide" "adjudicate $sample" "convert --to pgn-wxf $sample" "validate $sample"; do
  # shellcheck disable=SC2086
  "$xqarb" $command >/dev/full 2>"$work/err"
  got=$?
  [ "$got" -eq 4 ] || fail "xqarb $command > /dev/full exited $got, expected 4"
  expect_in err 'io.write'
done

# F4: every record file of a folder gets a row, or a diagnostic and exit 1.
mkdir -p "$work/folder"
cp "$sample" "$work/folder/a.pgn"
ln -s /nonexistent "$work/folder/dangling.pgn"
ln -s loop2.pgn "$work/folder/loop1.pgn"
ln -s loop1.pgn "$work/folder/loop2.pgn"
mkfifo "$work/folder/fifo.pgn"
expect_exit 1 validate --format csv "$work/folder"
for name in dangling.pgn loop1.pgn loop2.pgn; do expect_in out "folder/$name,0,"; done
expect_in err 'fifo.pgn: error[io.open]: not a regular file'

# F6: --game past the end, or not a game number.
for command in adjudicate replay "convert --to pgn-wxf"; do
  # shellcheck disable=SC2086
  expect_exit 1 $command "$sample" --game 999999
  expect_in err 'there is no game 999999: the file has 1 game'
done
expect_exit 2 adjudicate "$sample" --game 0
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "--game 0 is not one line: $(cat "$work/err")"

# F10: an empty --fen is a usage error, not the opening position.
expect_exit 2 replay --fen "" --moves "h2e2"

# F7: text after the result is not dropped silently.
printf '[Event "E"]\n\n1. h2e2 h9g7 *\n{a summary of the game}\n' >"$work/after_result.pgn"
expect_exit 0 convert --to pgn-iccs "$work/after_result.pgn"
expect_in err 'convert.text-after-result-dropped'

# F14: a converted game that stopped at an illegal move is still illegal_move.
printf '[Event "E"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. e2e9 g7e8 1-0\n' >"$work/illegal.pgn"
expect_exit 1 convert --to pgn-iccs "$work/illegal.pgn" -o "$work/converted.pgn"
expect_exit 1 validate --format csv "$work/converted.pgn"
expect_in out ',illegal_move,3,'

# F10: a PGN escape line (%) is skipped; a file of binary data is one line, not a flood.
printf '[Event "E"]\n\n1. h2e2 h9g7\n%% escaped\n2. h0g2 *\n' >"$work/percent.pgn"
expect_exit 0 validate --format csv "$work/percent.pgn"
head -c 100000 /dev/zero >"$work/zeros.pgn"
expect_exit 1 adjudicate "$work/zeros.pgn"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "binary data gives more than one line: $(head -c 300 "$work/err")"
expect_in err 'not a game record (looks like binary data)'

# The review's own reproducers, when they are beside the checkout.
repro=../shared/reviews/2026-11-30/repro
if [ -d "$repro" ]; then
  expect_exit 0 adjudicate --all --format json "$repro/utf8_bad_tag_middle_game.pgn"
  expect_clean "the review's utf8_bad_tag_middle_game.pgn"
  [ "$(grep -c '^{' "$work/out")" -eq 3 ] || fail "utf8_bad_tag_middle_game.pgn: a game is lost"
  expect_exit 0 adjudicate --all --format json "$repro/utf8_above_10ffff_tag.pgn"
  expect_clean "the review's utf8_above_10ffff_tag.pgn"
  expect_exit 1 adjudicate --format json "$repro/utf8_5byte_move.pgn"
  expect_clean "the review's utf8_5byte_move.pgn"
  # Its move list is broken on purpose ("7747394x"): unreadable, but no escape reaches a terminal.
  expect_exit 1 validate "$repro/dhtmlxq_control_chars.ubb.txt"
  expect_clean "the review's dhtmlxq_control_chars.ubb.txt"
  expect_exit 0 convert --to pgn-iccs "$repro/comment_after_result_dropped.pgn"
  expect_in err 'convert.text-after-result-dropped'
  expect_exit 1 convert --to pgn-iccs "$repro/convert_launders_illegal.pgn" -o "$work/laundered.pgn"
  expect_exit 1 validate "$work/laundered.pgn"
  expect_exit 0 validate "$repro/pgn_percent_escape.pgn"
  for file in ruleset_number_overflow ruleset_duplicate_key ruleset_trailing_garbage_after_nul ruleset_diagram_number_wraps; do
    expect_exit 1 rules check "$repro/$file.json"
    expect_exit 2 adjudicate "$sample" --ruleset "$repro/$file.json"
  done
else
  echo "note: the review's reproducers are not at $repro; only the remade ones ran"
fi

finish "all hostile inputs handled"
