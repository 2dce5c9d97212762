#!/usr/bin/env bash
# Runs `xqarb validate` over a large archive as N shards under GNU parallel (Debian package
# `parallel`), on this machine or on the hosts named with --sshlogin, and merges the shards'
# JSON Lines back into input order: the output is byte for byte that of one
# `xqarb validate --format jsonl` run over the same paths.
#
# Usage: scripts/validate-cluster.sh [--shards N] [--sshlogin LOGINS] [--ssh COMMAND]
#                                    [--xqarb PATH] [--] VALIDATE-ARGUMENTS...
#   --shards N        slices of the games (default: this machine's processors)
#   --sshlogin LOGINS where to run them, as parallel's --sshlogin: "4/host1,8/user@host2,:"
#                     (":" is this machine); by default this machine only
#   --ssh COMMAND     the command parallel reaches the hosts with (default: ssh)
#   --xqarb PATH      the binary, at the same path on every host (default: build/release/app/xqarb
#                     beside this script when it is there, else xqarb on the PATH)
# The remaining arguments go to every shard's `xqarb validate` as they are (GNU parallel's
# replacement strings such as {} in them are not replaced): the paths (the same paths on
# every host), --recursive, --ruleset, --files-from... The script sets --format jsonl,
# --shard, --jobs 1 and --progress never itself. Each shard reads every record but checks
# only its own games (see --shard in the README), and ends its rows with a count of them:
# a shard whose output comes back short fails the run, whatever its exit code.
# Exit code: 0 when no game has a finding, 1 when some have, 2 when a shard failed (each
# failed shard is named on stderr, with its host and its exit code or signal) or the
# arguments are wrong. Stopped by SIGTERM, SIGINT or SIGHUP, it stops GNU parallel and the
# shards first, and writes nothing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
shards=$(nproc)
sshlogin=
ssh_command=
xqarb=
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards=$2; shift 2 ;;
    --sshlogin) sshlogin=$2; shift 2 ;;
    --ssh) ssh_command=$2; shift 2 ;;
    --xqarb) xqarb=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
for argument in "$@"; do
  case "$argument" in
    --format|--format=*|-o*|--output|--output=*|--shard|--shard=*|-j*|--jobs|--jobs=*|--progress|--progress=*)
      echo "validate-cluster.sh: $argument is set by the script" >&2; exit 2 ;;
  esac
  # Each shard gets a standard input of its own, not this one: neither records (-) nor a list
  # of paths (--files-from -) can come from it.
  if [ "$argument" = - ] || [ "$argument" = --files-from=- ] || [ "$argument" = --files-from0=- ]; then
    echo "validate-cluster.sh: the shards cannot read standard input: save it to a file and name that" >&2
    exit 2
  fi
done
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
  echo "validate-cluster.sh: --shards takes a positive number, not '$shards'" >&2
  exit 2
fi
if [ -z "$xqarb" ]; then
  xqarb=$root/build/release/app/xqarb
  [ -x "$xqarb" ] || xqarb=$(command -v xqarb || true)
