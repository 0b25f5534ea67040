#!/bin/bash
# Packs what tools/gpu_perf/run_on_device.sh needs on a machine without Ferry's build tools: an
# optimised install tree (bazel run -c opt //:install) plus the GPU benchmarks and the conformance
# runner and suite, and in DIR/deps
# every shared library they load that a bare Ubuntu lacks (abseil, protobuf, pugixml, Google
# Benchmark, the OpenCL ICD loader).
#
#   tools/gpu_perf/pack_for_device.sh DIR
# $BAZEL overrides the bazel command (e.g. "bazel --output_user_root=/tmp/other" to build beside
# a busy server) and $BAZEL_FLAGS adds build flags (e.g. --symlink_prefix=/ to leave the
# workspace's bazel-* links alone).
set -euo pipefail
dir="${1:?usage: pack_for_device.sh DIR}"
cd "$(dirname "$0")/../.."
rm -rf "$dir"
mkdir -p "$dir/deps"
bazel=(${BAZEL:-bazel})
"${bazel[@]}" run -c opt ${BAZEL_FLAGS:-} //:install -- --prefix="$(realpath "$dir")" >/dev/null
examples="user_kernel_input application_context queue_sharing usm_tensors low_level_api cuda_memory_interop nv12_preprocessing nv12_image_planes host_memory_tensors"
"${bazel[@]}" build -c opt ${BAZEL_FLAGS:-} //plugins/gpu/bench:gpu_model_bench //plugins/gpu/bench:kernel_bench \
  //plugins/gpu/bench:nv12_frame_bench \
  //testing/conformance:runner //testing/conformance:conformance_suite //plugins/hetero:hetero_test \
  $(printf ' //plugins/gpu/examples:%s' $examples)
bin="$("${bazel[@]}" info -c opt bazel-bin)"
cp -f "$bin/plugins/gpu/bench/gpu_model_bench" "$bin/plugins/gpu/bench/kernel_bench" \
  "$bin/plugins/gpu/bench/nv12_frame_bench" "$bin/testing/conformance/runner" \
  "$bin/testing/conformance/conformance_suite" "$bin/plugins/hetero/hetero_test" "$dir/bin/"
# hetero_test (a cc_test) links its test libraries dynamically from Bazel's _solib: they go to
# deps (libferry.so is the install tree's).
ldd "$bin/plugins/hetero/hetero_test" | awk '/=> \//{print $3}' | grep "/_solib_" | grep -v "/libferry.so$" |
  while read -r lib; do cp -L "$lib" "$dir/deps/"; done
mkdir -p "$dir/examples"
for example in $examples; do cp -f "$bin/plugins/gpu/examples/$example" "$dir/examples/"; done
chmod u+w "$dir"/examples/*
chmod u+w "$dir"/bin/* "$dir"/lib/*.so "$dir"/lib/ferry/*.so
# Libraries from the system, except the C/C++ runtime every Linux has.
for binary in "$dir"/bin/* "$dir"/examples/* "$dir"/lib/*.so "$dir"/lib/ferry/*.so; do
  LD_LIBRARY_PATH="$dir/lib" ldd "$binary" 2>/dev/null | awk '/=> \//{print $3}'
done | sort -u | grep -v -E "/(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so" |
  grep -v "^$(realpath "$dir")" | while read -r lib; do cp -L "$lib" "$dir/deps/"; done
strip --strip-unneeded "$dir"/bin/* "$dir"/examples/* "$dir"/lib/*.so "$dir"/lib/ferry/*.so "$dir"/deps/*.so* 2>/dev/null || true
du -sh "$dir"
