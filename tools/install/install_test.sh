#!/bin/bash
# Installs Ferry into a temporary prefix and uses it the way a developer outside Bazel does:
# the installed tools run, and the out-of-tree LOOP plugin + application build with
# g++ $(pkg-config --cflags --libs ferry) and with CMake find_package(Ferry), register LOOP
# through a plugins.xml, and compute the right outputs.
set -euo pipefail
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-${TEST_TMPDIR:-$(mktemp -d)}/pocl}"  # hermetic: PoCL kernel cache per test

fail() { echo "FAIL: $*" >&2; exit 1; }

prefix="$TEST_TMPDIR/prefix"
work="$TEST_TMPDIR/work"
rm -rf "$prefix" "$work"
mkdir -p "$work"

"$TEST_SRCDIR/ferry/tools/install/install" --prefix="$prefix" || fail "install failed"

# The installed programs must not find anything through Bazel's runfiles.
installed() { env -u TEST_SRCDIR -u RUNFILES_DIR -u RUNFILES_MANIFEST_FILE -u FERRY_PLUGINS_XML "$@"; }

# --- layout
for file in include/ferry/ferry.hpp include/ferry/plugin/plugin_entry.hpp include/ferry/graph/ops.hpp \
  include/ferry/base/shape.hpp include/ferry/value/tensor.hpp include/ferry/value/itensor.hpp include/ferry/runtime/core.hpp \
  include/ferry/compat/openvino.hpp include/ferry/graph/ir/ir_reader.hpp include/ferry/graph/onnx/onnx_reader.hpp \
  include/ferry/template/properties.hpp include/ferry/gpu/properties.hpp include/ferry/plugin/support/property_table.hpp \
  include/ferry/auto/properties.hpp include/ferry/hetero/properties.hpp lib/ferry/libferry_auto_plugin.so \
  lib/libferry.so lib/plugins.xml lib/ferry/libferry_template_plugin.so \
  lib/pkgconfig/ferry.pc lib/cmake/Ferry/FerryConfig.cmake lib/cmake/Ferry/FerryConfigVersion.cmake \
  bin/query_device bin/benchmark_app bin/ferry_run share/ferry/models/cnn.xml share/ferry/models/cnn.bin \
  share/ferry/examples/CMakeLists.txt; do
  [ -f "$prefix/$file" ] || fail "$file is not installed"
done
[ ! -L "$prefix/lib/libferry.so" ] || fail "lib/libferry.so is a symlink, not the library"
grep -q 'location="ferry/libferry_template_plugin.so"' "$prefix/lib/plugins.xml" ||
  fail "lib/plugins.xml does not list the template plugin relative to itself: $(cat "$prefix/lib/plugins.xml")"
readelf -d "$prefix/bin/query_device" | grep -q 'R.*PATH.*\$ORIGIN/../lib' || fail "bin/query_device has no \$ORIGIN/../lib RUNPATH"

# --- the installed tools find libferry.so and, next to it, plugins.xml
installed "$prefix/bin/query_device" > "$work/query_device.txt" || fail "query_device failed"
grep -q "^TEMPLATE" "$work/query_device.txt" || fail "query_device lists no TEMPLATE device: $(cat "$work/query_device.txt")"
grep -q "RO  FULL_DEVICE_NAME" "$work/query_device.txt" || fail "query_device prints no FULL_DEVICE_NAME"
installed "$prefix/bin/ferry_run" --runs 2 > "$work/ferry_run.txt" || fail "ferry_run failed: $(cat "$work/ferry_run.txt")"
grep -q "^Output probabilities" "$work/ferry_run.txt" || fail "ferry_run printed no output: $(cat "$work/ferry_run.txt")"
# The shipped CNN, found in share/ferry/models.
installed "$prefix/bin/ferry_run" --model cnn --runs 2 > "$work/ferry_run_cnn.txt" || fail "ferry_run --model cnn failed"
grep -q "^Output probs" "$work/ferry_run_cnn.txt" || fail "ferry_run --model cnn: $(cat "$work/ferry_run_cnn.txt")"
installed "$prefix/bin/benchmark_app" -m "$prefix/share/ferry/models/mlp.xml" -api sync -niter 3 \
  -report_json "$work/report.json" > "$work/benchmark.txt" || fail "benchmark_app failed"
