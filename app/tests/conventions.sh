#!/usr/bin/env bash
# The conventions shared by the commands: - for standard input and output, the format from
# -o's extension, jsonl, --notation, --lang and --encoding where they belong, rules show by a
# word of the title, suggestions for a mistyped command, the OS's reason for a file that does
# not open, the program's name in usage lines, --color and NO_COLOR, --quiet.
#   conventions.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
sample=testdata/samples/rule6_perpetual_check.pgn

# - reads standard input in every command that reads records; -o - writes standard output.
for command in adjudicate "replay --cycles" "convert --to pgn-iccs" forbidden; do
  # shellcheck disable=SC2086
  expect_exit 0 $command "$sample"
  cp "$work/out" "$work/from_file"
  # shellcheck disable=SC2086
  "$xqarb" $command - <"$sample" >"$work/out" 2>"$work/err" || fail "$command - failed: $(cat "$work/err")"
  sed 's/<stdin>/FILE/g; s#testdata/samples/rule6_perpetual_check.pgn#FILE#g' "$work/out" >"$work/a"
  sed 's#testdata/samples/rule6_perpetual_check.pgn#FILE#g' "$work/from_file" >"$work/b"
  cmp -s "$work/a" "$work/b" || fail "$command - differs from reading the file: $(diff "$work/a" "$work/b" | head -5)"
done
"$xqarb" validate - --format csv <"$sample" >"$work/out" 2>"$work/err"
expect_in out "<stdin>,1,1,"
expect_in out ",repetition_ruling,"
"$xqarb" validate "$sample" --format csv >"$work/from_file" 2>"$work/err"
[ "$(tail -n +2 "$work/out" | sed 's/^<stdin>,//')" = "$(tail -n +2 "$work/from_file" | sed 's/^[^,]*,//')" ] || fail "validate - differs from the file"
"$xqarb" replay - <testdata/records/good/xqwizard_style.gbk.pgn >"$work/out" 2>"$work/err" || fail "replay - of a GBK file: $(cat "$work/err")"
for command in adjudicate "convert --to pgn-iccs" forbidden; do
  # shellcheck disable=SC2086
  expect_exit 0 $command "$sample" -o -
  [ -s "$work/out" ] || fail "$command -o - wrote nothing on standard output"
done
clean=testdata/validate/archive/clean.pgn
expect_exit 0 validate "$clean" -o - --format csv
expect_in out "file,game,line"

# -o picks the format from the extension when --format is not given.
expect_exit 0 adjudicate "$sample" -o "$work/ruling.html"
head -c 15 "$work/ruling.html" | grep -q "<!DOCTYPE html>" || fail "-o ruling.html did not write HTML"
expect_exit 0 adjudicate "$sample" -o "$work/ruling.md"
grep -q "^# " "$work/ruling.md" || fail "-o ruling.md did not write Markdown"
for extension in json jsonl; do
  expect_exit 0 adjudicate "$sample" -o "$work/ruling.$extension"
  head -c 1 "$work/ruling.$extension" | grep -q "{" || fail "-o ruling.$extension did not write JSON Lines"
done
expect_exit 0 adjudicate "$sample" -o "$work/ruling.txt"
grep -q "^Ruling on a repetition" "$work/ruling.txt" || fail "-o ruling.txt did not write text"
expect_exit 0 adjudicate "$sample" --format text -o "$work/forced.html"
grep -q "^Ruling on a repetition" "$work/forced.html" || fail "--format text -o forced.html did not write text"
expect_exit 0 validate "$clean" -o "$work/rows.csv"
head -1 "$work/rows.csv" | grep -q "^file,game," || fail "validate -o rows.csv did not write CSV"
expect_exit 0 validate "$clean" -o "$work/rows.jsonl"
head -c 1 "$work/rows.jsonl" | grep -q "{" || fail "validate -o rows.jsonl did not write JSON Lines"
expect_exit 2 validate "$sample" -o "$work/rows.html"
expect_in err "-o $work/rows.html: this command does not write html; give --format"

# jsonl everywhere, json still read as it.
for format in json jsonl; do
  expect_exit 0 adjudicate "$sample" --format $format
  expect_lines out 1
  expect_exit 0 replay "$sample" --format $format
  expect_lines out 1
  expect_exit 0 validate "$clean" --format $format
  expect_lines out 3
  expect_exit 0 forbidden "$sample" --format $format
  expect_lines out 1
done

