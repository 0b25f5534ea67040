#!/usr/bin/env bash
# Every test of the repository, in phases:
#   setup       installs what is missing (tools/setup.sh)
#   format      every C++ file matches .clang-format (fix: bash tools/format.sh)
#   plain       the whole tree (gcc, warnings as errors: --config=werror), but for the tests the
#               sanitizer phases run
#   sanitizers  one clang build with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer
#               together (--config=sanitize): the core's, TEMPLATE, CPU, BATCH, NPU (simulator), AUTO and Triton
#               backend tests, then the GPU, MULTI and HETERO plugins' (sanitizers_gpu, same build: on PoCL)
#   tsan        ThreadSanitizer over the concurrency-heavy tests (docs/SANITIZERS.md)
# Ends with each phase's duration and "N passed, N failed".
#
# Bazel keeps its action outputs in a disk cache outside the clone ($FERRY_BAZEL_DISK_CACHE,
# default ~/.cache/ferry/bazel-disk), so a machine that ran CI before builds a fresh clone warm.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
status=0
phases=()
disk_cache="${FERRY_BAZEL_DISK_CACHE:-${HOME:-/tmp}/.cache/ferry/bazel-disk}"
mkdir -p "$disk_cache"

# phase NAME COMMAND...: runs COMMAND, records how long it took, and returns its status.
phase() {
  local name="$1" start=$SECONDS rc=0
  shift
  echo "=== ${name}"
  "$@" || rc=$?
  phases+=("$(printf '%-14s %5d s' "$name" $((SECONDS - start)))")
  return $rc
}

# bazel_test ARGS...: bazel test, counting passed and failed targets.
bazel_test() {
  local log
  log=$(mktemp)
  bazel test --disk_cache="$disk_cache" "$@" 2>&1 | tee "$log" |
    grep -E "^(//|ERROR|FAIL|Executed|INFO: Build completed|INFO: Elapsed)"
  local rc=${PIPESTATUS[0]}  # bazel's status, read before any other command replaces it
  passed=$((passed + $(grep -cE "^//.* PASSED in" "$log")))
  failed=$((failed + $(grep -cE "^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log")))
  if [[ $rc -ne 0 ]]; then
    status=1
    [[ $(grep -cE "^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log") -eq 0 ]] && {
      tail -40 "$log"
      failed=$((failed + 1))
    }
  fi
  rm -f "$log"
}

check_format() {
  bash tools/format.sh --check || {
    status=1
    failed=$((failed + 1))
  }
}

phase setup bash tools/setup.sh || {
  echo "setup failed (its message is above): no test ran" >&2
  exit 1
}
phase format check_format
# What the two sanitizer phases test. The conformance runs stay plain: under ASan they would
# build the whole suite (every op case) instrumented, minutes for what the plugins' own tests
# cover.
sanitized=(//core/... //plugins/template/... //plugins/cpu/... //plugins/batch/... //plugins/npu/... //plugins/auto/... //serving/triton:model_config_test
  //serving/triton:batch_plan_test //serving/triton:model_config_fuzzer //serving/triton:triton_untrusted_requests_test)
sanitized_gpu=(//plugins/gpu/... //plugins/multi/... //plugins/hetero/...)
plain_only=(//plugins/batch:batch_conformance_test //plugins/cpu:cpu_conformance_test //plugins/gpu:gpu_conformance_test
  //plugins/multi:multi_conformance_test //plugins/multi:multi_conformance_sub_devices_test
  //plugins/npu:npu_conformance_test //plugins/hetero:hetero_conformance_test //plugins/hetero:hetero_npu_conformance_test
  //plugins/auto:auto_conformance_test //plugins/auto:auto_gpu_conformance_test)
# Tests that the sanitizer phases run are left out of the plain phase: they run once, under
# ASan+UBSan, and gcc does not compile their binaries a second time (minutes of a cold run).
# Everything else in //... still builds with gcc here, the plugins' libraries included.
phase plain bazel_test --config=werror -- //... "${sanitized[@]/#/-}" "${sanitized_gpu[@]/#/-}" "${plain_only[@]}"
phase sanitizers bazel_test --config=sanitize -- "${sanitized[@]}" "${plain_only[@]/#/-}"
# The same build for the GPU plugin's tests (they run on PoCL), LeakSanitizer on: PoCL's, LLVM's
# and Intel's runtime's own leaks are suppressed by library (testing/support/lsan_suppressions.txt).
phase sanitizers_gpu bazel_test --config=sanitize -- "${sanitized_gpu[@]}" "${plain_only[@]/#/-}"
# ThreadSanitizer over the concurrency-heavy tests: async requests and the streams executor,
# TEMPLATE's and CPU's concurrent requests (CPU's shape cache), BATCH, MULTI (over CPU and
# TEMPLATE: the GPU plugin is not built under TSan), HETERO's pipeline, AUTO's switch between devices, the NPU plugin with the simulated driver's
# worker and queues. The Triton instance is not here: tritonserver would need TSan's runtime
# preloaded and reports races in its own uninstrumented threads; Triton calls an instance from
# one thread at a time, and the sanitizers phase runs it under ASan.
tsan_tests=(//core:async_infer_request_test //core:streams_executor_test //core:streams_executor_priority_test
  //core:sync_infer_request_test //plugins/template:inference_test //plugins/cpu:inference_test
  //plugins/batch:batch_device_test //plugins/multi:multi_device_test //plugins/npu:inference_test
  //plugins/npu/simulator:synchronization_test //plugins/npu/simulator:command_list_test //plugins/hetero:hetero_test
  //plugins/hetero:hetero_npu_test //plugins/auto:auto_test //plugins/auto:auto_npu_test)
phase tsan bazel_test --config=tsan -- "${tsan_tests[@]}"

echo "--- phases"
printf '%s\n' "${phases[@]}"
echo "${passed} passed, ${failed} failed"
[[ $failed -eq 0 ]] || status=1
exit $status
