#!/usr/bin/env bash
# What a terminal and a list of paths receive (issue 38, "Lists and terminals"):
#  - C1 control characters (U+0080-U+009F; U+009B is CSI to some terminals) in a record reach
#    no output: summary, stderr, replay, converted PGN, CSV, JSON Lines, the written ruling;
#  - bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) in a
#    name are escaped where a terminal shows them: the summary, replay's text, the ruling's
#    text, stderr;
#  - a NUL-separated list (find -print0) is read with --files-from0 and refused by
#    --files-from (exit 2), which would open only its first path;
#  - a file named on the command line that cannot go back to its start (a pipe: /dev/stdin
#    from one, <(...)) is read whole first, as - is.
#   lists_and_terminals.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# count_c1 FILE: the C1 control characters (0xC2 0x80-0x9F) in FILE.
count_c1() { LC_ALL=C grep -aoP '\xC2[\x80-\x9F]' "$1" | wc -l; }
# count_bidi FILE: the bidirectional controls (E2 80 AA-AE, E2 81 A6-A9) in FILE, raw.
count_bidi() { LC_ALL=C grep -aoP '\xE2\x80[\xAA-\xAE]|\xE2\x81[\xA6-\xA9]' "$1" | wc -l; }

# The C1 characters a hostile record would use: CSI, OSC, ST and NEL in tags, in a comment, in
# a FEN that fails (its error message quotes the text), and in a move that fails.
c1=$work/c1_controls.pgn
printf '[Event "A\xC2\x9B2J\xC2\x9B31mRED\xC2\x9D0;pwned\xC2\x9C"]\n[Red "x\xC2\x85y"]\n[Black "Black"]\n\n1. h2e2 {a \xC2\x9B comment} h9g7 *\n\n' > "$c1"
printf '[Event "bad FEN"]\n[FEN "rnbakab\xC2\x80r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]\n\n1. h2e2 *\n\n' >> "$c1"
printf '[Event "bad move"]\n\n1. h2\xC2\x9Be2 h9g7 *\n' >> "$c1"
# GB18030's four-byte form of U+0091, read from a legacy file.
printf '[Event "\xB2\xE2\xCA\xD4\x81\x30\x82\x37"]\n[Red "\xBA\xEC"]\n\n1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xC2\xED\xB0\xCB\xBD\xF8\xC6\xDF *\n' > "$work/c1_gb18030.pgn"

for command in "validate" "validate --format csv" "validate --format jsonl" "replay" "convert --to pgn-iccs" \
  "adjudicate" "adjudicate --format json"; do
  for record in "$c1" "$work/c1_gb18030.pgn"; do
    # shellcheck disable=SC2086 # the command's words
    "$xqarb" $command "$record" > "$work/out" 2> "$work/err"
    [ "$(count_c1 "$work/out")" -eq 0 ] || fail "xqarb $command $(basename "$record"): C1 characters on stdout: $(count_c1 "$work/out")"
    [ "$(count_c1 "$work/err")" -eq 0 ] || fail "xqarb $command $(basename "$record"): C1 characters on stderr: $(count_c1 "$work/err")"
  done
done
# They are not passed over in silence.
expect_exit 1 replay "$c1"
expect_in err "warning[encoding.control-character]: control character U+009B read as U+FFFD"
expect_exit 0 replay --encoding gbk "$work/c1_gb18030.pgn"
expect_in err "warning[encoding.control-character]: control character U+0091 read as U+FFFD"

# A right-to-left override in the players' names, and an isolate in the event.
bidi=$work/bidi.pgn
sed -e 's/^\[Event .*/[Event "Final \xE2\x81\xA7round\xE2\x81\xA9"]/' -e 's/^\[Red .*/[Red "\xE2\x80\xAEexe.txt"]/' \
  -e 's/^\[Black .*/[Black "B\xE2\x80\xAAlack"]/' testdata/samples/rule6_perpetual_check.pgn > "$bidi"