# --notation in every command that prints moves.
expect_exit 0 replay "$sample" --notation chinese
expect_in out "车二进一"
expect_exit 0 replay "$sample" --notation wxf --cycles --classify
expect_in out "R2+1"
expect_exit 0 convert "$sample" --notation chinese
expect_in out "车二进一"
expect_exit 2 convert "$sample" --notation wxf --to pgn-iccs
expect_exit 2 convert "$sample"
expect_in err "--to or --notation"
expect_exit 0 adjudicate "$sample" --notation iccs
expect_in out "h8h9"
expect_exit 0 perft --depth 1 --divide --notation chinese
expect_in out "炮二平五 1"
expect_exit 0 perft --depth 1 --divide
expect_in out "h2e2 1"
expect_exit 0 forbidden --fen "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1" --moves "i0i9 d9d8 i9i8 d8d9" --notation chinese
expect_in out "车一进一 (i8i9)"

# rules: --lang, and show by number, id, or a word of the title in either language.
expect_exit 0 rules list --lang zh
expect_in out "AXF-6       长将"
expect_exit 0 rules show 长将
expect_in out "AXF-6 (rule 6): Perpetual check"
expect_exit 0 rules show 长将 --lang zh
expect_in out "AXF-6（第6条）：长将"
expect_in out "规则数据中的应用："
expect_not_in out "Applied as"
expect_exit 0 rules show 24.13 --ruleset cxa --lang zh
expect_in out "参见规则书图8、图16、图17、图20。"
expect_not_in out "Diagrams"
expect_exit 0 rules show "perpetual check"
expect_in out "AXF-6 (rule 6)"
expect_exit 0 rules show 6
expect_in out "AXF-6 (rule 6)"
expect_exit 1 rules show perpetual
expect_in err "'perpetual' is in the title of"
expect_in err "AXF-7  Mutual perpetual check"
expect_exit 1 rules show 象棋无此规则
expect_in err "axf has no rule '象棋无此规则'"

# validate: --lang for the summary, --encoding.
expect_exit 0 validate "$clean" --lang zh
expect_in out "对局：3局"
expect_exit 0 validate testdata/records/good/xqwizard_style.gbk.pgn --encoding gbk --format csv
expect_in out ",ok,"
expect_exit 1 validate testdata/records/good/xqwizard_style.gbk.pgn --encoding big5 --format csv
expect_exit 2 validate "$sample" --encoding klingon
expect_lines err 1

# A mistyped command, an unknown one, a file that does not open, the usage line.
expect_exit 2 adjudicat "$sample"
expect_in err "xqarb: error: unknown command 'adjudicat'; did you mean 'adjudicate'?"
expect_lines err 1
expect_exit 2 --quiet valdate "$sample"
expect_in err "did you mean 'validate'?"
expect_exit 2 frobnicate
expect_in err "unknown command 'frobnicate' (see xqarb --help)"
expect_exit 1 adjudicate "$work/no_such_file.pgn"
expect_in err "error[io.open]: cannot open the file: No such file or directory"
expect_exit 2 adjudicate "$sample" --ruleset "$work/no_such_ruleset.json"
expect_in err "error[io.open]: cannot open the ruleset: No such file or directory"
expect_exit 0 adjudicate --help
expect_in out "Usage: xqarb adjudicate [OPTIONS]"
expect_not_in out "/xqarb adjudicate"

# --color: escapes for always, none for never, none for auto off a terminal or with NO_COLOR.
expect_exit 1 --color always adjudicate "$work/no_such_file.pgn"
expect_in err $'\033[01;31merror\033[0m'
expect_exit 1 --color never adjudicate "$work/no_such_file.pgn"
expect_not_in err $'\033['
expect_exit 1 adjudicate "$work/no_such_file.pgn"
expect_not_in err $'\033['
if script -qec true /dev/null >/dev/null 2>&1; then
  # On a terminal (script gives one), auto colours unless NO_COLOR is set.
  script -qec "$xqarb adjudicate $work/no_such_file.pgn" /dev/null >"$work/tty" 2>&1
  grep -qF $'\033[01;31m' "$work/tty" || fail "--color auto did not colour a terminal"
  NO_COLOR=1 script -qec "$xqarb adjudicate $work/no_such_file.pgn" /dev/null >"$work/tty" 2>&1
  if grep -qF $'\033[' "$work/tty"; then fail "NO_COLOR did not stop the colours"; fi
fi

# --quiet: errors only.
expect_exit 0 --quiet adjudicate "$sample" --game 1
expect_lines err 0
printf '[Event "x"]\n\n1. h2e2 h9g7 *\n\n[Event "y"]\n\n1. h2e2 *\n' >"$work/two.pgn"
expect_exit 0 adjudicate "$work/two.pgn"
expect_lines err 2
expect_exit 0 -q adjudicate "$work/two.pgn"
expect_lines err 0
expect_exit 1 -q adjudicate "$work/no_such_file.pgn"
expect_lines err 1

finish
