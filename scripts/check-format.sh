#!/usr/bin/env bash
# Whether every C++ file of the tree is laid out as .clang-format says (clang-format 14, as
# Debian 12 has it); names each file that is not and exits 1. `clang-format -i FILE` fixes one.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find app bench fuzz lib -name '*.cpp' -o -name '*.hpp' -o -name '*.h' | sort)
unformatted=()
for file in "${files[@]}"; do
  clang-format --dry-run --Werror "$file" 2>/dev/null || unformatted+=("$file")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  printf 'not formatted (clang-format -i FILE): %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "format: ${#files[@]} files as .clang-format says"
