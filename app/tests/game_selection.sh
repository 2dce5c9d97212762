#!/usr/bin/env bash
# Picking the games: --game ranges and lists, adjudicate's documents only for games with
# something to rule on (--all for every game; --detail all rules on repetitions left in the
# game), and --where on tags in every command that reads
# records.
#   game_selection.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# Six games: 1 and 4 repeat (a perpetual check), the others do not; Chinese names, rounds
# and results to select on.
game() { # event red black round result moves [fen]
  printf '[Event "%s"]\n[Red "%s"]\n[Black "%s"]\n[Round "%s"]\n[Result "%s"]\n' "$1" "$2" "$3" "$4" "$5"
  [ -n "${7:-}" ] && printf '[FEN "%s"]\n' "$7"
  printf '\n%s %s\n\n' "$6" "$5"
}
check_fen="3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"
check_moves="1. i0i9 d9d8 2. i9i8 d8d9 3. i8i9 d9d8 4. i9i8"
{
  game "甲级联赛" "许银川" "吕钦" 1 "1-0" "$check_moves" "$check_fen"
  game "甲级联赛" "胡荣华" "许银川" 2 "0-1" "1. h2e2 h9g7"
  game "甲级联赛" "吕钦" "胡荣华" 3 "1/2-1/2" "1. b2e2 b9c7"
  game "甲级联赛" "许银川" "胡荣华" 5 "1-0" "$check_moves" "$check_fen"
  game "甲级联赛" "吕钦" "许银川" 5 "1/2-1/2" "1. c3c4 c6c5"
  game "甲级联赛" "胡荣华" "吕钦" 6 "1-0" "1. h0g2 h9g7"
} >"$work/league.pgn"
league=$work/league.pgn

# --game: a number, ranges and lists.
expect_exit 0 convert "$league" --to pgn-iccs --game 2-3,5
[ "$(grep -c '^\[Event' "$work/out")" -eq 3 ] || fail "--game 2-3,5 did not give 3 games: $(cat "$work/out")"
expect_in out '[Round "2"]'
expect_in out '[Round "3"]'
expect_in out '[Round "5"]'
expect_not_in out '[Round "1"]'
expect_exit 0 replay "$league" --game 6,1
[ "$(grep -c '^game ' "$work/out")" -eq 2 ] || fail "--game 6,1 did not give 2 games: $(cat "$work/out")"
# Past the end, in a range too: the error names how many games the file has.
for command in adjudicate replay "convert --to pgn-wxf" forbidden; do
  # shellcheck disable=SC2086
  expect_exit 1 $command "$league" --game 5-9
  expect_in err 'error[game.not-found]: there is no game 7: the file has 6 games'
done
for bad in 0 -1 abc 3-2 1,,2 2-; do
  expect_exit 2 adjudicate "$league" --game "$bad"
  expect_lines err 1
  expect_in err "expected game numbers from 1"
done

# adjudicate FILE: a document for games 1 and 4 only, a line on stderr for each other game.
expect_exit 0 adjudicate "$league"
[ "$(grep -c '^Ruling on a repetition' "$work/out")" -eq 2 ] || fail "adjudicate FILE did not write 2 documents"
expect_lines err 4
expect_in err "league.pgn:10:1: note[adjudicate.nothing-to-rule]: game 2 (胡荣华 vs 许银川): 2 plies, no repetition to rule on"
expect_exit 0 adjudicate "$league" --quiet
expect_lines err 0
expect_exit 0 adjudicate "$league" --all
[ "$(grep -c '^Ruling on a repetition' "$work/out")" -eq 6 ] || fail "adjudicate --all did not write 6 documents"
expect_lines err 0
expect_exit 0 adjudicate "$league" --game 2
[ "$(grep -c '^Ruling on a repetition' "$work/out")" -eq 1 ] || fail "adjudicate --game 2 wrote no document"

# A repetition the game moved on from bears on nothing: not ruled on, so no document without
# --detail all (which rules on it) or --all (whose document names it).
game "甲级联赛" "许银川" "吕钦" 7 "1-0" "1. a0a1 d9d8 2. a1a0 d8d9 3. a0a1 d9d8 4. a1a0 d8d9 5. a0b0" \
  "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1" >"$work/left.pgn"
expect_exit 0 adjudicate "$work/left.pgn"
expect_lines out 0
expect_in err "game 1 (许银川 vs 吕钦): 9 plies, one repetition, which the game moved on from: it bears on nothing (--detail all rules on it)"
expect_exit 0 adjudicate "$work/left.pgn" --detail all
expect_in out "Ruling: a draw if neither side changes its moves."
expect_exit 0 adjudicate "$work/left.pgn" --all
expect_in out "The repetition of plies 1 to 4 (repeated to ply 8) is not ruled on"
expect_not_in out "Ruling:"
expect_exit 0 adjudicate "$work/left.pgn" --all --format jsonl
expect_in out '"rulings":[],"not_ruled":[{"cycle":{"first_ply":1,"last_ply":4,"occurrences":3},"last_repeating_ply":8}]'

