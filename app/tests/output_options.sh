#!/usr/bin/env bash
# Small things of the command line (reliability review 2026-12-05, N12 and N17; UX review C11):
# --help and --version report a write error; -o "" is a usage error; -o's extension is read
# without regard to case, and one no command writes is a usage error; a 4 KB name stays on the
# PDF's pages.
#   output_options.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn

for arguments in "--help" "--version" "validate --help"; do
  # shellcheck disable=SC2086 # the arguments are meant to split
  "$xqarb" $arguments >/dev/full 2>"$work/err"
  status=$?
  [ "$status" -eq 4 ] || fail "xqarb $arguments >/dev/full exited $status, expected 4"
  expect_in err 'error[io.write]'
done

# -o "": an unset variable in a script, not standard output.
for command in "validate $sample" "adjudicate $sample" "convert --to pgn-iccs $sample" "forbidden $sample"; do
  # shellcheck disable=SC2086 # the command's words are meant to split
  expect_exit 2 $command -o ""
  expect_lines out 0
  expect_in err 'empty file name'
done

# A name longer than a folder can hold is refused at once (exit 2), not after the run.
expect_exit 2 validate "$sample" -o "$work/$(printf 'x%.0s' $(seq 300)).csv"
expect_in err 'error[io.open]'

# Extensions in any case.
expect_exit 0 validate "$sample" -o "$work/ROWS.CSV"
[ "$(head -c 10 "$work/ROWS.CSV")" = "file,game," ] || fail "-o ROWS.CSV is not CSV: $(head -c 60 "$work/ROWS.CSV")"
expect_exit 0 validate "$sample" -o "$work/rows.Json"
[ "$(head -c 9 "$work/rows.Json")" = '{"game":1' ] || fail "-o rows.Json is not JSON Lines: $(head -c 60 "$work/rows.Json")"
expect_exit 0 adjudicate "$sample" -o "$work/ruling.HTML"
[ "$(head -c 15 "$work/ruling.HTML")" = '<!DOCTYPE html>' ] || fail "-o ruling.HTML is not HTML: $(head -c 60 "$work/ruling.HTML")"
expect_exit 2 validate "$sample" -o "$work/rows.PDF"
expect_in err 'this command does not write pdf'

# An extension no command writes: a usage error, and no file; --format still decides.
for command in "validate $sample" "adjudicate $sample" "forbidden $sample"; do
  # shellcheck disable=SC2086 # the command's words are meant to split
  expect_exit 2 $command -o "$work/report.docx"
  expect_in err 'no command writes .docx files'
  [ ! -e "$work/report.docx" ] || fail "$command -o report.docx wrote a file"
done
expect_exit 0 adjudicate "$sample" --format html -o "$work/ruling.docx"
[ "$(head -c 15 "$work/ruling.docx")" = '<!DOCTYPE html>' ] || fail "--format html -o ruling.docx is not HTML"

# A 4 KB name (1,365 three-byte characters, the tag limit) in a PDF: wrapped and carried on to
# the next page, every character on a page.
if command -v pdftotext >/dev/null; then
  name=$(printf '王%.0s' $(seq 1365))
  printf '[Event "long name"]\n[Red "%s"]\n[Black "B"]\n[FEN "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"]\n[Result "1-0"]\n\n%s\n' \
    "$name" '1. i0i9 d9d8 2. i9i8 d8d9 3. i8i9 d9d8 4. i9i8 d8d9 5. i8i9 d9d8 6. i9i8 d8d9 1-0' >"$work/long_name.pgn"
  expect_exit 0 adjudicate "$work/long_name.pgn" -o "$work/long_name.pdf"
  shown=$(pdftotext "$work/long_name.pdf" - | grep -o '王' | wc -l)
  [ "$shown" -eq 1365 ] || fail "the PDF shows $shown of the name's 1365 characters"
  finish
else
  finish "ok (the PDF's 4 KB name skipped: no pdftotext)"
fi
