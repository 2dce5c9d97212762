# Shared by the command-line test scripts: source "$(dirname "$0")/cli_helpers.sh".
failures=0

# enter_test_folder XQARB SOURCE_DIR WORK_DIR, a script's arguments: sets $xqarb and $work
# (emptied) and goes into the source tree.
enter_test_folder() {
  xqarb=$1
  work=$3
  rm -rf "$work"
  mkdir -p "$work"
  cd "$2" || exit 1
}

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Runs xqarb with the arguments after the expected exit code; stdout and stderr go to
# $work/out and $work/err.
expect_exit() {
  local want=$1
  shift
  "$xqarb" "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq "$want" ] || fail "xqarb $* exited $got, expected $want: $(head -c 400 "$work/err")"
}

# expect_in out|err TEXT: the stream holds TEXT; expect_not_in: it does not.
expect_in() {
  grep -qF -- "$2" "$work/$1" || fail "std$1 lacks '$2': $(head -c 600 "$work/$1")"
}
expect_not_in() {
  if grep -qF -- "$2" "$work/$1"; then fail "std$1 holds '$2': $(head -c 600 "$work/$1")"; fi
}

# expect_lines out|err N: the stream has N lines.
expect_lines() {
  local got
  got=$(wc -l <"$work/$1")
  [ "$got" -eq "$2" ] || fail "std$1 has $got lines, expected $2: $(head -c 600 "$work/$1")"
}

# finish [MESSAGE]: exit 1 if anything failed, else say MESSAGE (default "ok").
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "${1:-ok}"
}
