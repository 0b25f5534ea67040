#!/usr/bin/env bash
# tools/run_tests.sh's own contract, on a copy of it in a scratch tree whose tools/setup.sh,
# tools/format.sh and `bazel` are stand-ins: a failed setup stops the run with setup's message
# and exit 1 before any build, and a run whose tests pass ends with each phase's duration and
# exit 0.
set -euo pipefail
script="$TEST_SRCDIR/ferry/tools/run_tests.sh"
scratch="$TEST_TMPDIR/tree"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# make_tree SETUP_STATUS: a scratch tree with stand-in setup, format and bazel.
make_tree() {
  rm -rf "$scratch"
  mkdir -p "$scratch/tools" "$scratch/bin"
  cp "$script" "$scratch/tools/run_tests.sh"
  printf '#!/usr/bin/env bash\necho "setup: apt-get failed to install: stand-in" >&2\nexit %d\n' "$1" \
    >"$scratch/tools/setup.sh"
  printf '#!/usr/bin/env bash\nexit 0\n' >"$scratch/tools/format.sh"
  # bazel test: records the call and reports one passing target.
  printf '#!/usr/bin/env bash\necho "$*" >>"%s/bazel_calls"\necho "//x:y_test PASSED in 0.1s"\n' "$scratch" \
    >"$scratch/bin/bazel"
  chmod +x "$scratch/bin/bazel"
}

make_tree 1
status=0
output=$(PATH="$scratch/bin:$PATH" HOME="$TEST_TMPDIR" bash "$scratch/tools/run_tests.sh" 2>&1) || status=$?
[[ $status -eq 1 ]] || fail "a failed setup must end the run with exit 1, got $status; output: $output"
[[ $output == *"apt-get failed to install: stand-in"* ]] || fail "setup's message is missing: $output"
[[ $output == *"setup failed"* ]] || fail "the run does not say that setup failed: $output"
[[ ! -e "$scratch/bazel_calls" ]] || fail "bazel ran after a failed setup: $(cat "$scratch/bazel_calls")"

make_tree 0
status=0
output=$(PATH="$scratch/bin:$PATH" HOME="$TEST_TMPDIR" bash "$scratch/tools/run_tests.sh" 2>&1) || status=$?
[[ $status -eq 0 ]] || fail "a run whose tests pass must exit 0, got $status; output: $output"
for name in setup format plain sanitizers sanitizers_gpu tsan; do
  grep -qE "^${name} +[0-9]+ s$" <<<"$output" || fail "no duration for phase $name: $output"
done
[[ $output == *"4 passed, 0 failed"* ]] || fail "wrong count: $output"
echo "PASS"
