#!/bin/bash
# Runs the plugin conformance suite (//testing/conformance) on GPU, leaving out the tests listed
# in the skip list. Every skip entry must give its reason after a '#':
#   Category.TestName  # reason
# usage: gpu_conformance_test.sh SUITE SKIP_LIST [gtest flags]
set -euo pipefail
suite="$1"
skips="$2"
shift 2
export POCL_CACHE_DIR="${TEST_TMPDIR:-/tmp}/pocl"
mkdir -p "$POCL_CACHE_DIR"

filter=""
while IFS= read -r line; do
  entry="${line%%#*}"
  entry="$(echo "$entry" | tr -d '[:space:]')"
  [ -z "$entry" ] && continue
  reason="${line#*#}"
  if [ "$reason" = "$line" ] || [ -z "$(echo "$reason" | tr -d '[:space:]')" ]; then
    echo "skip list entry '$entry' has no reason (write: $entry  # why)" >&2
    exit 2
  fi
  echo "skipping $entry:$reason"
  filter="${filter:+$filter:}$entry"
done < "$skips"

exec "$suite" --device=GPU ${filter:+--gtest_filter=-$filter} "$@"
