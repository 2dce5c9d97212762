#!/usr/bin/env bash
# The archive-speed figures, each the median of RUNS runs (default 5), CPU time unless said:
#   validate    `validate --jobs 1 --format jsonl` over the whole corpus: games/s and MB/s of CPU
#   rulesets    the same under --ruleset axf, cxa and computer, taking turns run by run: CPU of
#               each, and the ratios cxa/axf and computer/axf (what a ruleset's searches cost
#               over the AXF rules)
#   notation    the same 2,516 master games (wukong's Hu Ronghua and Liu Dahua files) written
#               by `xqarb convert` in ICCS, WXF and Chinese (UTF-8, and GBK and Big5 through
#               iconv), validated: CPU and the ratio to ICCS
#   adjudicate  `adjudicate --format json` against `validate --format jsonl` on the same files
#   jobs        `validate --jobs 2` against `--jobs 1`: wall time (meaningful on idle cores only)
#   memory      peak resident memory of `validate --jobs 1` and `--jobs 2` over the corpus and
#               over COPIES hard-linked copies of it (default 30: about 1 GB of records)
#   dhtmlxq     the corpus's two DhtmlXQ files, 200 copies of each: games/s of CPU
# Usage: bench/archive_bench.sh [XQARB [CORPUS]]   (RUNS=N COPIES=N in the environment)
#   XQARB   the binary (default: build/release/app/xqarb); build it in Release
#   CORPUS  the record files (default: ../shared/corpus beside the checkout)
# CPU time comes from `perf stat` when it can count task-clock, else from GNU time (10 ms
# steps). Needs GNU time (Debian package `time`) and iconv.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
xqarb=${1:-$root/build/release/app/xqarb}
corpus=${2:-$root/../shared/corpus}
runs=${RUNS:-5}
copies=${COPIES:-30}