for command in "validate" "replay" "adjudicate"; do
  # shellcheck disable=SC2086 # the command's words
  "$xqarb" $command "$bidi" > "$work/out" 2> "$work/err"
  [ "$(count_bidi "$work/out")" -eq 0 ] || fail "xqarb $command: bidirectional controls on the terminal: $(count_bidi "$work/out")"
  [ "$(count_bidi "$work/err")" -eq 0 ] || fail "xqarb $command: bidirectional controls on stderr: $(count_bidi "$work/err")"
done
"$xqarb" adjudicate "$bidi" > "$work/out" 2> "$work/err"
expect_in out '\xE2\x80\xAEexe.txt'
# A file name with one, on stderr.
cp "$bidi" "$work/$(printf 'name\xE2\x80\xAEnpg.pgn')"
printf '[Event "broken"]\n\n1. h2h9 *\n' > "$work/$(printf 'bad\xE2\x80\xAEnpg.pgn')"
"$xqarb" validate "$work" > "$work/out" 2> "$work/err"
[ "$(count_bidi "$work/err")" -eq 0 ] || fail "a file name's bidirectional control reaches stderr"
[ "$(count_bidi "$work/out")" -eq 0 ] || fail "a file name's bidirectional control reaches the summary"
rm -f "$work/$(printf 'name\xE2\x80\xAEnpg.pgn')" "$work/$(printf 'bad\xE2\x80\xAEnpg.pgn')"
# The formats written for programs and browsers keep the names as they are.
"$xqarb" validate --format jsonl "$bidi" > "$work/rows.jsonl" 2> /dev/null
[ "$(count_bidi "$work/rows.jsonl")" -ge 4 ] || fail "JSON Lines should keep the names' 4 bidirectional controls"

# A list of paths each ended by a NUL, as find -print0 writes it.
mkdir -p "$work/listed"
for name in a b c; do cp testdata/samples/world_championship_2001_perpetual_chase.pgn "$work/listed/$name.pgn"; done
find "$work/listed" -name '*.pgn' -print0 | sort -z > "$work/list0"
expect_exit 2 validate --files-from "$work/list0" --format csv
expect_in err "--files-from0"
[ -s "$work/out" ] && fail "--files-from with a NUL-separated list wrote rows: $(head -c 300 "$work/out")"
expect_exit 0 validate --files-from0 "$work/list0" --format csv
expect_lines out 4
"$xqarb" validate --files-from0 - --format csv < "$work/list0" > "$work/out" 2> "$work/err"
expect_lines out 4
expect_exit 2 validate --files-from "$work/list0" --files-from0 "$work/list0"

# A pipe named as a file.
record=testdata/samples/world_championship_2001_perpetual_chase.pgn
"$xqarb" validate --format csv "$record" > "$work/from_file.csv" 2> /dev/null
cat "$record" | "$xqarb" validate --format csv /dev/stdin > "$work/out" 2> "$work/err"
code=$?
[ "$code" -eq 0 ] || fail "cat RECORD | xqarb validate /dev/stdin exited $code: $(head -c 300 "$work/err")"
[ "$(cut -d, -f2- "$work/out")" = "$(cut -d, -f2- "$work/from_file.csv")" ] \
  || fail "a record piped to /dev/stdin should validate as the file does: $(head -c 300 "$work/out")"
"$xqarb" validate --format csv <(cat "$record") > "$work/out" 2> "$work/err"
code=$?
[ "$code" -eq 0 ] || fail "xqarb validate <(cat RECORD) exited $code: $(head -c 300 "$work/err")"
[ "$(cut -d, -f2- "$work/out")" = "$(cut -d, -f2- "$work/from_file.csv")" ] \
  || fail "a record read from <(...) should validate as the file does: $(head -c 300 "$work/out")"
cat "$record" | "$xqarb" adjudicate /dev/stdin > "$work/out" 2> "$work/err"
code=$?
[ "$code" -eq 0 ] || fail "cat RECORD | xqarb adjudicate /dev/stdin exited $code: $(head -c 300 "$work/err")"
expect_not_in err "cannot go back"

finish "lists and terminals: no C1 or bidirectional control out, NUL lists, pipes"
