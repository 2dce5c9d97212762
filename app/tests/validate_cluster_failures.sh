#!/usr/bin/env bash
# scripts/validate-cluster.sh when things go wrong (issue 38):
#  - a path holding GNU parallel's replacement strings ({}, {.}, {#}) reaches the shards as
#    it is: `game{}.pgn` is not read as `game1.pgn`;
#  - a shard whose output comes back short, though it exits 1, fails the run (exit 2, nothing
#    written) and is named;
#  - a failing host is named on stderr with its shard and exit code;
#  - SIGTERM, SIGINT and SIGHUP stop GNU parallel and every shard: a second later no process
#    of the run is left (pgrep), and the script ends by the signal.
#   validate_cluster_failures.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

if ! command -v parallel >/dev/null; then
  echo "skipped: GNU parallel is not installed (apt-get install parallel)"
  exit 0
fi
xqarb=$(realpath "$xqarb")

# Replacement strings in the paths.
mkdir -p "$work/braces"
cp testdata/samples/world_championship_2001_perpetual_chase.pgn "$work/braces/game{}.pgn"
cp testdata/samples/world_championship_2001_perpetual_chase.pgn "$work/braces/g{.}.pgn"
cp testdata/samples/world_championship_2001_perpetual_chase.pgn "$work/braces/h{#}.pgn"
for name in game1 g1 h1 h2 game2; do cp testdata/samples/rule6_perpetual_check.pgn "$work/braces/$name.pgn"; done
for name in "game{}" "g{.}" "h{#}"; do
  "$xqarb" validate --format jsonl --progress never "$work/braces/$name.pgn" > "$work/single.jsonl" 2>/dev/null
  scripts/validate-cluster.sh --xqarb "$xqarb" --shards 2 "$work/braces/$name.pgn" > "$work/cluster.jsonl" 2>"$work/err"
  code=$?
  [ "$code" -le 1 ] || fail "validate-cluster.sh $name.pgn: exit $code: $(head -c 300 "$work/err")"
  cmp -s "$work/single.jsonl" "$work/cluster.jsonl" \
    || fail "validate-cluster.sh $name.pgn: not the rows of one run of that file: $(head -c 300 "$work/cluster.jsonl")"
done

# A shard whose rows are lost after the second, exiting 1 (a finding) all the same.
archive="testdata/samples testdata/records/good"
cat > "$work/short-xqarb" <<WRAP
#!/bin/bash
if [[ " \$* " == *" --shard 3/3 "* ]]; then "$xqarb" "\$@" | head -n 2; exit 1; fi
exec "$xqarb" "\$@"
WRAP
chmod +x "$work/short-xqarb"
# shellcheck disable=SC2086 # two folders
scripts/validate-cluster.sh --xqarb "$work/short-xqarb" --shards 3 $archive > "$work/out" 2> "$work/err"
code=$?
[ "$code" -eq 2 ] || fail "a shard's short output should fail the run (exit 2), got $code"
[ -s "$work/out" ] && fail "rows written although shard 3's were short: $(wc -l < "$work/out") rows"
expect_in err "shard 3"
expect_in err "incomplete"

# A host that cannot be reached: ssh exits 255, as it does.
cat > "$work/fake-ssh" <<'SSH'
#!/bin/sh
export SHELL="${SHELL:-/bin/sh}"
while [ $# -gt 0 ]; do case "$1" in -*) shift ;; *) break ;; esac; done
host=$1
shift
[ "$1" = "--" ] && shift
case "$host" in bad*) echo "ssh: connect to host $host port 22: Connection refused" >&2; exit 255 ;; esac
exec sh -c "$*"
SSH
chmod +x "$work/fake-ssh"
# shellcheck disable=SC2086 # two folders
scripts/validate-cluster.sh --xqarb "$xqarb" --shards 2 --sshlogin 1/goodhost,1/badhost --ssh "$work/fake-ssh" \
  $archive > "$work/out" 2> "$work/err"
code=$?
[ "$code" -eq 2 ] || fail "a failing host should fail the run (exit 2), got $code"
[ -s "$work/out" ] && fail "rows written although a host failed"
grep -q "shard [12] on host badhost failed: exit code 255" "$work/err" \
  || fail "the failing host should be named with its shard and exit code: $(head -c 600 "$work/err")"

# Signals: shards that take long (a stand-in that waits before it validates).
cat > "$work/slow-xqarb" <<WRAP
#!/bin/bash
sleep 60
exec "$xqarb" "\$@"
WRAP
chmod +x "$work/slow-xqarb"
# Job control, so that the script run in the background does not start with SIGINT ignored
# (a shell cannot trap a signal ignored when it started).
set -m
for signal in TERM INT HUP; do
  scripts/validate-cluster.sh --xqarb "$work/slow-xqarb" --shards 2 testdata/samples > "$work/out" 2> "$work/err" &
  cluster=$!
  shard_processes="$work/slow-xqarb validate .*--shard [12]/2 "
  for _ in $(seq 1 100); do
    [ "$(pgrep -f -c "$shard_processes" || true)" -ge 2 ] && break
    sleep 0.1
  done
  [ "$(pgrep -f -c "$shard_processes" || true)" -ge 2 ] || fail "SIG$signal: the two shards did not start"
  kill -"$signal" "$cluster"
  sleep 1
  left=$(pgrep -P "$cluster"; pgrep -f "$work/slow-xqarb")
  [ -z "$left" ] || fail "SIG$signal: processes of the run left a second later: $(ps -o pid,args -p "$(echo $left | tr ' ' ,)" | tail -n +2)"
  wait "$cluster"
  code=$?
  [ "$code" -gt 128 ] || fail "SIG$signal: the script should end by the signal, exit $code"
  [ -s "$work/out" ] && fail "SIG$signal: rows written by a stopped run"
  [ -n "$left" ] && kill $left 2>/dev/null
done
set +m

finish "validate-cluster: replacement strings, a short shard, a failing host, signals"
