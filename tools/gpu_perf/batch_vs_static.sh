#!/bin/bash
# Automatic batching against a static batch on the GPU machine (device tool), from the repository
# root, over a tree packed by pack_for_device.sh: PyTorch exports ResNet-50 (torchvision,
# weights=None, seeded) to ONNX at static batch 1 and 8 (opset 17), then benchmark_app runs, each
# for 10 s with the THROUGHPUT hint unless named:
#   static batch 8 on GPU;
#   batch 1 on BATCH:GPU(8) (requests grouped 8 at a time);
#   batch 1 on GPU with the THROUGHPUT hint (automatic batching when OPTIMAL_BATCH_SIZE > 1);
#   batch 1 on GPU, no hint (no batching), 2 streams and 4 requests.
# benchmark_app's FPS counts frames (batch x inferences). JSON reports and logs go to $OUT.
#
#   tools/gpu_perf/batch_vs_static.sh PACKED_DIR
set -uo pipefail
packed="$(realpath "${1:?usage: batch_vs_static.sh PACKED_DIR}")"
out="${OUT:-/tmp/batch_vs_static}"
work=/tmp/batch_vs_static_models
mkdir -p "$out" "$work" /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH="$packed/lib:$packed/deps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
python3 - "$work" <<'PYTHON' || exit 1
import sys, torch, torchvision
torch.manual_seed(20261125)
model = torchvision.models.resnet50(weights=None).eval()
for batch in (1, 8):
    torch.onnx.export(model, (torch.randn(batch, 3, 224, 224),), f"{sys.argv[1]}/resnet50_b{batch}.onnx",
                      input_names=["x"], output_names=["y"], opset_version=17, dynamo=False)
PYTHON
run() {  # run NAME benchmark_app-flags...
  local name="$1"
  shift
  "$packed/bin/benchmark_app" -t 10 -report_json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1
  echo "$name (exit $?): $(grep -E 'Throughput|API' "$out/$name.txt" | tr '\n' ' ')"
}
run static_b8_gpu -m "$work/resnet50_b8.onnx" -d GPU -hint throughput
run b1_batch_gpu8 -m "$work/resnet50_b1.onnx" -d "BATCH:GPU(8)" -hint throughput
run b1_gpu_throughput -m "$work/resnet50_b1.onnx" -d GPU -hint throughput
run b1_gpu_2streams -m "$work/resnet50_b1.onnx" -d GPU -hint none -nstreams 2 -nireq 4
