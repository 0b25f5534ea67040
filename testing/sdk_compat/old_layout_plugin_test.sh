#!/bin/bash
# Issue 27, point 9: the SDK does not break plugins silently. A plugin written against the
# header layout before a2cc634 (old_layout_plugin.cpp) is built outside Bazel with g++ and
# pkg-config against an installed SDK: it must compile, the compiler must show a deprecation
# message for every moved header it names, and the conformance runner must pass it.
# docs/SDK_COMPATIBILITY.md is the policy this checks.
set -euo pipefail
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-${TEST_TMPDIR:-$(mktemp -d)}/pocl}"  # hermetic: PoCL kernel cache per test

fail() { echo "FAIL: $*" >&2; exit 1; }

runfiles="$TEST_SRCDIR/ferry"
prefix="$TEST_TMPDIR/prefix"
work="$TEST_TMPDIR/work"
rm -rf "$prefix" "$work"
mkdir -p "$work"
"$runfiles/tools/install/install" --prefix="$prefix" > "$work/install.txt" 2>&1 ||
  fail "install failed: $(cat "$work/install.txt")"

# Every header a2cc634 moved: old path, new path (git log --diff-filter=R --summary a2cc634 -1).
moved=(
  "graph/aligned_buffer.hpp base/aligned_buffer.hpp" "graph/auto_broadcast.hpp base/auto_broadcast.hpp"
  "graph/bfloat16.hpp base/bfloat16.hpp" "graph/coordinate.hpp base/coordinate.hpp"
  "graph/dimension.hpp base/dimension.hpp" "graph/element_convert.hpp base/element_convert.hpp"
  "graph/element_type.hpp base/element_type.hpp" "graph/enum_names.hpp base/enum_names.hpp"
  "graph/float16.hpp base/float16.hpp" "graph/layout.hpp base/layout.hpp"
  "graph/partial_shape.hpp base/partial_shape.hpp" "graph/shape.hpp base/shape.hpp"
  "runtime/exception.hpp base/exception.hpp" "runtime/any.hpp value/any.hpp" "runtime/any_text.hpp value/any_text.hpp"
  "runtime/profiling_info.hpp value/profiling_info.hpp" "runtime/properties.hpp value/properties.hpp"
  "runtime/property.hpp value/property.hpp" "runtime/supported_ops.hpp value/supported_ops.hpp"
  "runtime/tensor.hpp value/tensor.hpp" "runtime/version.hpp value/version.hpp" "plugin/itensor.hpp value/itensor.hpp"
)

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

# --- the plugin of the previous layout
plugin_source="$runfiles/testing/sdk_compat/old_layout_plugin.cpp"
# shellcheck disable=SC2046  # pkg-config's output is a list of flags
g++ -shared -fPIC -o "$work/libold_layout_plugin.so" "$plugin_source" $(pkg-config --cflags --libs ferry) \
  > "$work/compile.txt" 2>&1 || fail "the old-layout plugin does not compile against the installed SDK:
$(cat "$work/compile.txt")"
echo "--- g++ on old_layout_plugin.cpp said:"
cat "$work/compile.txt"
checked=0
while read -r old; do
  for pair in "${moved[@]}"; do
    read -r moved_old new <<< "$pair"
    [ "$old" = "$moved_old" ] || continue
    grep -qF "ferry/$old is deprecated, include ferry/$new" "$work/compile.txt" ||
      fail "g++ showed no deprecation message for ferry/$old"
    checked=$((checked + 1))
  done
done < <(sed -n 's|^#include <ferry/\(.*\)>$|\1|p' "$plugin_source")
[ "$checked" -ge 9 ] || fail "old_layout_plugin.cpp names $checked moved headers by their old paths, not the 9 it should"

# --- one translation unit of every old path: each compiles and says where its header went
for pair in "${moved[@]}"; do
  read -r old new <<< "$pair"
  echo "#include <ferry/$old>"
done > "$work/all_old_paths.cpp"
# shellcheck disable=SC2046
g++ -fsyntax-only "$work/all_old_paths.cpp" $(pkg-config --cflags ferry) > "$work/all_old_paths.txt" 2>&1 ||
  fail "the old paths do not compile: $(cat "$work/all_old_paths.txt")"
for pair in "${moved[@]}"; do
  read -r old new <<< "$pair"
  grep -qF "ferry/$old is deprecated, include ferry/$new" "$work/all_old_paths.txt" ||
    fail "no deprecation message for ferry/$old: $(cat "$work/all_old_paths.txt")"
done

# --- the installed tree: a forwarding header at every old path, and nothing shipped includes one
for pair in "${moved[@]}"; do
  read -r old new <<< "$pair"
  [ -f "$prefix/include/ferry/$old" ] || fail "ferry/$old (moved to ferry/$new) is not installed"
  grep -q "^#include \"ferry/$new\"" "$prefix/include/ferry/$old" || fail "ferry/$old does not include ferry/$new"
  users=$(grep -rlE "#include [<\"]ferry/${old}[>\"]" "$prefix/include" "$prefix/share/ferry/examples" || true)
  [ -z "$users" ] || fail "installed files include the deprecated ferry/$old: $users"
done

# --- and the conformance suite passes it: its properties and its inferences
status=0
"$runfiles/testing/conformance/runner" --suite="$runfiles/testing/conformance/conformance_suite" \
  --device=OLDLAYOUT --plugin="$work/libold_layout_plugin.so" --filter='Plugin.*:InferRequest.*' \
  --timeout=60 --report="$work/report" > "$work/runner.txt" 2>&1 || status=$?
cat "$work/runner.txt"
[ "$status" -eq 0 ] || fail "the conformance runner did not pass the old-layout plugin (status $status)"
grep -q "^passed	Plugin.DeviceIsListedUnderItsRegisteredName$" "$work/report/results.tsv" ||
  fail "OLDLAYOUT, registered with --plugin, was not tested: $(cat "$work/report/results.tsv")"
echo "PASS"
