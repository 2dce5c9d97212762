#!/usr/bin/env bash
# All tests: installs what is missing, builds with AddressSanitizer and UBSan
# (build/sanitize) and runs the whole suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_SANITIZE=ON \
  -DXQ_WARNINGS_AS_ERRORS=ON -DXQ_BUILD_BENCH=OFF >/dev/null
cmake --build build/sanitize -j"$(nproc)"
ctest --test-dir build/sanitize --output-on-failure -j"$(nproc)"
