#!/bin/bash
# AUTO on the GPU machine (device tool), from the repository root, over a tree packed by
# pack_for_device.sh: the time from compile_model to the first result on CPU, GPU, AUTO:GPU,CPU
# and AUTO (tools/auto_perf/first_result.sh: cold kernel caches, the shipped CNN and ResNet-50, nine
# rounds),
# then what AUTO adds to each inference of a model the GPU runs: ferry_run's median latency of
# ResNet-50 (batch 1, 300 runs) on GPU alone and on AUTO:GPU (AUTO's request over the GPU's; no
# CPU to stand in, so every timed run is the GPU's), in turn, three rounds.
#
#   tools/gpu_perf/auto_on_device.sh PACKED_DIR
set -uo pipefail
packed="$(realpath "${1:?usage: auto_on_device.sh PACKED_DIR}")"
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH="$packed/lib:$packed/deps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FERRY_PLUGINS_XML="$packed/lib/plugins.xml"
nvidia-smi --query-gpu=index,name,memory.total --format=csv
FIRST_RESULT_REPEATS="${FIRST_RESULT_REPEATS:-9}" bash "$(dirname "$0")/../auto_perf/first_result.sh" "$packed"
echo "--- ResNet-50 batch 1, median of 300 inferences"
for round in 1 2 3; do
  for device in GPU AUTO:GPU; do
    line="$("$packed/bin/ferry_run" --model resnet50 --runs 300 --device "$device" 2>&1 | grep -E '^Latency')"
    echo "round $round $device: $line"
  done
done
