#!/bin/bash
# Runs example programs with the given plugins.xml; each must exit 0 and print a result line
# matching $EXAMPLE_RESULT (an extended regular expression; default "as expected").
#   examples_test.sh PLUGINS_XML EXAMPLE...
# PoCL's kernel cache goes to the test's temporary folder; ZE_ENABLE_ALT_DRIVERS, when set (a
# runfiles path of a Level Zero driver), is made absolute, as the Level Zero loader wants it.
# Its targets carry //testing/support:lsan_suppressions.txt in their data.
set -uo pipefail
plugins_xml="$1"
shift
export POCL_CACHE_DIR="${TEST_TMPDIR:-/tmp}/pocl"
mkdir -p "$POCL_CACHE_DIR"
if [ -n "${ZE_ENABLE_ALT_DRIVERS:-}" ]; then
  ZE_ENABLE_ALT_DRIVERS="$(realpath "$ZE_ENABLE_ALT_DRIVERS")"
  export ZE_ENABLE_ALT_DRIVERS
fi
# Under ASan the examples (programs, not tests: no built-in suppressions) leave other projects'
# leaks out of LeakSanitizer's report through the same list the tests use.
suppressions="${TEST_SRCDIR:-.}/ferry/testing/support/lsan_suppressions.txt"
if [ -f "$suppressions" ]; then
  export LSAN_OPTIONS="suppressions=$suppressions${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi
result="${EXAMPLE_RESULT:-as expected}"
failed=0
for example in "$@"; do
  name="$(basename "$example")"
  output="$("$example" "$plugins_xml" 2>&1)"
  status=$?
  echo "$output"
  if [ "$status" -ne 0 ]; then
    echo "FAIL: $name exited with $status"
    failed=1
  elif ! echo "$output" | grep -q -E "$result"; then
    echo "FAIL: $name printed no result line (/$result/)"
    failed=1
  fi
done
exit "$failed"
