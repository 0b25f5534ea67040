#!/bin/bash
# Runs the plugin conformance suite (//testing/conformance) on DEVICE, leaving out the tests
# listed in the skip list. Every skip entry must give its reason after a '#':
#   Category.TestName  # reason
# (gtest filter patterns, e.g. Ops/*, are entries too).
# usage: skip_list_conformance_test.sh SUITE SKIP_LIST DEVICE [gtest flags]
set -euo pipefail
suite="$1"
skips="$2"
device="$3"
shift 3
export POCL_CACHE_DIR="${TEST_TMPDIR:-/tmp}/pocl"
mkdir -p "$POCL_CACHE_DIR"
# The simulated NPU (plugins/npu/simulator): the Level Zero loader wants the driver's absolute path.
if [ -n "${FERRY_NPU_SIMULATOR:-}" ]; then
  ZE_ENABLE_ALT_DRIVERS="$(realpath "$FERRY_NPU_SIMULATOR")"
  export ZE_ENABLE_ALT_DRIVERS
fi

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

exec "$suite" --device="$device" ${filter:+--gtest_filter=-$filter} "$@"
