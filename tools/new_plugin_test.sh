#!/usr/bin/env bash
# tools/new_plugin.sh ACME: the plugin it makes from TEMPLATE keeps nothing of TEMPLATE's names,
# builds against an installed Ferry with CMake, with pkg-config (make) and with Bazel, and the
# conformance runner passes it under its own name. Bad names and existing folders are refused.
set -uo pipefail
export POCL_CACHE_DIR="$TEST_TMPDIR/pocl"
runfiles="$TEST_SRCDIR/ferry"
work="$TEST_TMPDIR/work"
prefix="$work/prefix"
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$runfiles/tools/install/install" --prefix="$prefix" >"$work/install.txt" 2>&1 || fail "install: $(cat "$work/install.txt")"

# --- refusals
for bad in Acme 9lives "two words" template gpu; do
  out=$(bash "$runfiles/tools/new_plugin.sh" "$bad" "$work/bad" 2>&1) && fail "name '$bad' was taken"
  grep -q "new_plugin.sh: '$bad'" <<<"$out" || fail "the refusal of '$bad' does not name it: $out"
done
mkdir -p "$work/taken"
out=$(bash "$runfiles/tools/new_plugin.sh" acme "$work/taken" 2>&1) && fail "an existing folder was written into"
grep -q "exists" <<<"$out" || fail "unexpected message for an existing folder: $out"

# --- the scaffold
plugin="$work/acme"
FERRY_PREFIX="$prefix" bash "$runfiles/tools/new_plugin.sh" acme "$plugin" || fail "new_plugin.sh acme failed"
left=$(grep -rnE "TEMPLATE|template_plugin|ferry/template|Template" "$plugin/src" "$plugin/include" || true)
[ -z "$left" ] || fail "TEMPLATE's names are left in the new plugin: $left"
[ -f "$plugin/include/ferry/acme/properties.hpp" ] || fail "no include/ferry/acme/properties.hpp"
grep -q '"ACME_' "$plugin/include/ferry/acme/properties.hpp" || fail "the properties header has no ACME_ keys"

# --- CMake (no optimisation: the test checks that it builds and runs, not how fast)
cmake -S "$plugin" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.txt" 2>&1 &&
  cmake --build "$work/cmake" -j 2 >>"$work/cmake.txt" 2>&1 || fail "the CMake build failed: $(cat "$work/cmake.txt")"
# --- pkg-config
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" make -C "$plugin" CXXFLAGS=-O0 >"$work/make.txt" 2>&1 ||
  fail "the pkg-config build failed: $(cat "$work/make.txt")"
# --- Bazel, offline: the stand-ins Ferry's own WORKSPACE uses for the rules Bazel would download
stand_ins="$work/stand_ins"
for repository in rules_cc rules_java remote_coverage_tools; do
  mkdir -p "$stand_ins/$repository" && cp -rL "$TEST_SRCDIR/$repository/." "$stand_ins/$repository/"
  touch "$stand_ins/$repository/WORKSPACE" "$stand_ins/$repository/BUILD.bazel"  # both empty in Ferry too
done
bazel_out="$work/bazel_root"
(cd "$plugin" && HOME="$work" bazel --output_user_root="$bazel_out" --max_idle_secs=10 build --spawn_strategy=local \
  --override_repository=rules_cc="$stand_ins/rules_cc" --override_repository=rules_java="$stand_ins/rules_java" \
  --override_repository=remote_coverage_tools="$stand_ins/remote_coverage_tools" \
  //:libferry_acme_plugin.so >"$work/bazel.txt" 2>&1)
status=$?
(cd "$plugin" && HOME="$work" bazel --output_user_root="$bazel_out" shutdown >/dev/null 2>&1)
[ $status -eq 0 ] || fail "the Bazel build failed: $(cat "$work/bazel.txt")"
bazel_library=$(cd "$plugin" && readlink -f bazel-bin/libferry_acme_plugin.so)

# --- conformance: the whole suite on the CMake build but the op cases (Ops/*, Onnx/*: TEMPLATE's
# reference kernels, which //testing/conformance:template_conformance_test passes); the other two
# builds load and register under their name.
run() {  # run LIBRARY FILTER REPORT
  "$runfiles/testing/conformance/runner" --suite="$runfiles/testing/conformance/conformance_suite" --device=ACME \
    --plugin="$1" --filter="$2" --timeout=120 --report="$3" >"$3.txt" 2>&1 ||
    fail "the conformance runner failed $1: $(tail -30 "$3.txt")"
  grep -q "^passed	Plugin.DeviceIsListedUnderItsRegisteredName$" "$3/results.tsv" ||
    fail "ACME was not tested from $1: $(cat "$3/results.tsv")"
}
run "$work/cmake/libferry_acme_plugin.so" "-Ops/*:Onnx/*" "$work/report_cmake"
passed=$(grep -c "^passed" "$work/report_cmake/results.tsv")
[ "$passed" -ge 50 ] || fail "only $passed conformance tests ran on the CMake build"
run "$plugin/libferry_acme_plugin.so" "Plugin.*" "$work/report_make"
run "$bazel_library" "Plugin.*" "$work/report_bazel"
echo "PASS: ACME built three ways; $passed conformance tests passed on the CMake build"
