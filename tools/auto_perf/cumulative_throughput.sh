#!/bin/bash
# AUTO's CUMULATIVE_THROUGHPUT against each device alone, in one run (issue 31): benchmark_app with
# asynchronous requests on CPU, GPU and the simulated NPU one at a time (THROUGHPUT hint), then on
# AUTO:CPU,GPU,NPU with CUMULATIVE_THROUGHPUT, on the shipped CNN. Prints frames per second and
# AUTO's ratio to the best single device.
#
#   tools/auto_perf/cumulative_throughput.sh [PREFIX]   PREFIX: an install tree (bin/benchmark_app,
#                                                        lib/ferry/libze_ferry_npu_simulator.so);
#                                                        default: bazel run -c opt //:install here
# $CUMULATIVE_SECONDS (default 10) is each run's duration, $CUMULATIVE_MODEL another model file.
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
  prefix="$(realpath "$1")"
else
  cd "$(dirname "$0")/../.."
  prefix="$work/prefix"
  bazel run -c opt ${BAZEL_FLAGS:-} //:install -- --prefix="$prefix" >/dev/null 2>&1
fi
model="${CUMULATIVE_MODEL:-$prefix/share/ferry/models/cnn.xml}"
seconds="${CUMULATIVE_SECONDS:-10}"
export ZE_ENABLE_ALT_DRIVERS="$prefix/lib/ferry/libze_ferry_npu_simulator.so"
export POCL_CACHE_DIR="$work/pocl"

fps_of() {
  local device="$1" hint="$2"
  "$prefix/bin/benchmark_app" -m "$model" -d "$device" -api async -hint "$hint" -t "$seconds" > "$work/out" 2>&1 || {
    echo "benchmark_app -d $device failed:" >&2
    cat "$work/out" >&2
    exit 1
  }
  sed -n 's/^Throughput: *\([0-9.]*\) FPS.*/\1/p' "$work/out"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "model: $model, ${seconds} s per run"
best=0
best_device=""
for device in CPU GPU NPU; do
  fps="$(fps_of "$device" throughput)"
  printf '%-18s %-22s %10s FPS\n' "$device" THROUGHPUT "$fps"
  if awk -v a="$fps" -v b="$best" 'BEGIN {exit !(a > b)}'; then
    best="$fps"
    best_device="$device"
  fi
done
fps="$(fps_of AUTO:CPU,GPU,NPU cumulative_throughput)"
printf '%-18s %-22s %10s FPS  (%.2fx the best single device, %s)\n' AUTO:CPU,GPU,NPU CUMULATIVE_THROUGHPUT "$fps" \
  "$(awk -v a="$fps" -v b="$best" 'BEGIN {print a / b}')" "$best_device"