[ -x "$xqarb" ] || { echo "no xqarb binary at $xqarb (build in Release first)" >&2; exit 2; }
[ -d "$corpus" ] || { echo "skipped: the shared corpus is not at $corpus" >&2; exit 0; }
[ -x /usr/bin/time ] || { echo "GNU time is needed: apt-get install time" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
use_perf=false
perf stat -x, -e task-clock -o "$work/probe" true 2>/dev/null && use_perf=true

# Milliseconds of CPU of one run of the command (exit code 1, findings, is expected).
cpu_ms_once() {
  if $use_perf; then
    perf stat -x, -e task-clock -o "$work/stat" -- "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
    awk -F, '/task-clock/ { printf "%.0f\n", $1 }' "$work/stat"
  else
    /usr/bin/time -f '%U %S' -o "$work/stat" "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
    tail -1 "$work/stat" | awk '{ printf "%.0f\n", ($1 + $2) * 1000 }'
  fi
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

cpu_ms() { for _ in $(seq 1 "$runs"); do cpu_ms_once "$@"; done | median; }

wall_ms() {
  for _ in $(seq 1 "$runs"); do
    /usr/bin/time -f '%e' -o "$work/stat" "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
    tail -1 "$work/stat" | awk '{ printf "%.0f\n", $1 * 1000 }'
  done | median
}

peak_rss_mb() {
  /usr/bin/time -f '%M' -o "$work/stat" "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
  tail -1 "$work/stat" | awk '{ printf "%.1f\n", $1 / 1024 }'
}

games_of() { "$xqarb" validate "$@" --jobs 1 --format jsonl --progress never 2>/dev/null | wc -l || true; }

per_second() { awk -v n="$1" -v ms="$2" 'BEGIN { printf "%.0f", n * 1000 / ms }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "xqarb archive benchmarks: $xqarb, $(nproc) processors, median of $runs runs, CPU via $($use_perf && echo perf || echo 'GNU time')"

mapfile -t files < <(find "$corpus" -type f \( -name '*.pgn' -o -name '*.txt' \) ! -name 'LICENSE*' | sort)
corpus_games=$(games_of "${files[@]}")
validate_ms=$(cpu_ms "$xqarb" validate "${files[@]}" --jobs 1 --format jsonl --progress never -o /dev/null)
corpus_mb=$(du -cb "${files[@]}" | awk 'END { printf "%.1f", $1 / 1e6 }')
echo "validate    ${#files[@]} files, $corpus_games games, $corpus_mb MB: ${validate_ms} ms CPU," \
  "$(per_second "$corpus_games" "$validate_ms") games/s, $(awk -v mb="$corpus_mb" -v ms="$validate_ms" 'BEGIN { printf "%.1f", mb * 1000 / ms }') MB/s"

# The rulesets take turns run by run, so that a machine that slows down or speeds up over the
# minutes weighs on each alike: the ratios are what is asked of them.
declare -A ruleset_runs ruleset_ms
for _ in $(seq 1 "$runs"); do
  for ruleset in axf cxa computer; do
    ruleset_runs[$ruleset]+="$(cpu_ms_once "$xqarb" validate "${files[@]}" --ruleset "$ruleset" --jobs 1 \
      --format jsonl --progress never -o /dev/null) "
  done
done
for ruleset in axf cxa computer; do
  ruleset_ms[$ruleset]=$(tr ' ' '\n' <<< "${ruleset_runs[$ruleset]}" | sed '/^$/d' | median)
done
echo "rulesets    axf ${ruleset_ms[axf]} ms CPU, cxa ${ruleset_ms[cxa]} ms, computer ${ruleset_ms[computer]} ms:" \
  "cxa/axf $(ratio "${ruleset_ms[cxa]}" "${ruleset_ms[axf]}"), computer/axf $(ratio "${ruleset_ms[computer]}" "${ruleset_ms[axf]}")"

wukong=("$corpus/wukong-xiangqi/Hu_Ronghua_1391_UCI_games.pgn" "$corpus/wukong-xiangqi/Liu_Dahua_1125_UCI_games.pgn")
for notation in iccs wxf chinese; do
  "$xqarb" convert "${wukong[@]}" --to "pgn-$notation" -o "$work/$notation.pgn" 2>/dev/null || [ $? -eq 1 ]
done
iconv -f UTF-8 -t GBK "$work/chinese.pgn" > "$work/chinese-gbk.pgn"
"$xqarb" convert "${wukong[@]}" --to pgn-chinese --traditional -o "$work/traditional.pgn" 2>/dev/null || [ $? -eq 1 ]
# The players' names stay in simplified characters, which Big5 lacks: -c drops those, and
# only those, as the moves are in traditional characters.
iconv -c -f UTF-8 -t BIG5 "$work/traditional.pgn" > "$work/chinese-big5.pgn" || true
iccs_ms=
for notation in iccs wxf chinese chinese-gbk chinese-big5; do
  ms=$(cpu_ms "$xqarb" validate "$work/$notation.pgn" "$work/$notation.pgn" "$work/$notation.pgn" "$work/$notation.pgn" \
    --jobs 1 --format jsonl --progress never -o /dev/null)
  [ -z "$iccs_ms" ] && iccs_ms=$ms
  printf 'notation    %-13s %6s ms CPU (4 x 2,516 games), %.2f x ICCS\n' "$notation" "$ms" "$(ratio "$ms" "$iccs_ms")"
done

adjudicate_ms=$(cpu_ms "$xqarb" adjudicate "${files[@]}" --format json -o /dev/null)
echo "adjudicate  --format json: ${adjudicate_ms} ms CPU, $(ratio "$adjudicate_ms" "$validate_ms") x validate"

one_job=$(wall_ms "$xqarb" validate "${files[@]}" --jobs 1 --format jsonl --progress never -o /dev/null)
two_jobs=$(wall_ms "$xqarb" validate "${files[@]}" --jobs 2 --format jsonl --progress never -o /dev/null)
echo "jobs        --jobs 1 ${one_job} ms wall, --jobs 2 ${two_jobs} ms wall: $(ratio "$one_job" "$two_jobs") x"

mkdir -p "$work/copies"
for i in $(seq 1 "$copies"); do
  mkdir -p "$work/copies/$i"
  cp -rl "$corpus"/. "$work/copies/$i/" 2>/dev/null || cp -r "$corpus"/. "$work/copies/$i/"
done
for jobs in 1 2; do
  small=$(peak_rss_mb "$xqarb" validate "$corpus" --recursive --jobs "$jobs" --format jsonl --progress never -o /dev/null)
  large=$(peak_rss_mb "$xqarb" validate "$work/copies" --recursive --jobs "$jobs" --format jsonl --progress never -o /dev/null)
  echo "memory      --jobs $jobs: peak RSS ${small} MB over the corpus, ${large} MB over $copies copies"
done

mkdir -p "$work/dhtmlxq"
for i in $(seq 1 200); do
  for f in "$corpus"/wukong-xiangqi/*.ubb.txt; do cp "$f" "$work/dhtmlxq/$i-$(basename "$f")"; done
done
dhtmlxq_games=$(games_of "$work/dhtmlxq")
dhtmlxq_ms=$(cpu_ms "$xqarb" validate "$work/dhtmlxq" --jobs 1 --format jsonl --progress never -o /dev/null)
echo "dhtmlxq     $dhtmlxq_games games: ${dhtmlxq_ms} ms CPU, $(per_second "$dhtmlxq_games" "$dhtmlxq_ms") games/s"
