#!/usr/bin/env bash
# Measures `xqarb validate` over the research corpus with --jobs 1 and --jobs 2: games/s and
# MB/s (from the summary's time: line, which times reading, checking and writing) and the peak
# resident memory (GNU time's "Maximum resident set size"). Each setting runs RUNS times
# (default 3); all runs are printed, as the machine may be shared.
# Usage: bench/validate_bench.sh [XQARB [CORPUS]]
#   XQARB   the binary (default: build/release/app/xqarb, as scripts/run-sample.sh builds it)
#   CORPUS  the folder of record files (default: ../shared/corpus beside the checkout)
# Needs GNU time (/usr/bin/time, Debian package `time`).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
xqarb=${1:-$root/build/release/app/xqarb}
corpus=${2:-$root/../shared/corpus}
runs=${RUNS:-3}

[ -x "$xqarb" ] || { echo "no xqarb binary at $xqarb (build in Release first)" >&2; exit 2; }
[ -d "$corpus" ] || { echo "skipped: the shared corpus is not at $corpus" >&2; exit 0; }
[ -x /usr/bin/time ] || { echo "GNU time is needed: apt-get install time" >&2; exit 2; }

echo "xqarb validate --recursive $corpus ($(nproc) processors)"
printf '%-6s %-4s %10s %10s %8s %14s %6s\n' jobs run seconds games/s MB/s "peak RSS (MB)" CPU
summary=$(mktemp)
measures=$(mktemp)
trap 'rm -f "$summary" "$measures"' EXIT
for jobs in 1 2; do
  for run in $(seq 1 "$runs"); do
    # Exit code 1 is expected: the corpus holds known bad records.
    /usr/bin/time -v -o "$measures" "$xqarb" validate --recursive "$corpus" --jobs "$jobs" --progress never \
      > "$summary" || [ $? -eq 1 ]
    # time: 3.65 s with 1 job, 8356 games/s, 9.3 MB/s
    read -r seconds games_per_second megabytes_per_second < <(
      sed -n 's/^time: \([0-9.]*\) s with [0-9]* jobs\{0,1\}, \([0-9]*\) games\/s, \([0-9.]*\) MB\/s$/\1 \2 \3/p' "$summary")
    rss_kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$measures")
    cpu=$(sed -n 's/^[[:space:]]*Percent of CPU this job got: //p' "$measures")
    printf '%-6s %-4s %10s %10s %8s %14s %6s\n' "$jobs" "$run" "$seconds" "$games_per_second" \
      "$megabytes_per_second" "$(awk -v kb="$rss_kb" 'BEGIN { printf "%.1f", kb / 1024 }')" "$cpu"
  done
done
sed -n '/^games: /,/^  repetition_ruling/p' "$summary"
