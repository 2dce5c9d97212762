#!/usr/bin/env bash
# Every C++ source file opens with one line that says what it is for: its first line is a
# "// " comment of at most 100 characters. Lists each file that does not and fails.
#   check-file-heads.sh [SOURCE_DIR]   (default: the checkout this script is in)
# Reads the files on disk with find, so it works in a tree without git.
set -uo pipefail
export LC_ALL=C.UTF-8  # so that ${#line} counts characters, not bytes
source_dir=${1:-"$(dirname "$0")/.."}
cd "$source_dir" || { echo "check-file-heads: no folder $source_dir" >&2; exit 2; }

files=$(find lib app bench fuzz -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) | LC_ALL=C sort)
[ -n "$files" ] || { echo "check-file-heads: no .cpp, .hpp or .h files under lib app bench fuzz in $PWD" >&2; exit 2; }

bad=0
checked=0
while IFS= read -r file; do
  checked=$((checked + 1))
  IFS= read -r first <"$file" || first=""
  if [[ $first != "// "* ]]; then
    echo "$file:1: the first line is not a '// ' comment saying what the file is for" >&2
    bad=$((bad + 1))
  elif [ "${#first}" -gt 100 ]; then
    echo "$file:1: the first line has ${#first} characters, more than 100" >&2
    bad=$((bad + 1))
  fi
done <<<"$files"

if [ "$bad" -gt 0 ]; then
  echo "check-file-heads: $bad of $checked files lack a one-line purpose on their first line" >&2
  exit 1
fi
echo "check-file-heads: all $checked files open with a one-line purpose"
