#!/usr/bin/env bash
# The record formats beyond plain text, end to end: a UTF-16 copy of a record (either byte
# order, with its byte-order mark) validates exactly as the original does; and, when the
# binary fixtures are beside the checkout (../shared/corpus-binary), validate gives a row per
# record in them, with the two illegal moves where they are.
#   record_formats.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# validate's CSV of a file, the file's own name left out, so that copies compare equal. A
# file that gives no game row at all fails: two empty outputs prove nothing.
rows_of() {
  local rows
  rows=$("$xqarb" validate "$1" --format csv --progress never 2>/dev/null | sed "s#$1##g")
  [ "$(printf '%s\n' "$rows" | wc -l)" -ge 2 ] || fail "validate $1 gives no row"
  printf '%s\n' "$rows"
}

# $1: the original, $2: the iconv name of its encoding.
check_utf16_copies() {
  local original=$1 encoding=$2 order
  for order in LE BE; do
    local copy=$work/$(basename "$original").utf16${order,,}.pgn
    if [ "$order" = LE ]; then printf '\xff\xfe' >"$copy"; else printf '\xfe\xff' >"$copy"; fi
    iconv -f "$encoding" -t "UTF-16$order" "$original" >>"$copy" || { fail "iconv of $original"; continue; }
    if [ "$(rows_of "$original")" != "$(rows_of "$copy")" ]; then
      fail "the UTF-16$order copy of $original validates differently"
      diff <(rows_of "$original") <(rows_of "$copy") | head -5 >&2
    fi
  done
}

for file in testdata/validate/archive/clean.pgn testdata/validate/archive/findings.pgn testdata/samples/*.pgn; do
  check_utf16_copies "$file" UTF-8
done

corpus=../shared/corpus/ccpd/ccpd_tournament_world_championships.big5.pgn
if [ -f "$corpus" ]; then
  check_utf16_copies "$corpus" CP950
else
  echo "note: the shared corpus is not at ../shared/corpus; only the project's records were copied to UTF-16"
fi

binary=../shared/corpus-binary
if [ -d "$binary" ]; then
  "$xqarb" validate "$binary" --recursive --format csv --progress never >"$work/binary.csv" 2>"$work/binary.err"
  rows=$(grep -cE '\.(xqf|cbr|cbl|cbf),' "$work/binary.csv")
  [ "$rows" -eq 156 ] || fail "validate of $binary gives $rows rows for its binary records, not 156"
  headings=$(grep -c 'longhua_cup.*\.cbl,[0-9]*,0,[^,]*,,,,0,ok,' "$work/binary.csv")
  [ "$headings" -eq 2 ] || fail "the 1989 library's 2 headings are not games without moves ($headings)"
  grep -q 'BadMoveTest3.xqf,1,0,.*,illegal_move,10,' "$work/binary.csv" || fail "BadMoveTest3.xqf is not illegal_move at ply 10"
  [ "$(grep -c ',unreadable,' "$work/binary.csv")" -eq 0 ] || fail "a binary record is unreadable: $(grep ',unreadable,' "$work/binary.csv" | head -3)"
else
  echo "note: the binary fixtures are not at $binary; skipped them"
fi

finish "record formats read as expected"
