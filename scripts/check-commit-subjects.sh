#!/usr/bin/env bash
# Warns of commits whose subject line is longer than 72 characters (CONTRIBUTING.md,
# "Commits"): those after the first commit that kept to it, or after REVISION if given.
# A warning, not a failure: history is not rewritten once shared.
#   scripts/check-commit-subjects.sh [REVISION]
set -euo pipefail
cd "$(dirname "$0")/.."
# The commit after which every subject was meant to keep to 72 characters.
since=${1:-20a819e}
if ! git rev-parse --verify --quiet "$since^{commit}" >/dev/null; then
  echo "commit subjects: $since is not in this clone's history; not checked"
  exit 0
fi
long=$(git log --no-merges --format='%h %s' "$since..HEAD" | awk '{ subject = substr($0, index($0, " ") + 1) } length(subject) > 72')
if [ -n "$long" ]; then
  echo "warning: commit subjects longer than 72 characters (put the details in the body):" >&2
  echo "$long" >&2
else
  echo "commit subjects: all $(git rev-list --no-merges --count "$since..HEAD") since $since within 72 characters"
fi
