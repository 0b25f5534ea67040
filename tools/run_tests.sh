#!/usr/bin/env bash
# Every test of the repository: the whole tree, then the core's and the template plugin's tests
# again under AddressSanitizer and UndefinedBehaviorSanitizer, and the GPU plugin's under
# UndefinedBehaviorSanitizer. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh || exit 1

passed=0
failed=0
status=0
run() {
  local log
  log=$(mktemp)
  bazel test "$@" 2>&1 | tee "$log" | grep -E "^(//|ERROR|FAIL|Executed|INFO: Build completed)"
  local rc=${PIPESTATUS[0]}  # bazel's status, read before any other command replaces it
  passed=$((passed + $(grep -cE "^//.* PASSED in" "$log")))
  failed=$((failed + $(grep -cE "^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log")))
  if [[ $rc -ne 0 ]]; then
    status=1
    [[ $(grep -cE "^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log") -eq 0 ]] && { tail -40 "$log"; failed=$((failed + 1)); }
  fi
  rm -f "$log"
}

run //...
run --config=asan //core/... //plugins/template/...
# The GPU plugin's tests (PoCL) under UBSan too; ASan is left out for them: PoCL's compiler under
# ASan makes them 10-20 times slower. The conformance suite on GPU runs in the plain phase.
run --config=ubsan -- //core/... //plugins/template/... //plugins/gpu/... -//plugins/gpu:gpu_conformance_test

echo "${passed} passed, ${failed} failed"
[[ $failed -eq 0 ]] || status=1
exit $status
