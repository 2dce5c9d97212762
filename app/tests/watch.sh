#!/usr/bin/env bash
# xqarb watch: moves fed one at a time with pauses, as at the board; the line telling the
# arbiter to act at the ply the ruleset says; !instruct, !note, !undo, !ruling; jsonl; a
# record file rewritten by another process while watch follows it; the written ruling at the
# end of input and on Ctrl-C; the bundled sample game move by move against adjudicate.
#   watch.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# Red's rook chases Black's unprotected cannon: the start position of the cycle stands after
# plies 1, 5, 9, 13, 17 and 21. The ruling is due at ply 5; told after ply 10, Red loses at
# ply 17 (two more stands), where without an instruction the loss is at ply 13.
chase_fen="5k3/9/9/9/c8/9/7R1/9/9/4K4 w - - 0 1"
cycle="h5h6 a6a5 h6h5 a5a6"
chase_moves="h3h5 a5a6 $cycle $cycle $cycle $cycle $cycle"

# feed LINE...: each line after a short pause, as typed at the board.
feed() {
  for line in "$@"; do
    printf '%s\n' "$line"
    sleep 0.05
  done
}
# wait_for TEXT: until $work/out holds TEXT (at most 10 s).
wait_for() {
  for _ in $(seq 1 200); do
    grep -qF -- "$1" "$work/out" && return
    sleep 0.05
  done
  fail "watch never showed '$1'"
}
# line_of TEXT FILE: the number of the first line of FILE that starts with TEXT (0: none).
line_of() {
  local n
  n=$(grep -n -m1 -F -- "$1" "$2" | cut -d: -f1)
  echo "${n:-0}"
}

# The instruction line comes right after ply 5, not before; nothing is marked until then.
# shellcheck disable=SC2086
feed $chase_moves | "$xqarb" watch --fen "$chase_fen" >"$work/out" 2>"$work/err" || fail "watch exited $?"
expect_in out "5. R2-1 (h6h5): the position after ply 5 has stood 2 times; cycle 2-5"
expect_in out ">>> Red must change its moves: Red chases the same piece on every move (perpetual chase); chased: black cannon on a5 (AXF-18, AXF-B3). Instruct Red now."
marked=$(line_of ">>>" "$work/out")
ply5=$(line_of "5. R2-1" "$work/out")
[ "$marked" -eq $((ply5 + 1)) ] || fail "the instruction line is line $marked, ply 5 is line $ply5"
head -n "$ply5" "$work/out" | grep -qF ">>>" && fail "a line is marked before ply 5"
# Without an instruction, the loss at ply 13 is one that assumes it.
expect_in out ">>> Red loses (AXF-18, AXF-B3, AXF-3) if it was told to change after ply 5: no instruction was recorded."
[ "$(line_of ">>> Red loses" "$work/out")" -eq $(($(line_of "13. R2-1" "$work/out") + 1)) ] || fail "the loss is not marked after ply 13"
# The end of input writes the ruling.
expect_in out "Ruling on a repetition"
expect_in out "The loss assumes that the arbiter told Red to change its moves when the ruling"

# !instruct after ply 10 (the side the last ruling named), then Red goes on: the loss is at ply
# 17, not 13, and the ruling at the end of input says when Red was told.
# shellcheck disable=SC2086
feed h3h5 a5a6 "$cycle" "$cycle" "!instruct" "!note Red's captain was told too" "$cycle" "$cycle" "$cycle" |
  "$xqarb" watch --fen "$chase_fen" >"$work/out" 2>"$work/err" || fail "watch with !instruct exited $?"
expect_in out "Instruction recorded: Red was told to change its moves after ply 10."
expect_in out "Note recorded after ply 10."
expect_not_in out "if it was told to change"
[ "$(line_of ">>> Red loses: told to change" "$work/out")" -eq $(($(line_of "17. R2-1" "$work/out") + 1)) ] \
  || fail "after !instruct at ply 10 the loss is not marked after ply 17: $(grep -n '>>>\|^1[37]\.' "$work/out")"
expect_in out ">>> Red loses: told to change, Red repeated the cycle until the position had stood 2 more times after ply 10 (AXF-18, AXF-B3, AXF-3)."
expect_in out "The arbiter told Red to change its moves after ply 10: the loss counts from"
expect_in out "The arbiter told Red to change its moves after ply 10."
expect_in out "Note after ply 10: Red's captain was told too"