# --where: Tag=value, Tag~part (Chinese), Result in any spelling, all conditions together.
expect_exit 0 adjudicate "$league" --all --format jsonl --where Red~银川 --where Round=5 --where Result=1-0
expect_lines out 1
expect_in out '"game":4'
expect_exit 0 convert "$league" --to pgn-chinese --where Black=吕钦
[ "$(grep -c '^\[Event' "$work/out")" -eq 2 ] || fail "convert --where Black=吕钦 did not give 2 games"
expect_exit 0 replay --where round=6 "$league"
expect_in out 'game 6 (胡荣华 vs 吕钦)'
expect_exit 0 validate --where Red~胡 "$league" --format csv
[ "$(grep -c 'league.pgn,' "$work/out")" -eq 2 ] || fail "validate --where Red~胡 did not give 2 rows: $(cat "$work/out")"
# A --where that selects nothing is an error in every command, naming how many games it saw.
for command in adjudicate "convert --to pgn-iccs" forbidden replay "validate --format csv"; do
  # shellcheck disable=SC2086
  expect_exit 1 $command "$league" --where Red=nobody
  expect_in err "--where: error[where.none]: no game matches Red=nobody: none of the 6 games looked at"
done
expect_exit 1 adjudicate "$league" --game 2-3 --where Red=nobody --where Round=2
expect_in err "no game matches Red=nobody and Round=2: none of the 2 games looked at"
expect_exit 2 adjudicate "$league" --where Red
expect_in err "expected Tag=value or Tag~text"

# Traditional characters find simplified ones and the other way round (OpenCC's table), and
# full-width forms half-width ones: the same games whichever way a name is typed.
for red in 许银川 許銀川; do
  expect_exit 0 adjudicate "$league" --all --format jsonl --where "Red~$red"
  expect_lines out 2
  expect_in out '"game":1,'
  expect_in out '"game":4,'
  # Both games are perpetual checks: findings.
  expect_exit 1 validate "$league" --format csv --where "Red=$red"
  [ "$(grep -c 'league.pgn,' "$work/out")" -eq 2 ] || fail "validate --where Red=$red did not give 2 rows: $(cat "$work/out")"
done
expect_exit 0 convert "$league" --to pgn-iccs --where Red=呂欽 --where Round=５
expect_in out '[Round "5"]'
[ "$(grep -c '^\[Event' "$work/out")" -eq 1 ] || fail "--where Red=呂欽 --where Round=５ did not give 1 game"
# In the traditional-Chinese world championships of the CCPD collection, when ../shared is
# there: 23 games with Xu Yinchuan as Red, typed either way.
championships=../shared/corpus/ccpd/ccpd_tournament_world_championships.big5.pgn
if [ -f "$championships" ]; then
  for red in 许银川 許銀川; do
    expect_exit 0 validate "$championships" --format csv --where "Red~$red"
    [ "$(grep -c 'championships.big5.pgn,' "$work/out")" -eq 23 ] || fail "--where Red~$red did not select 23 games"
  done
else
  echo "skipped: the world championships of ../shared/corpus are not there"
fi

# One game source: adjudicate, validate and convert select the same games for the same
# folders, --files-from, --game, --where and --shard (a slice of the selected games, counted
# across files).
mkdir -p "$work/two/sub"
cp "$league" "$work/two/a.pgn"
cp "$league" "$work/two/sub/b.pgn"
printf '%s\n' "$work/two/a.pgn" "$work/two/sub/b.pgn" >"$work/two.list"
sources_of() { # the "source" of each JSON line of out, in order
  grep -o '"source":"[^"]*"' "$work/out" || true
}
for selection in "" "--game 2-5" "--where Red~许银川" "--shard 1/3" "--shard 3/3" "--game 1-5 --where Round~5 --shard 2/2" \
  "--where Result=1-0 --shard 1/2"; do
  for input in "-r $work/two" "--files-from $work/two.list"; do
    # Exit 1 when a selected game has findings (the perpetual checks), 0 when none has.
    # shellcheck disable=SC2086
    "$xqarb" validate $input $selection --format jsonl >"$work/out" 2>"$work/err"
    [ $? -le 1 ] || fail "validate $input $selection: $(cat "$work/err")"
    grep -v '"shard"' "$work/out" >"$work/out.rows" && mv "$work/out.rows" "$work/out"
    validated=$(sources_of)
    [ -n "$validated" ] || fail "validate $input $selection selected no game"
    # shellcheck disable=SC2086
    expect_exit 0 adjudicate $input $selection --all --format jsonl
    [ "$(sources_of)" = "$validated" ] || fail "adjudicate $input $selection selected other games than validate:
$(sources_of)
validate:
$validated"
    # shellcheck disable=SC2086
    expect_exit 0 convert $input $selection --to pgn-iccs
    [ "$(grep -c '^\[Event' "$work/out")" -eq "$(wc -l <<<"$validated")" ] \
      || fail "convert $input $selection gave another number of games than validate"
  done
done
expect_exit 2 adjudicate "$league" --shard 3/2
expect_in err "takes K/N with 1 <= K <= N"

# A followed file's game is chosen by --game and --where; typed moves have no games to choose.
expect_exit 0 watch "$league" --where Round=3
expect_in out "1. C8=5 (b2e2)"
expect_exit 0 watch "$league" --game 6
expect_in out "1. H2+3 (h0g2)"
printf '' | expect_exit 2 watch --game 2
expect_in err "--game and --where choose a game of a followed file"

# A folder that holds only folders gives no games without --recursive: a warning says so, and
# with --recursive its games are read.
mkdir -p "$work/season/round 1"
cp testdata/validate/archive/clean.pgn "$work/season/round 1/"
expect_exit 0 validate "$work/season" --format csv
expect_in err "season: warning[validate.folders-not-read]: no record files in this folder, and its 1 folder is read only with --recursive"
expect_lines out 1
expect_exit 0 validate "$work/season" --recursive --format csv
expect_lines err 0
[ "$(wc -l <"$work/out")" -gt 1 ] || fail "validate --recursive read no games of $work/season"

finish
