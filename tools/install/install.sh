#!/bin/bash
# Installs Ferry's developer package from Bazel's runfiles:
#
#   bazel run //:install -- --prefix=DIR
#
# DIR/include              public API + plugin SDK headers (core/include), device property headers
# DIR/lib/libferry.so      the core library; DIR/lib/plugins.xml lists the plugins below with
#                          locations relative to itself, so the Core finds them next to libferry.so
# DIR/lib/ferry/           the in-tree device plugins, and the simulated NPU's Level Zero driver
# DIR/lib/triton/ferry/    libtriton_ferry.so, the Triton Inference Server backend (serving/triton)
# DIR/lib/pkgconfig/ferry.pc, DIR/lib/cmake/Ferry/  for pkg-config and find_package(Ferry)
# DIR/bin/                 query_device, benchmark_app, ferry_run (RUNPATH $ORIGIN/../lib)
# DIR/share/ferry/         ferry_run's default models and the out-of-tree plugin example
set -euo pipefail

die() { echo "install: $*" >&2; exit 2; }

prefix=""
for arg in "$@"; do
  case "$arg" in
    --prefix=*) prefix="${arg#--prefix=}" ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown flag '$arg' (usage: --prefix=DIR)" ;;
  esac
done
[ -n "$prefix" ] || die "--prefix=DIR is required"
# Under `bazel run` the working directory is the runfiles tree: resolve against the user's.
case "$prefix" in
  /*) ;;
  *) prefix="${BUILD_WORKING_DIRECTORY:-$PWD}/$prefix" ;;
esac

# The runfiles root: set by `bazel run` / `bazel test`, else next to the script.
runfiles=""
for candidate in "${RUNFILES_DIR:-}" "${TEST_SRCDIR:-}" "$0.runfiles"; do
  if [ -n "$candidate" ] && [ -e "$candidate/ferry/core/libferry.so" ]; then runfiles="$candidate"; break; fi
done
[ -n "$runfiles" ] || die "cannot find the runfiles (run me with 'bazel run //:install -- --prefix=DIR')"
src="$runfiles/ferry"

# `install` follows Bazel's symlinks and copies the real files.
install -d "$prefix/bin" "$prefix/include" "$prefix/lib/ferry" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/Ferry" \
  "$prefix/share/ferry/models" "$prefix/share/ferry/examples"

# --- headers
while read -r from to; do
  [ -n "$from" ] && install -D -m 0644 "$src/$from" "$prefix/include/$to"
done < "$src/tools/install/headers.txt"

# --- libferry.so and the plugins, with a plugins.xml of relative locations
install -m 0755 "$src/core/libferry.so" "$prefix/lib/libferry.so"
in_tree_xml="$src/plugins/plugins.xml"
{
  echo "<ie>"
  echo "    <plugins>"
  grep -o '<plugin [^>]*>' "$in_tree_xml" | while read -r element; do
    name=$(sed -n 's/.* name="\([^"]*\)".*/\1/p' <<<"$element")
    location=$(sed -n 's/.* location="\([^"]*\)".*/\1/p' <<<"$element")
    [ -n "$name" ] && [ -n "$location" ] || die "cannot read '$element' in $in_tree_xml"
    library=$(basename "$location")
    install -m 0755 "$(dirname "$in_tree_xml")/$location" "$prefix/lib/ferry/$library"
    echo "        <plugin name=\"$name\" location=\"ferry/$library\"/>"
  done
  echo "    </plugins>"
  echo "</ie>"
} > "$prefix/lib/plugins.xml"

# --- tools, models, example
# Triton Inference Server's backend: tritonserver --backend-directory=<prefix>/lib/triton
# finds it as <backend-directory>/ferry/libtriton_ferry.so; its RUNPATH ($ORIGIN/../..) finds
# <prefix>/lib/libferry.so, and the Core the plugins.xml next to it.
install -D -m 0755 "$src/serving/triton/libtriton_ferry.so" "$prefix/lib/triton/ferry/libtriton_ferry.so"

# The simulated NPU (plugins/npu/simulator), a development and CI device: a Level Zero driver the
# loader takes only when asked, ZE_ENABLE_ALT_DRIVERS=<prefix>/lib/ferry/libze_ferry_npu_simulator.so.
install -m 0755 "$src/plugins/npu/simulator/libze_ferry_npu_simulator.so" "$prefix/lib/ferry/"

for tool in query_device benchmark_app ferry_run; do
  install -m 0755 "$src/tools/$tool" "$prefix/bin/$tool"
done
for model in cnn mlp; do
  install -m 0644 "$src/testing/models/openvino/$model.xml" "$src/testing/models/openvino/$model.bin" \
    "$prefix/share/ferry/models/"
done
(cd "$src/tools/install" && find example -type f -o -type l) | while read -r file; do
  install -D -m 0644 "$src/tools/install/$file" "$prefix/share/ferry/examples/${file#example/}"
done

# --- pkg-config and CMake files. The version is the installed library's own.
version=$(env -u FERRY_PLUGINS_XML "$prefix/bin/query_device" --version) || die "the installed query_device does not run"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" "$src/tools/install/ferry.pc.in" > "$prefix/lib/pkgconfig/ferry.pc"
install -m 0644 "$src/tools/install/FerryConfig.cmake" "$prefix/lib/cmake/Ferry/FerryConfig.cmake"
sed -e "s|@VERSION@|$version|g" -e "s|@VERSION_MAJOR@|${version%%.*}|g" \
  "$src/tools/install/FerryConfigVersion.cmake.in" > "$prefix/lib/cmake/Ferry/FerryConfigVersion.cmake"

# --- checks: the installed files find their libraries inside the prefix or on the system.
soname=$(readelf -d "$prefix/lib/libferry.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libferry.so" ] || die "lib/libferry.so has SONAME '$soname', expected libferry.so"
for binary in "$prefix"/bin/* "$prefix/lib/libferry.so" "$prefix/lib/triton/ferry/libtriton_ferry.so"; do
  if ldd "$binary" | grep -q "not found"; then
    ldd "$binary" >&2
    die "$binary: a library is not found"
  fi
done
# A plugin is loaded into a process that already holds libferry.so, so its NEEDED libferry.so is
# the one in lib/ (its own RUNPATH may not say so); every other NEEDED entry must resolve.
for plugin in "$prefix"/lib/ferry/*.so; do
  missing=$(ldd "$plugin" | grep "not found" | grep -v "^[[:space:]]*libferry.so " || true)
  [ -z "$missing" ] || die "$plugin: not found: $missing"
done

echo "Installed Ferry $version into $prefix"
