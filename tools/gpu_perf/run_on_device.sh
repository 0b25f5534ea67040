#!/bin/bash
# Runs on the GPU machine (device tool), from the repository root, over a tree packed by
# pack_for_device.sh: registers NVIDIA's OpenCL driver with the ICD loader, lists the devices, runs
# the conformance suite on GPU, the micro-benchmarks (kernel_bench) and the comparison with
# PyTorch (compare_with_pytorch.py), writing logs and reports under $OUT.
#
#   tools/gpu_perf/run_on_device.sh PACKED_DIR [compare_with_pytorch.py flags...]
#
# FERRY_SKIP_CONFORMANCE=1 / FERRY_SKIP_KERNEL_BENCH=1 leave out those parts (a second call
# within the device's 10-minute limit per command).
set -uo pipefail
packed="$(realpath "${1:?usage: run_on_device.sh PACKED_DIR}")"
shift
out="${OUT:-/tmp/gpu_perf_out}"
mkdir -p "$out" /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH="$packed/lib:$packed/deps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv | tee "$out/gpu.txt"
"$packed/bin/query_device" 2>&1 | tee "$out/query_device.txt" | head -40
# The conformance suite on the GPU, with the skip list CI uses on PoCL.
[ -n "${FERRY_SKIP_CONFORMANCE:-}" ] ||
"$packed/bin/runner" --device=GPU --suite="$packed/bin/conformance_suite" --plugins_xml="$packed/lib/plugins.xml" \
  --skip="$(dirname "$0")/../../plugins/gpu/tests/conformance_skips.txt" --report=/tmp/gpu_conformance \
  --timeout=120 > "$out/conformance.txt" 2>&1
echo "conformance runner exit code: $?" | tee -a "$out/conformance.txt"
cp /tmp/gpu_conformance/report.md "$out/conformance_report.md" 2>/dev/null
tail -n 15 "$out/conformance.txt"
# The remote-tensor examples (plugins/gpu/examples) on the GPU.
for example in "$packed"/examples/*; do
  "$example" "$packed/lib/plugins.xml" 2>&1 | tee -a "$out/examples.txt"
  echo "$(basename "$example") exit code: ${PIPESTATUS[0]}" | tee -a "$out/examples.txt"
done
[ -n "${FERRY_SKIP_KERNEL_BENCH:-}" ] ||
FERRY_BENCH_DEVICE=GPU "$packed/bin/kernel_bench" --benchmark_min_time=0.3 \
  --benchmark_out="$out/kernel_bench.json" --benchmark_out_format=json 2>&1 | tee "$out/kernel_bench.txt"
python3 "$(dirname "$0")/compare_with_pytorch.py" --bench="$packed/bin/gpu_model_bench" --work=/tmp/gpu_perf_models \
  --report="$out/compare_with_pytorch.md" "$@" 2>&1 | tee "$out/compare_with_pytorch.txt"
