#!/bin/bash
# The third-party flow of docs/CONFORMANCE.md: install the SDK, build the example LOOP plugin
# outside Bazel with plain g++ against the installed headers, and run the conformance runner on
# that .so with --plugin (no plugins.xml). Checks that the runner ran the tests and wrote its
# reports; LOOP is a minimal device, so the test does not ask it to pass everything.
set -euo pipefail
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-${TEST_TMPDIR:-$(mktemp -d)}/pocl}"  # hermetic: PoCL kernel cache per test

fail() { echo "FAIL: $*" >&2; exit 1; }

prefix="$TEST_TMPDIR/prefix"
work="$TEST_TMPDIR/work"
rm -rf "$prefix" "$work"
mkdir -p "$work"
"$TEST_SRCDIR/ferry/tools/install/install" --prefix="$prefix" > "$work/install.txt" 2>&1 ||
  fail "install failed: $(cat "$work/install.txt")"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046  # pkg-config's output is a list of flags
g++ -std=c++17 -shared -fPIC -o "$work/libferry_loop_plugin.so" "$prefix"/share/ferry/examples/loop_plugin/*.cpp \
  $(pkg-config --cflags --libs ferry) || fail "g++ could not build the out-of-tree plugin"

status=0
"$TEST_SRCDIR/ferry/testing/conformance/runner" --suite="$TEST_SRCDIR/ferry/testing/conformance/conformance_suite" \
  --device=LOOP --plugin="$work/libferry_loop_plugin.so" --filter='Plugin.*:InferRequest.SyncOutputs*' \
  --timeout=60 --report="$work/report" > "$work/runner.txt" 2>&1 || status=$?
cat "$work/runner.txt"
[ "$status" -le 1 ] || fail "the runner could not run the suite on the g++-built plugin (status $status)"
for file in report.md report.xml results.tsv; do
  [ -s "$work/report/$file" ] || fail "the runner wrote no $file"
done
grep -q "^passed	Plugin.DeviceIsListedUnderItsRegisteredName$" "$work/report/results.tsv" ||
  fail "LOOP, registered with --plugin, is not listed: $(cat "$work/report/results.tsv")"
grep -q "^passed	Plugin.VersionsNameTheDevice$" "$work/report/results.tsv" || fail "LOOP's versions test did not pass"
grep -q "| Plugin |" "$work/report/report.md" || fail "report.md has no Plugin row"
echo "PASS"
