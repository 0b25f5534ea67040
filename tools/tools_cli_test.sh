#!/bin/bash
# The tools as a user runs them, on the in-tree devices (TEMPLATE, CPU, and GPU on PoCL): real runs, and command lines
# with mistakes that must fail with status 2 and a message naming the flag.
set -euo pipefail
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-${TEST_TMPDIR:-$(mktemp -d)}/pocl}"  # hermetic: PoCL kernel cache per test

tools="$TEST_SRCDIR/ferry/tools"
models="$TEST_SRCDIR/ferry/testing/models/openvino"
out="$TEST_TMPDIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_usage_error EXPECTED_TEXT TOOL ARGS...: status 2 and EXPECTED_TEXT on stderr.
expect_usage_error() {
  local expected="$1"; shift
  local status=0
  "$@" > "$out/stdout.txt" 2> "$out/stderr.txt" || status=$?
  [ "$status" = 2 ] || fail "'$*' exited with $status, expected 2; stderr: $(cat "$out/stderr.txt")"
  grep -qF -- "$expected" "$out/stderr.txt" || fail "'$*': stderr lacks '$expected': $(cat "$out/stderr.txt")"
}

# --- query_device
"$tools/query_device" > "$out/query.txt" || fail "query_device failed"
grep -q "^Available devices: .*TEMPLATE" "$out/query.txt" || fail "no TEMPLATE in: $(cat "$out/query.txt")"
grep -Eq "^  RO  AVAILABLE_DEVICES +: 0$" "$out/query.txt" || fail "no AVAILABLE_DEVICES line: $(cat "$out/query.txt")"
grep -Eq "^  RW  PERFORMANCE_HINT +: " "$out/query.txt" || fail "no RW PERFORMANCE_HINT line: $(cat "$out/query.txt")"
"$tools/query_device" -h | grep -q "plugins_xml" || fail "query_device -h lists no --plugins_xml"
expect_usage_error "unknown flag '--plugin_xml'" "$tools/query_device" --plugin_xml=x.xml
expect_usage_error "--plugins_xml: missing value" "$tools/query_device" --plugins_xml
status=0
"$tools/query_device" --plugins_xml=/nonexistent/plugins.xml > /dev/null 2> "$out/stderr.txt" || status=$?
[ "$status" = 1 ] && grep -q "/nonexistent/plugins.xml" "$out/stderr.txt" || fail "a missing plugins.xml is not named: $(cat "$out/stderr.txt")"

# --- ferry_run: the default model, then a named one on a named device
"$tools/ferry_run" --runs 3 > "$out/run.txt" || fail "ferry_run failed: $(cat "$out/run.txt")"
# With the in-tree GPU plugin on PoCL, an OpenCL runtime on the host's own cores, the best device
# is CPU (a GPU, else an NPU, else CPU, else a GPU on the host's cores).
for expected in "Available devices: CPU GPU.0 .*TEMPLATE" "Model: ResNet-50, made in memory" "Device: CPU (picked" \
  "Output probabilities: f32 \[1,1000\]" "top 5 classes (of item 0): [0-9]* (0\.[0-9]*)  [0-9]" \
  "Latency: first inference .*, median of 3 runs"; do
  grep -q "$expected" "$out/run.txt" || fail "ferry_run printed no '$expected': $(cat "$out/run.txt")"
done
"$tools/ferry_run" --model cnn --device TEMPLATE --runs 1 > "$out/run_cnn.txt" || fail "ferry_run --model cnn failed"
grep -q "Output probs: f32 \[1,5\]" "$out/run_cnn.txt" || fail "ferry_run --model cnn: $(cat "$out/run_cnn.txt")"
"$tools/ferry_run" --model "$models/dynamic.xml" --device TEMPLATE --shape "[2,5,8]" --runs 2 > "$out/run2.txt" ||
  fail "ferry_run on dynamic.xml failed"
expect_usage_error "--shape" "$tools/ferry_run" --model "$models/dynamic.xml" --runs 1
expect_usage_error "unknown flag '--modle'" "$tools/ferry_run" --modle x.xml
expect_usage_error "--runs: expected an integer" "$tools/ferry_run" --runs many

# --- benchmark_app
"$tools/benchmark_app" -m "$models/mlp.xml" -d TEMPLATE -api async -nireq 2 -niter 8 -pc \
  -report_json "$out/report.json" > "$out/bench.txt" || fail "benchmark_app failed: $(cat "$out/bench.txt")"
grep -q "Count: *8 iterations" "$out/bench.txt" || fail "benchmark_app did not run 8 iterations: $(cat "$out/bench.txt")"
grep -q '"count": 8,' "$out/report.json" || fail "JSON count: $(cat "$out/report.json")"
grep -q '"nireq": 2,' "$out/report.json" || fail "JSON nireq: $(cat "$out/report.json")"
grep -q '"profiling": \[' "$out/report.json" || fail "JSON has no profiling: $(cat "$out/report.json")"
"$tools/benchmark_app" -m "$models/dynamic.xml" -shape "[2,5,8]" -api sync -t 0.2 > "$out/bench2.txt" ||
  fail "benchmark_app -shape -t failed: $(cat "$out/bench2.txt")"
expect_usage_error "-shape" "$tools/benchmark_app" -m "$models/dynamic.xml" -niter 1
expect_usage_error "-shape: the model has no input 'nope'" "$tools/benchmark_app" -m "$models/mlp.xml" -shape "nope[1,16]"
expect_usage_error "-m: the model is required" "$tools/benchmark_app"
expect_usage_error "unknown flag '-b'" "$tools/benchmark_app" -m "$models/mlp.xml" -b 2
expect_usage_error "-api: expected one of sync, async" "$tools/benchmark_app" -m "$models/mlp.xml" -api fast
expect_usage_error "-nireq: expected an integer" "$tools/benchmark_app" -m "$models/mlp.xml" -nireq 0
expect_usage_error "-hint: expected one of" "$tools/benchmark_app" -m "$models/mlp.xml" -hint quick

echo "PASS"
