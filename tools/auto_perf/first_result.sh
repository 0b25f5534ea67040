#!/bin/bash
# The time from compile_model to the first result, on AUTO against the devices alone (issue 31):
# ferry_run (compile, then one inference; it prints both times and the output's top 5) in a fresh
# process per run, with cold kernel caches (a new POCL_CACHE_DIR; CUDA_CACHE_DISABLE=1 for
# NVIDIA's OpenCL compiler), for the README's models: the shipped CNN and ResNet-50 (made in
# memory). A result counts as correct when its top 5 classes are CPU's.
#
#   tools/auto_perf/first_result.sh [PREFIX]     PREFIX: an install tree (bin/ferry_run); default:
#                                                 bazel build -c opt //tools:ferry_run here
# $FIRST_RESULT_DEVICES (default "CPU GPU AUTO:GPU,CPU AUTO"; CPU first: the others' ratio is to
# it) and $FIRST_RESULT_REPEATS (rounds, default 5; medians are printed, the total's is the median
# of each round's compile + first inference) and $FIRST_RESULT_MODELS (default "cnn resnet50")
# choose the runs.
set -euo pipefail
if [ $# -ge 1 ]; then
  ferry_run="$(realpath "$1")/bin/ferry_run"
else
  cd "$(dirname "$0")/../.."
  bazel build -c opt ${BAZEL_FLAGS:-} //tools:ferry_run >/dev/null 2>&1
  ferry_run="$(bazel info -c opt bazel-bin)/tools/ferry_run/ferry_run"
  [ -x "$ferry_run" ] || ferry_run="$(bazel info -c opt bazel-bin)/tools/ferry_run"
fi
devices="${FIRST_RESULT_DEVICES:-CPU GPU AUTO:GPU,CPU AUTO}"
repeats="${FIRST_RESULT_REPEATS:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %-14s %-10s %12s %12s %12s %8s  %s\n' model device ran_on compile_ms first_ms total_ms vs_cpu top5
# Each round runs every device once, in turn, so that drift in the machine's state (page cache,
# other load) reaches every device alike; each device's median over the rounds is printed.
for model in ${FIRST_RESULT_MODELS:-cnn resnet50}; do
  for ((r = 0; r < repeats; ++r)); do
    for device in $devices; do
      key="$(echo "$device" | tr ':,' '__')"
      cache="$work/pocl.$key.$r"
      mkdir -p "$cache"
      args=(--model "$model" --runs 1)
      [ "$device" = AUTO ] || args+=(--device "$device")
      POCL_CACHE_DIR="$cache" CUDA_CACHE_DISABLE=1 "$ferry_run" "${args[@]}" > "$work/out.$key" 2>&1 || {
        echo "ferry_run --model $model --device $device failed:" >&2
        cat "$work/out.$key" >&2
        exit 1
      }
      rm -rf "$cache"
      sed -n 's/^Compiled in \([0-9.]*\) ms.*/\1/p' "$work/out.$key" >> "$work/compile.$key"
      sed -n 's/^Latency: first inference \([0-9.]*\) ms.*/\1/p' "$work/out.$key" >> "$work/first.$key"
    done
  done
  cpu_total=""
  cpu_top=""
  for device in $devices; do
    key="$(echo "$device" | tr ':,' '__')"
    ran_on="$(sed -n 's/^First inference on: \(.*\)/\1/p' "$work/out.$key")"
    [ -n "$ran_on" ] || ran_on="$(sed -n 's/^Device: \([^ ]*\).*/\1/p' "$work/out.$key")"
    top="$(sed -n 's/.*top 5 classes (of item 0): //p' "$work/out.$key" | head -1 | grep -o '[0-9]* (' | tr -d ' (' | tr '\n' ' ')"
    compile_ms="$(median < "$work/compile.$key")"
    first_ms="$(median < "$work/first.$key")"
    total="$(paste -d+ "$work/compile.$key" "$work/first.$key" | awk -F+ '{print $1 + $2}' | median)"
    if [ "$device" = CPU ]; then
      cpu_total="$total"
      cpu_top="$top"
    fi
    ratio="-"
    [ -n "$cpu_total" ] && ratio="$(awk -v a="$total" -v b="$cpu_total" 'BEGIN {printf "%.2fx", a / b}')"
    verdict="same as CPU"
    [ -n "$cpu_top" ] && [ "$top" != "$cpu_top" ] && verdict="DIFFERS from CPU: $top"
    printf '%-9s %-14s %-10s %12.1f %12.1f %12.1f %8s  %s\n' "$model" "$device" "$ran_on" "$compile_ms" "$first_ms" \
      "$total" "$ratio" "$verdict"
    rm -f "$work/compile.$key" "$work/first.$key"
  done
done