# !undo takes back a mistyped move; the next move gets its ply. !instruct names a side when no
# ruling has; an unknown command is an error and the watch goes on (exit 1).
feed "h3h5" "a5a4" "!undo" "a5a6" "!instruct" "!instruct red" "!frobnicate" "!undo" "!undo" "!undo" |
  "$xqarb" watch --fen "$chase_fen" --log "$work/typed.log" >"$work/out" 2>"$work/err"
[ $? -eq 1 ] || fail "watch with an unknown command did not exit 1"
expect_in out "(a5a4)"
expect_in out "taken back."
grep -qF "Ply 2 (" "$work/out" || fail "!undo did not take back ply 2"
expect_in out "2. C1-1 (a5a6)"
expect_in out "No ruling has named a side yet: type !instruct red or !instruct black."
expect_in out "Instruction recorded: Red was told to change its moves after ply 2."
expect_in out "Ply 1 (R2+2) taken back."
expect_in out "There is no move to take back."
expect_in err "<stdin>:7:1: error[watch.command]: unknown command '!frobnicate'"
[ "$(wc -l <"$work/typed.log")" -eq 10 ] || fail "--log did not keep the 10 lines typed"
# The instruction taken back with its move is not in the ruling.
expect_not_in out "The arbiter told Red"
# A move that cannot be played is an error naming the ply; the game goes on.
feed "h3h5 h3h4" "a5a6" | "$xqarb" watch --fen "$chase_fen" >"$work/out" 2>"$work/err"
[ $? -eq 1 ] || fail "watch with an illegal move did not exit 1"
expect_in err "<stdin>:1:6: error[notation.illegal]: ply 2:"
expect_in out "2. C1-1 (a5a6)"

# jsonl: one object per move; only the move at which a ruling falls due, or a side loses,
# carries an outcome. The ruling at the end is one JSON line too.
feed h3h5 a5a6 "$cycle" "$cycle" "$cycle" "$cycle" "$cycle" | "$xqarb" watch --fen "$chase_fen" --format jsonl >"$work/out" 2>"$work/err" || fail "jsonl exited $?"
python3 - "$work/out" <<'PY' || fail "watch --format jsonl"
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
moves = [o for o in objects if "ply" in o]
assert [m["ply"] for m in moves] == list(range(1, 23)), [m["ply"] for m in moves]
marked = {m["ply"]: m["outcome"] for m in moves if "outcome" in m}
assert marked == {5: "red_must_change", 13: "red_loses"}, marked
assert moves[4]["repetition"] == {"stood": 2, "first_ply": 2, "last_ply": 5}, moves[4]
assert moves[0]["repetition"] is None and moves[0]["move"] == "h3h5" and moves[0]["text"] == "R2+2"
assert moves[4]["event"] == "ruling_due" and moves[4]["rules"][0] == "AXF-18"
assert objects[-1]["ruling"]["outcome"] == "red_loses", objects[-1].keys()
PY

# A result line ends the watch, and -o writes the ruling in the format of its extension.
feed h3h5 a5a6 "$cycle" "$cycle" "0-1" "h5h6" | "$xqarb" watch --fen "$chase_fen" -o "$work/ruling.md" >"$work/out" 2>"$work/err"
expect_not_in out "9. R2+1"
grep -qF "# Ruling on a repetition" "$work/ruling.md" || fail "-o ruling.md is not the Markdown ruling"

# -o game.pgn writes the record: the Instructed tag and the notes as comments. adjudicate
# reads the instruction back, and so does watch following that file (it ends at its result).
feed h3h5 a5a6 "$cycle" "!instruct" "!note told at the table" "$cycle" "0-1" |
  "$xqarb" watch --fen "$chase_fen" -o "$work/game.pgn" >"$work/out" 2>"$work/err" || fail "watch -o game.pgn exited $?"
grep -qF '[Instructed "red@6"]' "$work/game.pgn" || fail "no Instructed tag in the record written: $(cat "$work/game.pgn")"
grep -qF '{told at the table}' "$work/game.pgn" || fail "no note in the record written: $(cat "$work/game.pgn")"
grep -qF ' 0-1' "$work/game.pgn" || fail "no result in the record written"
expect_exit 0 adjudicate "$work/game.pgn"
expect_in out "The arbiter told Red to change its moves after ply 6: the loss counts from"
timeout 20 "$xqarb" watch "$work/game.pgn" >"$work/out" 2>"$work/err" || fail "watch following a finished record exited $?"
expect_in out "The arbiter told Red to change its moves after ply 6."