fi
[ -n "$xqarb" ] || { echo "validate-cluster.sh: no xqarb binary (give --xqarb)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "validate-cluster.sh: GNU parallel is needed: apt-get install parallel" >&2; exit 2; }

# parallel runs each job with $SHELL (a remote one with the remote login's); a job run
# without one does nothing and reports success.
export SHELL="${SHELL:-/bin/sh}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Stops GNU parallel and the shards it runs (each in a process group of its own), then the
# script by the same signal, so that its caller sees how it ended.
parallel_pid=
stop() {
  trap '' TERM INT HUP
  if [ -n "$parallel_pid" ]; then
    local jobs
    jobs=$(pgrep -P "$parallel_pid" || true)
    kill -TERM "$parallel_pid" 2>/dev/null || true
    for job in $jobs; do kill -TERM -- "-$job" 2>/dev/null || kill -TERM "$job" 2>/dev/null || true; done
    wait "$parallel_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  trap - EXIT "$1"
  kill -"$1" $$
}
trap 'stop TERM' TERM
trap 'stop INT' INT
trap 'stop HUP' HUP

placement=()
[ -n "$sshlogin" ] && placement+=(--sshlogin "$sshlogin")
[ -n "$ssh_command" ] && placement+=(--ssh "$ssh_command")
# parallel replaces {}, {.}, {#}... wherever they stand in a job's command, paths included:
# the binary and the validate arguments travel NUL-separated in base64, which holds none of
# them, and the shard's own script (no braces in it) decodes them. Only --shard takes {}.
encoded=$(printf '%s\0' "$xqarb" "$@" | base64 -w 0)
shard_script='encoded=$1; shard=$2; set --; while IFS= read -r -d "" argument; do set -- "$@" "$argument"; done < <(printf %s "$encoded" | base64 -d); binary=$1; shift; exec "$binary" validate --format jsonl --progress never --jobs 1 --shard "$shard" "$@"'
# -q quotes every argument for the remote shell; --keep-order --files lists each shard's
# output file in shard order, once the outputs are back on this machine.
parallel --will-cite -q --keep-order --files --tmpdir "$work" --joblog "$work/jobs" "${placement[@]}" \
  bash -c "$shard_script" validate-shard "$encoded" "{}/$shards" \
  ::: $(seq 1 "$shards") > "$work/outputs" &
parallel_pid=$!
wait "$parallel_pid" || true
parallel_pid=

# The joblog's fields: 1 the shard, 2 the host (":" for this one), 7 the exit code, 8 the
# signal that ended it. A shard that exits 0 or 1 has done its work.
failures=$(awk 'NR > 1 && ($8 != 0 || $7 > 1) {
    print "validate-cluster.sh: shard " $1 " on host " $2 " failed: " ($8 != 0 ? "signal " $8 : "exit code " $7)
  }' "$work/jobs" 2>/dev/null || true)
worst=$(awk 'NR > 1 { code = ($8 != 0) ? 2 : ($7 > 1 ? 2 : $7); if (code > worst) worst = code } END { print worst + 0 }' "$work/jobs" 2>/dev/null || echo 2)
finished=$(($(wc -l < "$work/jobs" 2>/dev/null || echo 1) - 1))
if [ -n "$failures" ] || [ "$finished" -ne "$shards" ]; then
  [ -n "$failures" ] && echo "$failures" >&2
  [ "$finished" -ne "$shards" ] && echo "validate-cluster.sh: $finished of $shards shards ran to their end" >&2
  echo "validate-cluster.sh: a shard failed; no output written" >&2
  exit 2
fi

# Each shard's output ends with {"shard":"K/N","rows":R}: R rows before it. Without it, or
# with another count, the output came back short.
mapfile -t outputs < "$work/outputs"
if [ "${#outputs[@]}" -ne "$shards" ]; then
  echo "validate-cluster.sh: ${#outputs[@]} of $shards shard outputs came back; no output written" >&2
  exit 2
fi
rows=()
for s in $(seq 1 "$shards"); do
  output=${outputs[s - 1]}
  count=$(($(wc -l < "$output") - 1))
  if [ "$(tail -n 1 "$output")" != "{\"shard\":\"$s/$shards\",\"rows\":$count}" ]; then
    host=$(awk -v s="$s" 'NR > 1 && $1 == s { print $2 }' "$work/jobs")
    echo "validate-cluster.sh: the output of shard $s (host $host) is incomplete: it does not end with its count of rows; no output written" >&2
    exit 2
  fi
  head -n "$count" "$output" > "$output.rows"
  rows+=("$output.rows")
done

# Game i is in shard i mod N, and a file's own row ({"game":0,...}) follows, in its shard,
# the game read before it (see --shard): so take a game row from each shard in turn, each
# followed by the file rows after it in its shard.
awk -v shards="$shards" '
  function advance(s) { more[s] = ((getline head[s] < output[s]) > 0) }
  function file_row(line) { return line ~ /^\{"game":0,/ }
  function rows_of_files(s) { while (more[s] && file_row(head[s])) { print head[s]; advance(s) } }
  BEGIN {
    for (s = 0; s < shards; s++) { output[s] = ARGV[s + 1]; advance(s) }
    rows_of_files(0)
    for (s = 0; more[s]; s = (s + 1) % shards) {
      print head[s]
      advance(s)
      rows_of_files(s)
    }
    for (s = 0; s < shards; s++)
      if (more[s]) { print "validate-cluster.sh: shard " s + 1 " has rows out of turn" > "/dev/stderr"; exit 2 }
  }' "${rows[@]}" > "$work/merged"
cat "$work/merged"
exit "$worst"