grep -q '"count": 3,' "$work/report.json" || fail "benchmark_app's JSON has no count 3: $(cat "$work/report.json")"

# --- the example with g++ and pkg-config
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion ferry)" = "$(installed "$prefix/bin/query_device" --version)" ] || fail "ferry.pc has the wrong version"
example="$prefix/share/ferry/examples"
mkdir -p "$work/gxx"
# shellcheck disable=SC2046  # pkg-config's output is a list of flags
g++ -shared -fPIC -o "$work/gxx/libferry_loop_plugin.so" "$example"/loop_plugin/*.cpp $(pkg-config --cflags --libs ferry) &
plugin_build=$!
# shellcheck disable=SC2046
g++ -o "$work/gxx/run_on_loop" "$example/app/run_on_loop.cpp" $(pkg-config --cflags --libs ferry) || fail "g++ app"
wait "$plugin_build" || fail "g++ plugin"
cp "$example/plugins.xml" "$work/gxx/"
installed "$work/gxx/run_on_loop" "$work/gxx/plugins.xml" > "$work/gxx.txt" || fail "run_on_loop (g++): $(cat "$work/gxx.txt")"
grep -q "^OK" "$work/gxx.txt" || fail "run_on_loop (g++) did not say OK"
grep -q "Devices:.*LOOP" "$work/gxx.txt" || fail "run_on_loop (g++) did not list LOOP"

# --- every device's own keys, named by an application of the installed tree
cat > "$work/gxx/device_keys.cpp" <<'CPP'
#include <iostream>

#include "ferry/ferry.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/template/properties.hpp"

int main() {
  std::cout << ferry::gpu::copied_bytes.name() << ' ' << ferry::gpu::memory_statistics.name() << ' '
            << ferry::template_plugin::copied_bytes.name() << '\n';
}
CPP
# shellcheck disable=SC2046
g++ -o "$work/gxx/device_keys" "$work/gxx/device_keys.cpp" $(pkg-config --cflags --libs ferry) || fail "g++ device_keys"
[ "$(installed "$work/gxx/device_keys")" = "GPU_COPIED_BYTES GPU_MEMORY_STATISTICS TEMPLATE_COPIED_BYTES" ] ||
  fail "device keys from the installed headers: $(installed "$work/gxx/device_keys")"

# --- the AUTO snippets of OpenVINO's documentation (Automatic Device Selection, AUTO0/3/4/7 and
# the Python page's parts 5 and 6 in C++), compiled against the installed headers with only the
# include changed, run on the installed plugins (CPU, and GPU on whatever OpenCL device there is).
cat > "$work/gxx/auto_snippets.cpp" <<'CPP'
#include <iostream>

#include "ferry/auto/properties.hpp"  // openvino/runtime/auto/properties.hpp
#include "ferry/compat/openvino.hpp"  // openvino/openvino.hpp

// One inference on each compiled model; throws on failure.
void run(ov::CompiledModel& compiled) {
  ov::InferRequest request = compiled.create_infer_request();
  request.infer();
}

int main(int argc, char** argv) {
  ov::Core core;
  std::shared_ptr<ov::Model> model = core.read_model(argv[1]);
  // part0: the default candidates, a list, the list as a property, AUTO pre-configured.
  ov::CompiledModel model0 = core.compile_model(model);
  ov::CompiledModel model1 = core.compile_model(model, "AUTO");
  ov::CompiledModel model3 = core.compile_model(model, "AUTO:GPU,CPU");
  ov::CompiledModel model4 = core.compile_model(model, "AUTO", ov::device::priorities("GPU,CPU"));
  ov::CompiledModel model5 = core.compile_model(model, "AUTO:-GPU");
  core.set_property("AUTO", ov::device::priorities("GPU,CPU"));
  // part3: performance hints, CUMULATIVE_THROUGHPUT with a schedule policy.
  ov::CompiledModel compiled_model =
      core.compile_model(model, "AUTO", ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT));
  ov::CompiledModel compiled_mode2 =
      core.compile_model(model, "AUTO", ov::hint::performance_mode(ov::hint::PerformanceMode::LATENCY));
  ov::CompiledModel compiled_mode3 = core.compile_model(
      model, "AUTO", ov::hint::performance_mode(ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT),
      ov::intel_auto::schedule_policy(ov::intel_auto::SchedulePolicy::ROUND_ROBIN));
  // part4: model priorities.
  ov::CompiledModel compiled_model0 = core.compile_model(model, "AUTO", ov::hint::model_priority(ov::hint::Priority::HIGH));
  ov::CompiledModel compiled_model2 = core.compile_model(model, "AUTO", ov::hint::model_priority(ov::hint::Priority::LOW));
  // part5: each device's own configuration.
  ov::CompiledModel configured = core.compile_model(
      model, "AUTO", ov::device::priorities("GPU,CPU"),
      ov::device::properties("CPU", ov::hint::performance_mode(ov::hint::PerformanceMode::LATENCY), ov::enable_profiling(true)),
      ov::device::properties("GPU", ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT)));
  // part6: the log level, given and set.
  ov::CompiledModel logged = core.compile_model(model, "AUTO", ov::log::level(ov::log::Level::WARNING));
  core.set_property("AUTO", ov::log::level(ov::log::Level::WARNING));
  // The fallbacks and buffer binding (ov::intel_auto).
  ov::CompiledModel no_fallback = core.compile_model(model, "AUTO", ov::intel_auto::enable_startup_fallback(false),
                                                     ov::intel_auto::enable_runtime_fallback(false),
                                                     ov::intel_auto::device_bind_buffer(true));
  for (ov::CompiledModel* compiled : {&model0, &model1, &model3, &model4, &model5, &compiled_model, &compiled_mode2,
                                      &compiled_mode3, &compiled_model0, &compiled_model2, &configured, &logged,
                                      &no_fallback})
    run(*compiled);
  // part7: where the inferences run.
  ov::Any execution_devices = model3.get_property(ov::execution_devices);
  std::cout << "AUTO:GPU,CPU runs on " << execution_devices.as<std::string>() << "\nOK\n";
}
CPP
# shellcheck disable=SC2046
g++ -o "$work/gxx/auto_snippets" "$work/gxx/auto_snippets.cpp" $(pkg-config --cflags --libs ferry) || fail "g++ auto_snippets"
installed "$work/gxx/auto_snippets" "$prefix/share/ferry/models/mlp.xml" > "$work/auto_snippets.txt" 2>&1 ||
  fail "auto_snippets: $(cat "$work/auto_snippets.txt")"
grep -q "^OK" "$work/auto_snippets.txt" || fail "auto_snippets did not say OK: $(cat "$work/auto_snippets.txt")"

# --- the example with CMake find_package(Ferry)
cmake -S "$example" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake.txt" ||
  fail "cmake configure: $(cat "$work/cmake.txt")"
cmake --build "$work/cmake" -j 2 >> "$work/cmake.txt" || fail "cmake build: $(cat "$work/cmake.txt")"
installed "$work/cmake/run_on_loop" "$work/cmake/plugins.xml" > "$work/cmake_run.txt" || fail "run_on_loop (cmake)"
grep -q "^OK" "$work/cmake_run.txt" || fail "run_on_loop (cmake) did not say OK"

# find_package refuses a version of another major number.
mkdir -p "$work/version"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(v CXX)\nfind_package(Ferry 1999 REQUIRED)\n' > "$work/version/CMakeLists.txt"
if cmake -S "$work/version" -B "$work/version/build" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null 2>&1; then
  fail "find_package(Ferry 1999) accepted version $(pkg-config --modversion ferry)"
fi

echo "PASS"