# Ctrl-C writes the ruling too: standard input stays open until SIGINT.
mkfifo "$work/typed"
"$xqarb" watch --fen "$chase_fen" <"$work/typed" >"$work/out" 2>"$work/err" &
watcher=$!
exec 3>"$work/typed"
feed h3h5 a5a6 "$cycle" "!instruct" >&3
wait_for "Instruction recorded"
kill -INT "$watcher"
wait "$watcher" || fail "watch stopped by SIGINT exited $?"
exec 3>&-
expect_in out "Instruction recorded: Red was told to change its moves after ply 6."
expect_in out "The arbiter told Red to change its moves after ply 6."

# A record file that another process rewrites while watch follows it: new moves are played,
# a different game is announced and watched from its start, a result ends it. By inotify and
# by polling alone.
for how in inotify polling; do
  game="$work/relay-$how.pgn"
  write_record() { printf '[Event "Relay"]\n[FEN "%s"]\n\n%s\n' "$chase_fen" "$1" >"$game.new" && mv "$game.new" "$game"; }
  write_record "h3h5 a5a6 h5h6"
  options=()
  [ "$how" = polling ] && options=(--no-inotify --poll 0.05)
  timeout 30 "$xqarb" watch "$game" "${options[@]}" >"$work/out" 2>"$work/err" &
  watcher=$!
  # Each change is made once watch has shown the last one (a sanitizer build starts slowly).
  wait_for "3. R2+1 (h5h6)"
  write_record "h3h5 a5a6 h5h6 a6a5 h6h5"
  wait_for "5. R2-1 (h6h5)"
  printf ' a5a6\n' >>"$game" # appended in place
  wait_for "6. C1-1 (a5a6)"
  write_record "h3h4 a5a4 *"
  wait_for "2. C1+1 (a5a4)"
  write_record "h3h4 a5a4 h4h5 1-0"
  wait "$watcher" || fail "$how: watch following a file exited $?"
  expect_in out "3. R2+1 (h5h6)"
  expect_in out ">>> Red must change its moves"
  expect_in out "6. C1-1 (a5a6): the position after ply 6 has stood 2 times; cycle 3-6"
  expect_in out "$game now holds another game: starting over."
  expect_in out "3. R2+1 (h4h5)"
  expect_in out "Ruling on a repetition"
  [ "$(grep -c '^1\. R2+2 (h3h5)' "$work/out")" -eq 1 ] || fail "$how: the first game was played more than once"
done

# The board and the natural limit end games too: a mate; the computer rule's 120 plies of
# horse shuffles (a draw by repetition is due at ply 8 first).
echo a8a9 | "$xqarb" watch --fen "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1" >"$work/out" 2>"$work/err"
expect_in out ">>> On the board, Black is checkmated and has lost (AXF-1)."
for i in $(seq 1 31); do printf 'b0c2 b9c7 c2b0 c7b9\n'; done | "$xqarb" watch --ruleset computer --format jsonl >"$work/out" 2>"$work/err"
python3 - "$work/out" <<'PY' || fail "watch --ruleset computer: the natural limit"
import json, sys
marked = {o["ply"]: (o["event"], o["outcome"]) for o in map(json.loads, open(sys.argv[1])) if "event" in o}
assert marked == {8: ("ruling_due", "draw"), 120: ("natural_limit", "draw")}, marked
PY

# The bundled sample game, one move a line: the instruction line comes right after the ply at
# which adjudicate says the ruling was due.
sample=testdata/samples/world_championship_2001_perpetual_chase.pgn
due=$("$xqarb" adjudicate "$sample" --format jsonl | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["ruling"]["occurrences"]["ruling_ply"])')
"$xqarb" convert "$sample" --notation iccs 2>/dev/null | grep -v '^\[' | tr ' ' '\n' | grep -E '^[a-i][0-9][a-i][0-9]$' >"$work/sample.moves"
[ "$(wc -l <"$work/sample.moves")" -eq 102 ] || fail "the sample's 102 moves were not listed"
"$xqarb" watch <"$work/sample.moves" >"$work/out" 2>"$work/err" || fail "watch on the sample exited $?"
[ "$(line_of ">>>" "$work/out")" -eq $(($(line_of "$due. " "$work/out") + 1)) ] \
  || fail "the sample's instruction line is not right after ply $due: $(grep -n '>>>' "$work/out")"
expect_in out ">>> Red must change its moves"

finish
