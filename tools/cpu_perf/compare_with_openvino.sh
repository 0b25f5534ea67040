#!/usr/bin/env bash
# Ferry's CPU device against OpenVINO's CPU plugin and onnxruntime, on the same models in one run:
# ResNet-50, MobileNetV2 and the MiniLM encoder (sequence 128) from tools/real_models (random
# weights), at batch 1 (latency: one synchronous request, PERFORMANCE_HINT=LATENCY) and batch 8
# (throughput: asynchronous requests, PERFORMANCE_HINT=THROUGHPUT; onnxruntime: one session's
# batch over its latency).
#
#   bash tools/cpu_perf/compare_with_openvino.sh [SECONDS=10]
#
# FERRY_CPU_PERF_PRECISION (default f32) is both runtimes' -infer_precision (bf16: on a processor
# with bf16 instructions); FERRY_CPU_PERF_BATCHES (default "1 8") the batches measured;
# FERRY_CPU_PERF_REPEATS (default 1) how many times each row runs (the medians are printed);
# FERRY_CPU_PERF_ONLY (default "resnet50 mobilenet_v2 minilm") the models measured.
#
# Ferry's benchmark_app and OpenVINO's benchmark_app run the same IR (OpenVINO's conversion of
# the ONNX file); onnxruntime runs the ONNX file. Installs torch, onnx, onnxruntime and openvino
# into the git-ignored .venv on first use (as check_real_models.sh does); models go to
# ${FERRY_CPU_PERF_MODELS:-/tmp/ferry_cpu_perf}. $BAZEL overrides the bazel command. Prints the
# machine's load before and after: record it with the figures (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
precision=${FERRY_CPU_PERF_PRECISION:-f32}
batches=${FERRY_CPU_PERF_BATCHES:-1 8}
repeats=${FERRY_CPU_PERF_REPEATS:-1}
models=${FERRY_CPU_PERF_ONLY:-resnet50 mobilenet_v2 minilm}
out=${FERRY_CPU_PERF_MODELS:-/tmp/ferry_cpu_perf}
python=.venv/bin/python
[[ -x $python ]] || python3 -m venv .venv
if ! $python -c "import torch, torchvision, onnx, onnxruntime, openvino" 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check torch torchvision onnx onnxruntime openvino numpy
fi
if [[ ! -f $out/minilm_ir/model.xml ]]; then
  mkdir -p "$out"
  $python tools/real_models/make_real_models.py --out "$out" --batch 1 >&2
fi
${BAZEL:-bazel} build -c opt //tools:benchmark_app //plugins:in_tree_plugins >&2
ferry_app=bazel-bin/tools/benchmark_app
openvino_app=.venv/bin/benchmark_app

# shape MODEL BATCH: benchmark_app's -shape for the model at BATCH.
shape() {
  case $1 in
    minilm) echo "input_ids[$2,128],attention_mask[$2,128]" ;;
    *) echo "[$2,3,224,224]" ;;
  esac
}

# layout MODEL: OpenVINO benchmark_app's -layout, which tells it the batch (it counts frames per
# batch item only where it knows which dimension is the batch).
layout() {
  case $1 in
    minilm) echo "input_ids[N?],attention_mask[N?]" ;;
    *) echo "[NCHW]" ;;
  esac
}

# Ferry's report: median latency and throughput from its JSON.
ferry_run() {
  local model=$1 batch=$2 mode=$3
  local flags=(-api sync -hint latency)
  [[ $mode == throughput ]] && flags=(-api async -hint throughput)
  "$ferry_app" -m "$out/${model}_ir/model.xml" -d CPU -shape "$(shape "$model" "$batch")" "${flags[@]}" \
    -infer_precision "$precision" -t "$seconds" -report_json "$out/ferry.json" > /dev/null
  $python -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["latency_ms"]["median"], r["throughput_fps"])' \
    "$out/ferry.json"
}

# OpenVINO's report: median latency and throughput from its output.
openvino_run() {
  local model=$1 batch=$2 mode=$3
  local flags=(-api sync -hint latency)
  [[ $mode == throughput ]] && flags=(-api async -hint throughput)
  "$openvino_app" -m "$out/${model}_ir/model.xml" -d CPU -shape "$(shape "$model" "$batch")" \
    -layout "$(layout "$model")" "${flags[@]}" -infer_precision "$precision" -t "$seconds" > "$out/openvino.txt"
  $python - "$out/openvino.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
median = re.search(r"Median:\s+([0-9.]+) ms", text).group(1)
fps = re.search(r"Throughput:\s+([0-9.]+) FPS", text).group(1)
print(median, fps)
PY
}

echo "precision: $precision, $repeats repeat(s) per row; load before: $(cat /proc/loadavg)"
printf '%-13s %5s %10s %10s %10s %10s %10s %10s\n' model batch "Ferry ms" "OV ms" "ORT ms" "Ferry fps" "OV fps" "ORT fps"
for model in $models; do
  for batch in $batches; do
    mode=latency
    [[ $batch -gt 1 ]] && mode=throughput
    # Each repeat runs the three back to back; the row shows each column's median.
    runs=()
    for ((repeat = 0; repeat < repeats; ++repeat)); do
      read -r ferry_ms ferry_fps < <(ferry_run "$model" "$batch" "$mode")
      read -r openvino_ms openvino_fps < <(openvino_run "$model" "$batch" "$mode")
      ort=$($python tools/cpu_perf/onnxruntime_latency.py "$out/${model}_onnx/model.onnx" "$batch" "$seconds")
      read -r ort_ms ort_fps < <($python -c 'import json,sys; r=json.loads(sys.argv[1]); print(r["latency_ms"], r["fps"])' "$ort")
      runs+=("$ferry_ms $openvino_ms $ort_ms $ferry_fps $openvino_fps $ort_fps")
    done
    read -r ferry_ms openvino_ms ort_ms ferry_fps openvino_fps ort_fps < <($python -c '
import statistics, sys
rows = [[float(v) for v in run.split()] for run in sys.argv[1:]]
print(*[statistics.median(column) for column in zip(*rows)])' "${runs[@]}")
    printf '%-13s %5s %10.2f %10.2f %10.2f %10.1f %10.1f %10.1f\n' "$model" "$batch" "$ferry_ms" "$openvino_ms" \
      "$ort_ms" "$ferry_fps" "$openvino_fps" "$ort_fps"
  done
done
echo "load after: $(cat /proc/loadavg)"
