#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer harnesses of fuzz/ with clang (build/fuzz) and runs each for
# SECONDS (default 60), seeded from the project's own testdata and fuzz/regressions.
#   scripts/fuzz.sh [SECONDS] [HARNESS...]
# harnesses: record binary_records fen move text_decoding ruleset judge
# An input that breaks a property is kept in build/fuzz/artifacts/ and fails the run; copy it
# into fuzz/regressions/<harness>/ once fixed, so that ctest replays it in every build. The
# last lines give each harness's executions, coverage and findings.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(record binary_records fen move text_decoding ruleset judge)

scripts/install-deps.sh clang
CC=clang CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_FUZZ=ON \
  -DBUILD_TESTING=OFF -DXQ_BUILD_BENCH=OFF >/dev/null
targets=()
for harness in "${harnesses[@]}"; do targets+=("fuzz_$harness"); done
cmake --build build/fuzz -j"$(nproc)" --target "${targets[@]}"

work=build/fuzz/work
mkdir -p build/fuzz/artifacts

# Writes each seed as a file of its own: the option byte the harness reads first, then the
# bytes. $1: folder, $2: option byte as \xHH; the seeds come on standard input, NUL-separated.
write_seeds() {
  local folder=$1 option=$2 n=0
  mkdir -p "$folder"
  while IFS= read -r -d '' seed; do
    n=$((n + 1))
    { printf "$option"; printf '%s' "$seed"; } >"$folder/seed-${option//\\/}-$n"
  done
}

# Files as seeds, each prefixed with the option byte $2 (what the byte means is the harness's:
# see the first lines of its LLVMFuzzerTestOneInput), those no longer than the harness's max_len.
seed_files() {
  local folder=$1 option=$2
  shift 2
  mkdir -p "$folder"
  local file
  for file in "$@"; do
    [ -f "$file" ] && [ "$(stat -c %s "$file")" -le "$(max_len "$(basename "$folder")")" ] || continue
    { printf "$option"; cat "$file"; } >"$folder/$(basename "$file")-${option//\\/}"
  done
}

# The longest input a harness is given: a CCBridge library is at least 66,624 bytes.
max_len() {
  if [ "$1" = binary_records ]; then echo 524288; else echo 65536; fi
}

seed() {
  local harness=$1 folder=$work/$1
  rm -rf "$folder"
  mkdir -p "$folder"
  case $harness in
  record)
    mapfile -t files < <(find testdata/records testdata/samples testdata/validate testdata/rulings -type f | sort)
    seed_files "$folder" '\x33' "${files[@]}"
    seed_files "$folder" '\xb3' "${files[@]}"
    ;;
  judge)
    # Games with repetitions first: the rulings of testdata, then every other record. The
    # option bytes: the format detected, the ruling written in English as text, and in Chinese
    # as HTML.
    mapfile -t files < <(find testdata/rulings testdata/records testdata/samples -type f | sort)
    seed_files "$folder" '\x03' "${files[@]}"
    seed_files "$folder" '\x9b' "${files[@]}"
    ;;
  binary_records)
    # The project keeps no binary record files but its hand-made regressions; the fixtures
    # beside the checkout are used when they are there (copied into the build folder only).
    local shared=../shared/corpus-binary
    if [ -d "$shared" ]; then
      seed_files "$folder" '\x00' "$shared"/*.xqf
      seed_files "$folder" '\x01' "$shared"/*.cbr
      seed_files "$folder" '\x02' "$shared"/*.cbl
      seed_files "$folder" '\x03' "$shared"/*.cbf
    fi
    ;;
  text_decoding)
    mapfile -t files < <(find testdata/records -type f | sort)
    seed_files "$folder" '\x03' "${files[@]}"
    ;;
  fen)
    grep -rahoE '[rnbakcpehRNBAKCPEH1-9]+(/[rnbakcpehRNBAKCPEH1-9]+){9} [wrb]( - - [0-9]+ [0-9]+)?' testdata |
      sort -u | head -300 | tr '\n' '\0' | write_seeds "$folder" '\x01'
    ;;
  move)
    # Move texts of the records in testdata: every notation, as people write them.
    find testdata/records/good -name '*.pgn' -size -64k -print0 | xargs -0 grep -avh '^\[' |
      tr -s ' \t\r' '\n\n\n' | grep -avE '^[0-9]+\.*$|^\{|^$' | sort -u | head -400 | tr '\n' '\0' |
      write_seeds "$folder" '\x00'
    ;;
  ruleset)
    mapfile -t files < <(find rulesets testdata/rulesets -name '*.json' | sort)
    for file in "${files[@]}"; do cp "$file" "$folder/$(echo "$file" | tr / _)"; done
    ;;
  esac
}

# Seeds and fuzzes one harness; its summary line goes to build/fuzz/<harness>.summary, and
# build/fuzz/<harness>.broken marks a run that broke a property or crashed.
fuzz_one() {
  local harness=$1 log=build/fuzz/$1.log
  seed "$harness"
  rm -f build/fuzz/artifacts/"$harness"-*
  echo "fuzzing $harness for $seconds s" >&2
  # The first folder collects what the run finds; the regressions are read only.
  if ! build/fuzz/fuzz/fuzz_$harness -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len="$(max_len "$harness")" \
      -print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$harness-" \
      "$work/$harness" "fuzz/regressions/$harness" >"$log" 2>&1; then
    touch "build/fuzz/$harness.broken"
    echo "fuzz_$harness broke a property or crashed; see $log and build/fuzz/artifacts/" >&2
    tail -n 30 "$log" >&2
  fi
  local runs coverage crashes
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo 0)
  crashes=$(find build/fuzz/artifacts -name "$harness-*" | wc -l)
  printf '%-14s %10s executions  cov %6s  %s findings\n' "$harness" "$runs" "$coverage" "$crashes" \
    >"build/fuzz/$harness.summary"
}

# The harnesses run side by side, one per processor: each still gets its SECONDS.
for harness in "${harnesses[@]}"; do
  rm -f "build/fuzz/$harness.summary" "build/fuzz/$harness.broken"
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  fuzz_one "$harness" &
done
wait

status=0
for harness in "${harnesses[@]}"; do
  if [ -f "build/fuzz/$harness.summary" ]; then
    cat "build/fuzz/$harness.summary"
  else
    echo "$harness: the run ended without a summary"
    status=1
  fi
  [ -f "build/fuzz/$harness.broken" ] && status=1
done
exit $status
