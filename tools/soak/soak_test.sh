#!/usr/bin/env bash
# The soak in CI: 20,000 inferences over 8 threads on TEMPLATE, GPU (PoCL) and NPU (the simulated
# one) must pass; then each planted fault (a leak, a descriptor leak, wrong outputs) must fail it
# with its own message, which proves each check can fire.
set -uo pipefail

SOAK="$TEST_SRCDIR/$TEST_WORKSPACE/tools/soak/soak"
# PoCL's kernel cache in the test's own folder (POCL_CACHE_DIR="" would crash PoCL).
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$TEST_TMPDIR/pocl}"
mkdir -p "$POCL_CACHE_DIR"
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# expect_run STATUS PATTERN ARGS...: soak ARGS exits with STATUS and prints PATTERN.
expect_run() {
  local status=$1 pattern=$2
  shift 2
  local output
  output="$("$SOAK" "$@" 2>&1)"
  local got=$?
  if [ "$got" != "$status" ] || ! grep -qE -- "$pattern" <<<"$output"; then
    fail "soak $* exited $got (expected $status) or did not print /$pattern/:"
    echo "$output" | tail -40
  else
    echo "ok: soak $* -> $status, /$pattern/"
  fi
}

start_ns=$(date +%s%N)
expect_run 0 "^PASSED" --inferences=20000 --threads=8 --devices=TEMPLATE,GPU,NPU \
  --report="$TEST_TMPDIR/soak.json"
echo "the 20,000-inference soak took $((($(date +%s%N) - start_ns) / 1000000)) ms"
grep -q '"passed": true' "$TEST_TMPDIR/soak.json" || fail "the report does not say passed"
grep -q '"inferences": 20000,' "$TEST_TMPDIR/soak.json" || fail "the report does not count 20000 inferences"
for device in TEMPLATE GPU NPU; do
  grep -q "\"device\": \"$device\"" "$TEST_TMPDIR/soak.json" || fail "no $device in the report"
done

# Planted faults, on TEMPLATE alone (the checks do not depend on the device).
expect_run 1 "FAILED: RSS grew by [0-9]+ KiB after warm-up" --inferences=4000 --devices=TEMPLATE --inject=leak
expect_run 1 "FAILED: open file descriptors grew by [0-9]+ after warm-up" --inferences=4000 --devices=TEMPLATE \
  --inject=fd_leak
# One inference in 1000 changed: inferences 999, 1999, 2999 and 3999.
expect_run 1 "FAILED: 4 outputs differ from the reference" --inferences=4000 --devices=TEMPLATE \
  --inject=wrong_output

# A device named but missing fails; bad flags are usage errors.
expect_run 1 "--devices: NOSUCH is not available" --inferences=100 --devices=TEMPLATE,NOSUCH
expect_run 2 "--threads: expected an integer" --threads=0

[ "$failures" = 0 ] || exit 1
echo "all passed"
