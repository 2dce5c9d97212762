#!/usr/bin/env bash
# scripts/validate-cluster.sh gives, byte for byte, the rows of one `validate --format jsonl`
# run: with shards on two "hosts" (reached through a stand-in for ssh that runs the command
# here), with more shards than games, and with one shard. The archive puts unreadable files
# first, between games and last, where their rows must land in order. Also: --files-from
# (a file and standard input) checks the paths it lists, and --shard's slices are disjoint
# and cover every game.
#   validate_cluster.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"
mkdir -p "$work/archive"

if ! command -v parallel >/dev/null; then
  echo "skipped: GNU parallel is not installed (apt-get install parallel)"
  exit 0
fi

archive=$work/archive
head -c 3000 /dev/zero | tr '\0' '\2' > "$archive/0_binary.pgn"
cp testdata/records/broken/archive_with_one_broken_game.pgn "$archive/1_games.pgn"
head -c 2000 /dev/zero > "$archive/2_binary.pgn"
printf '\x01\x02\x03\x04%.0s' $(seq 1 300) > "$archive/3_binary.pgn"
cp testdata/samples/world_championship_2001_perpetual_chase.pgn "$archive/4_games.pgn"
head -c 1000 /dev/zero > "$archive/5_binary.pgn"
printf '%s\n' "$archive" testdata/validate testdata/records/good > "$work/paths"

"$xqarb" validate --files-from "$work/paths" --recursive --format jsonl --jobs 1 --progress never \
  > "$work/single.jsonl" 2>/dev/null
[ $? -eq 1 ] || fail "validate of the test archive should find problems (exit 1)"
games=$(grep -vc '^{"game":0,' "$work/single.jsonl")
file_rows=$(grep -c '^{"game":0,' "$work/single.jsonl")
[ "$file_rows" -ge 4 ] || fail "the test archive should give a row per unreadable file, got $file_rows"
grep -q '^{"game":0,' <(head -1 "$work/single.jsonl") || fail "the first row should be the first file's own"

# Standard input lists the same paths.
"$xqarb" validate --files-from - --recursive --format jsonl --jobs 2 --progress never \
  < "$work/paths" > "$work/stdin.jsonl" 2>/dev/null
cmp -s "$work/single.jsonl" "$work/stdin.jsonl" || fail "--files-from - differs from --files-from FILE"

# Every game in exactly one slice; each slice ends with its count of rows.
: > "$work/slices.jsonl"
for k in 1 2 3; do
  "$xqarb" validate --files-from "$work/paths" --recursive --format jsonl --shard "$k/3" --progress never \
    > "$work/slice.jsonl" 2>/dev/null
  [ "$(tail -n 1 "$work/slice.jsonl")" = "{\"shard\":\"$k/3\",\"rows\":$(($(wc -l < "$work/slice.jsonl") - 1))}" ] \
    || fail "slice $k/3 should end with its count of rows: $(tail -n 1 "$work/slice.jsonl")"
  head -n -1 "$work/slice.jsonl" >> "$work/slices.jsonl"
done
[ "$(sort "$work/slices.jsonl" | md5sum)" = "$(sort "$work/single.jsonl" | md5sum)" ] \
  || fail "the three --shard slices are not the single run's rows, each once"

# A stand-in for ssh: parallel calls it as `ssh [options] HOST -- COMMAND`. Like sshd, it
# gives the command a login shell in SHELL, which parallel's remote side runs the job with
# (without it the job silently does nothing: CI machines may have no SHELL).
cat > "$work/local-ssh" <<'SSH'
#!/bin/sh
export SHELL="${SHELL:-/bin/sh}"
while [ $# -gt 0 ]; do case "$1" in -*) shift ;; *) break ;; esac; done
shift
[ "$1" = "--" ] && shift
exec sh -c "$*"
SSH
chmod +x "$work/local-ssh"

cluster() {
  local name=$1
  shift
  scripts/validate-cluster.sh --xqarb "$xqarb" "$@" --files-from "$work/paths" --recursive \
    > "$work/$name.jsonl" 2>"$work/$name.err"
  local code=$?
  [ "$code" -eq 1 ] || fail "validate-cluster.sh $*: exit $code, expected 1: $(head -c 300 "$work/$name.err")"
  cmp -s "$work/single.jsonl" "$work/$name.jsonl" || fail "validate-cluster.sh $*: the rows differ from one validate run"
}
cluster two_hosts --shards 3 --sshlogin 1/hostA,1/hostB --ssh "$work/local-ssh"
cluster many_shards --shards $((games + file_rows + 3))
cluster one_shard --shards 1

scripts/validate-cluster.sh --xqarb "$xqarb" --shards 2 -- --format csv "$archive" > /dev/null 2>&1
[ $? -eq 2 ] || fail "validate-cluster.sh should refuse --format, which it sets itself"
scripts/validate-cluster.sh --xqarb /nonexistent/xqarb --shards 2 "$archive" > "$work/broken.jsonl" 2>/dev/null
[ $? -eq 2 ] || fail "validate-cluster.sh should fail (exit 2) when the shards cannot run"
[ -s "$work/broken.jsonl" ] && fail "validate-cluster.sh wrote rows although its shards failed"

for stdin_argument in "-" "--files-from=-" "--files-from -"; do
  # shellcheck disable=SC2086 # "--files-from -" is meant as two arguments
  scripts/validate-cluster.sh --xqarb "$xqarb" --shards 2 -- $stdin_argument < "$work/paths" > /dev/null 2>&1
  [ $? -eq 2 ] || fail "validate-cluster.sh $stdin_argument: the shards cannot read standard input, so it is refused"
done
scripts/validate-cluster.sh --xqarb "$xqarb" --shards 2 -- -ofile "$archive" > /dev/null 2>&1
[ $? -eq 2 ] || fail "validate-cluster.sh should refuse -ofile, an output it sets itself"
printf -- '-\n' | "$xqarb" validate --files-from - > /dev/null 2>"$work/err"
[ $? -eq 2 ] || fail "a list on standard input naming standard input should be a usage error: $(cat "$work/err")"

"$xqarb" validate "$archive" --shard 4/3 > /dev/null 2>&1
[ $? -eq 2 ] || fail "--shard 4/3 should be a usage error"
"$xqarb" validate --files-from "$work/no-such-list" > /dev/null 2>"$work/err"
[ $? -eq 2 ] || fail "a missing --files-from list should be a usage error"
grep -q "No such file" "$work/err" || fail "a missing --files-from list should say why: $(cat "$work/err")"

finish "validate-cluster: $games games and $file_rows file rows, the same through every cluster run"
