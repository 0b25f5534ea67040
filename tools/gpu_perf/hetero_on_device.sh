#!/bin/bash
# HETERO on the GPU machine (device tool), from the repository root, over a tree packed by
# pack_for_device.sh (with hetero_test in bin/): PyTorch exports ResNet-50 (torchvision,
# weights=None, seeded) to ONNX at static batch 1 and 32 (opset 17), then benchmark_app runs, 10 s
# each, every pair back to back and twice:
#   overhead: GPU.0 alone against HETERO:GPU.0,CPU, which the GPU runs whole (one subgraph):
#     batch 1 (sync, latency) and batch 32 (async, 4 requests);
#   two GPUs (when there are two): GPU.0 alone with 4 requests against HETERO:GPU.0,GPU.1 with
#     MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL with 4 and 8 requests, and MULTI:GPU.0,GPU.1
#     (the whole model on each GPU) with 8 for reference;
# then hetero_test on the GPU (its own memory: the copy counters' other case) and its
# PIPELINE_PARALLEL case on GPU.0,GPU.1, or GPU.0,CPU on one GPU (an even split and one forced by
# a memory budget, outputs against TEMPLATE). benchmark_app's FPS counts frames (batch x
# inferences). JSON reports and logs go to $OUT.
#
#   tools/gpu_perf/hetero_on_device.sh PACKED_DIR
set -uo pipefail
packed="$(realpath "${1:?usage: hetero_on_device.sh PACKED_DIR}")"
out="${OUT:-/tmp/hetero_on_device}"
work=/tmp/hetero_models
mkdir -p "$out" "$work" /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH="$packed/lib:$packed/deps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FERRY_PLUGINS_XML="$packed/lib/plugins.xml"
nvidia-smi --query-gpu=index,name,memory.total --format=csv | tee "$out/gpu.txt"
gpus=$(nvidia-smi -L | wc -l)
python3 - "$work" <<'PYTHON' || exit 1
import sys, torch, torchvision
torch.manual_seed(20261129)
model = torchvision.models.resnet50(weights=None).eval()
for batch in (1, 32):
    torch.onnx.export(model, (torch.randn(batch, 3, 224, 224),), f"{sys.argv[1]}/resnet50_b{batch}.onnx",
                      input_names=["x"], output_names=["y"], opset_version=17, dynamo=False)
PYTHON
run() {  # run NAME benchmark_app-flags...
  local name="$1"
  shift
  "$packed/bin/benchmark_app" -t 10 -report_json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1
  echo "$name (exit $?): $(grep -E 'Median|Throughput' "$out/$name.txt" | tr -s ' ' | tr '\n' ' ')"
}
b1="$work/resnet50_b1.onnx"
b32="$work/resnet50_b32.onnx"
pipeline="MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL"
for round in 1 2; do
  run "gpu_b1_$round" -m "$b1" -d GPU.0 -api sync
  run "hetero_b1_$round" -m "$b1" -d HETERO:GPU.0,CPU -api sync
  run "gpu_b32_$round" -m "$b32" -d GPU.0 -api async -nireq 4
  run "hetero_b32_$round" -m "$b32" -d HETERO:GPU.0,CPU -api async -nireq 4
done
# hetero_test on this machine's GPU (a device with its own memory: the copy counters' other case).
"$packed/bin/hetero_test" 2>&1 | tee "$out/hetero_test.txt" | tail -n 3
if [ "$gpus" -lt 2 ]; then
  FERRY_HETERO_PIPELINE_DEVICES=GPU.0,CPU "$packed/bin/hetero_test" --gtest_filter='HeteroPipelineParallel.*' \
    2>&1 | tee "$out/hetero_test_pipeline.txt" | tail -n 3
fi
if [ "$gpus" -ge 2 ]; then
  for round in 1 2; do
    run "gpu0_b32_$round" -m "$b32" -d GPU.0 -api async -nireq 4
    run "pipeline_b32_4_$round" -m "$b32" -d HETERO:GPU.0,GPU.1 -api async -nireq 4 -properties "$pipeline"
    run "pipeline_b32_8_$round" -m "$b32" -d HETERO:GPU.0,GPU.1 -api async -nireq 8 -properties "$pipeline"
    run "multi_b32_$round" -m "$b32" -d MULTI:GPU.0,GPU.1 -api async -nireq 8
  done
  FERRY_HETERO_PIPELINE_DEVICES=GPU.0,GPU.1 "$packed/bin/hetero_test" --gtest_filter='HeteroPipelineParallel.*' \
    2>&1 | tee "$out/hetero_test_pipeline.txt" | tail -n 3
fi
