#!/usr/bin/env bash
# An interrupted or failed run leaves no file that looks complete (reliability review
# 2026-12-05, N6 and E15): -o FILE is written under a partial name and renamed when all of it is
# written. SIGTERM, SIGINT or SIGHUP, or a write error (a file size limit stands in for a full
# disk), leave nothing under the final name and no partial file either; an empty input with
# -o x.pdf leaves no 0-byte PDF.
#   interrupted_output.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn

# expect_nothing_left FOLDER WHAT: FOLDER holds no file at all.
expect_nothing_left() {
  local left
  left=$(ls -A "$1")
  [ -z "$left" ] || fail "$2 left: $left"
}

# Stopped by a signal while reading its records from standard input (a pipe held open): the
# output was opened, and part of it may have been written. The nine cases run side by side, each
# with its own pipe: each waits up to 5 s for its output before the signal, mostly in vain (the
# commands write once their input ends), and one after the other they took most of a minute.
# stop_by_signal SIGNAL COMMAND: one case; its exit code is its number of failures.
stop_by_signal() {
  local signal=$1 command=$2 name folder fifo extension pid status
  name=signal_${signal}_${command%% *}_${command##* }
  folder=$work/$name
  fifo=$work/$name.fifo
  mkdir -p "$folder"
  rm -f "$fifo" && mkfifo "$fifo"
  extension=${command##* }
  [ "$extension" = pgn-iccs ] && extension=pgn
  # Background jobs of a script ignore SIGINT; the command must get it as a terminal gives it.
  # shellcheck disable=SC2086 # the command's words are meant to split
  env --default-signal=INT,TERM,HUP "$xqarb" $command - -o "$folder/out.$extension" <"$fifo" 2>"$work/$name.err" &
  pid=$!
  exec 3>"$fifo"
  cat "$sample" >&3
  for _ in $(seq 100); do
    [ -n "$(ls -A "$folder")" ] && break
    sleep 0.05
  done
  kill -"$signal" "$pid"
  { wait "$pid"; } 2>/dev/null # not the shell's line naming the signal
  status=$?
  exec 3>&-
  [ "$status" -gt 128 ] || fail "$command stopped by SIG$signal exited $status"
  expect_nothing_left "$folder" "$command stopped by SIG$signal"
  return "$failures"
}
cases=()
for signal in TERM INT HUP; do
  for command in "adjudicate --all --format json" "adjudicate --all --format pdf" "convert --to pgn-iccs"; do
    stop_by_signal "$signal" "$command" &
    cases+=($!)
  done
done
for case in "${cases[@]}"; do
  wait "$case" || failures=$((failures + $?))
done

# validate -o, stopped by SIGTERM once it has written rows: an archive that takes a while.
mkdir -p "$work/archive" "$work/validate_stopped"
for i in $(seq 400); do cat "$sample"; echo; done >"$work/archive/games.pgn"
for i in $(seq 30); do cp "$work/archive/games.pgn" "$work/archive/games_$i.pgn"; done
"$xqarb" validate "$work/archive" --jobs 1 --format csv --progress never -o "$work/validate_stopped/rows.csv" \
  2>"$work/err" &
pid=$!
for _ in $(seq 200); do
  [ -n "$(find "$work/validate_stopped" -type f -size +0)" ] && break
  sleep 0.02
done
kill -TERM "$pid"
{ wait "$pid"; } 2>/dev/null
status=$?
if [ "$status" -eq 143 ]; then
  expect_nothing_left "$work/validate_stopped" "validate -o stopped by SIGTERM"
else
  fail "validate was not stopped by SIGTERM while it wrote (exit $status): the archive is too small"
fi

# A write error: the exit code and message as documented, nothing under the final name and no
# partial file. A file size limit makes writes past 1 KiB fail (EFBIG) as a full disk would.
for case in "validate|rows.csv|--format csv $work/archive/games.pgn" "adjudicate|ruling.html|$sample" \
  "adjudicate|ruling.pdf|$sample" "convert|games.pgn|--to pgn-chinese $work/archive/games.pgn"; do
  IFS='|' read -r command file arguments <<<"$case"
  folder=$work/write_error_$file
  mkdir -p "$folder"
  # shellcheck disable=SC2086 # the arguments are meant to split
  (trap '' XFSZ; ulimit -f 1; exec "$xqarb" "$command" $arguments -o "$folder/$file") >/dev/null 2>"$work/err"
  status=$?
  [ "$status" -eq 4 ] || fail "$command -o $file on a full disk exited $status, expected 4: $(head -c 400 "$work/err")"
  expect_in err 'error[io.write]'
  expect_nothing_left "$folder" "$command -o $file on a full disk"
done

# An empty input gives no PDF, not a 0-byte file, and exit code 1.
: >"$work/empty.pgn"
mkdir -p "$work/empty_pdf"
expect_exit 1 adjudicate "$work/empty.pgn" -o "$work/empty_pdf/ruling.pdf"
expect_nothing_left "$work/empty_pdf" "adjudicate of an empty input -o ruling.pdf"

# A run that ends well leaves its file under its name, with the mode an existing file had, and
# nothing beside it.
mkdir -p "$work/done"
: >"$work/done/rows.csv"
chmod 640 "$work/done/rows.csv"
expect_exit 0 validate "$sample" -o "$work/done/rows.csv"
[ "$(ls -A "$work/done")" = rows.csv ] || fail "validate -o left beside its file: $(ls -A "$work/done")"
[ "$(stat -c %a "$work/done/rows.csv")" = 640 ] || fail "validate -o changed the file's mode to $(stat -c %a "$work/done/rows.csv")"
grep -q '^testdata/samples/world_championship_2001_perpetual_chase.pgn,1,' "$work/done/rows.csv" \
  || fail "validate -o wrote no row: $(head -c 400 "$work/done/rows.csv")"

finish
