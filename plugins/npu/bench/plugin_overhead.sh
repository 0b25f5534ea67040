#!/usr/bin/env bash
# The NPU plugin's overhead on the simulated NPU: a one-op model and ResNet-50 (f32, batch 1)
# through Ferry's Core and NPU plugin, against the same graph run through Level Zero and the
# graph extension alone, in one process (docs/PERFORMANCE.md, "NPU plugin overhead"):
#   bash plugins/npu/bench/plugin_overhead.sh [ITERATIONS=200]
# ResNet-50 comes from the engine benchmark's model writer (plugins/cpu/src/engine/benchmark,
# OpenVINO's Python API in ${FERRY_BENCH_VENV:-/tmp/ferry_npu_bench_venv}); $BAZEL overrides bazel.
set -euo pipefail
cd "$(dirname "$0")/../../.."
iterations=${1:-200}
venv=${FERRY_BENCH_VENV:-/tmp/ferry_npu_bench_venv}
models=${FERRY_BENCH_MODELS:-/tmp/ferry_npu_bench_models}
${BAZEL:-bazel} build -c opt //plugins/npu/bench:plugin_overhead //plugins:in_tree_plugins \
  //plugins/npu/simulator:libze_ferry_npu_simulator.so >&2
bin=bazel-bin/plugins/npu/bench/plugin_overhead
export ZE_ENABLE_ALT_DRIVERS="$PWD/bazel-bin/plugins/npu/simulator/libze_ferry_npu_simulator.so"
xml=bazel-bin/plugins/plugins.xml
"$bin" "$xml" - "$iterations"
if [[ ! -f $models/resnet50.xml ]]; then
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
  "$venv/bin/python" -c "import openvino, numpy" 2>/dev/null || "$venv/bin/pip" install -q openvino numpy
  mkdir -p "$models"
  "$venv/bin/python" plugins/cpu/src/engine/benchmark/make_models.py "$models"
fi
"$bin" "$xml" "$models/resnet50.xml" "$((iterations / 20 > 5 ? iterations / 20 : 5))"
