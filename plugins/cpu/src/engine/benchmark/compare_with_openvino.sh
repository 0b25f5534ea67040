#!/usr/bin/env bash
# The NPU simulator's engine against OpenVINO's CPU plugin on ResNet-50 and MobileNetV2 (f32,
# random weights) at batch 1 and 8, on the same IR in the same run:
#   bash plugins/cpu/src/engine/benchmark/compare_with_openvino.sh [ITERATIONS=20]
# Installs openvino into ${FERRY_BENCH_VENV:-/tmp/ferry_npu_bench_venv} on first use; writes the
# models to ${FERRY_BENCH_MODELS:-/tmp/ferry_npu_bench_models}. $BAZEL overrides the bazel command.
set -euo pipefail
cd "$(dirname "$0")/../../../../.."
iterations=${1:-20}
venv=${FERRY_BENCH_VENV:-/tmp/ferry_npu_bench_venv}
models=${FERRY_BENCH_MODELS:-/tmp/ferry_npu_bench_models}
here=plugins/cpu/src/engine/benchmark
[[ -x $venv/bin/python ]] || python3 -m venv "$venv"
"$venv/bin/python" -c "import openvino, numpy" 2>/dev/null || "$venv/bin/pip" install -q openvino numpy
mkdir -p "$models"
[[ -f $models/mobilenet_v2.xml ]] || "$venv/bin/python" "$here/make_models.py" "$models"
${BAZEL:-bazel} build -c opt //plugins/cpu/src/engine:engine_benchmark >&2
engine=bazel-bin/plugins/cpu/src/engine/engine_benchmark

# ratio: engine latency / OpenVINO latency (at batch 8 also OpenVINO's throughput / the engine's).
uptime >&2
printf '%-13s %5s %11s %13s %11s %13s %8s\n' model batch "engine ms" "OpenVINO ms" "engine fps" "OpenVINO fps" ratio
for model in resnet50 mobilenet_v2; do
  for batch in 1 8; do
    ours=$("$engine" "$models/$model.xml" "$batch" "$iterations")
    theirs=$("$venv/bin/python" "$here/openvino_latency.py" "$models/$model.xml" "$batch" "$iterations")
    python3 - "$model" "$batch" "$ours" "$theirs" <<'PY'
import json, sys
model, batch, ours, theirs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
print(f"{model:<13} {batch:>5} {ours['latency_ms']:>11.2f} {theirs['latency_ms']:>13.2f} {ours['fps']:>11.1f} "
      f"{theirs['fps']:>13.1f} {ours['latency_ms'] / theirs['latency_ms']:>7.2f}x")
PY
  done
done
