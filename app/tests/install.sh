#!/usr/bin/env bash
# The installed xqarb runs from any prefix and any folder without the source tree: it finds
# the rulesets and message catalogues beside itself (<prefix>/share/xqarb), its man page reads
# with man -l, and bash completion completes its commands.
#   install.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
build=$1
source_dir=$(cd "$2" && pwd -P)
work=$3
rm -rf "$work"
mkdir -p "$work"
source "$(dirname "$0")/cli_helpers.sh"

cmake --install "$build" --prefix "$work/installed" >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}
# A second place, so that nothing can depend on the prefix given at install time either.
mv "$work/installed" "$work/moved"
prefix=$work/moved
xqarb=$prefix/bin/xqarb

# No path into the source tree's rulesets is compiled in (debug information and sanitizer
# builds may name the source files, which xqarb never opens).
if [ "$(grep -c -a -F "$source_dir/rulesets" "$xqarb")" -ne 0 ]; then
  fail "the installed binary holds the path $source_dir/rulesets"
fi
for file in share/xqarb/rulesets/axf.json share/xqarb/rulesets/computer.json share/xqarb/rulesets/messages/en.json share/xqarb/rulesets/messages/zh.json \
  share/bash-completion/completions/xqarb; do
  [ -f "$prefix/$file" ] || fail "$file is not installed"
done

# From another folder, with no $XQARB_RULESETS, and the source tree's rulesets hidden behind an
# empty folder where a private mount namespace can be had (root, or user namespaces).
mkdir -p "$work/elsewhere" "$work/empty"
run_installed() {
  (cd "$work/elsewhere" && env -u XQARB_RULESETS "$@")
}
hidden=(unshare --mount --map-root-user -- sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$work/empty" "$source_dir/rulesets")
if "${hidden[@]}" test ! -e "$source_dir/rulesets/axf.json" 2>/dev/null; then
  run_installed() {
    (cd "$work/elsewhere" && env -u XQARB_RULESETS "${hidden[@]}" "$@")
  }
else
  echo "note: no private mount namespace here; the source rulesets stay visible, the path check above stands" >&2
fi

run_installed "$xqarb" adjudicate --moves "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9 g2h0" >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 0 ] || fail "the installed adjudicate exited $status: $(cat "$work/err")"
grep -q "Ruling on a repetition" "$work/out" || fail "the installed adjudicate wrote no ruling: $(head -c 300 "$work/out")"
run_installed "$xqarb" adjudicate --moves "h2e2 h9g7" --lang zh >"$work/out" 2>"$work/err" \
  || fail "the installed adjudicate --lang zh failed: $(cat "$work/err")"
# The computer rule by name: Red checks on every move and loses at the third occurrence.
run_installed "$xqarb" adjudicate --ruleset computer --fen "4k4/R8/9/9/9/9/9/9/9/3K5 w" \
  --moves "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9" >"$work/out" 2>"$work/err" \
  || fail "the installed adjudicate --ruleset computer failed: $(cat "$work/err")"
grep -q "Ruling: Red loses." "$work/out" || fail "the installed computer rule gave: $(head -c 300 "$work/out")"
run_installed "$xqarb" --version >"$work/version" 2>&1 || fail "--version failed"
grep -q "^xqarb [0-9]" "$work/version" || fail "--version lacks the version: $(cat "$work/version")"
grep -q "^commit " "$work/version" || fail "--version lacks the commit: $(cat "$work/version")"
grep -q "^ruleset axf: AXF rules" "$work/version" || fail "--version lacks the ruleset edition: $(cat "$work/version")"
grep -q "^ruleset computer: " "$work/version" || fail "--version lacks the computer ruleset: $(cat "$work/version")"

# The man page, if help2man was there to build it.
man_page=$prefix/share/man/man1/xqarb.1
if [ -f "$build/app/xqarb.1" ]; then
  [ -f "$man_page" ] || fail "the man page is built but not installed"
  MANWIDTH=80 run_installed man -l -P cat "$man_page" >"$work/man" 2>"$work/man.err" || fail "man -l failed: $(cat "$work/man.err")"
  grep -q "adjudicate" "$work/man" || fail "the man page does not list the commands"
  grep -q "xqarb" "$work/man" || fail "the man page does not name xqarb"
else
  echo "note: no man page was built (help2man missing)" >&2
fi

# Bash completion: commands, and a command's options read from its --help.
complete_words() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _xqarb; printf "%s\n" "${COMPREPLY[@]}"' \
    completion "$prefix/share/bash-completion/completions/xqarb" "$@"
}
[ "$(complete_words "$xqarb" adj)" = adjudicate ] || fail "completion of 'adj': $(complete_words "$xqarb" adj)"
complete_words "$xqarb" adjudicate --for | grep -qx -- --format || fail "completion of adjudicate --for: $(complete_words "$xqarb" adjudicate --for)"

finish "install: ok"
