#!/usr/bin/env bash
# Installs Triton Inference Server (the tritonserver inside PyPI's nvidia-pytriton wheel), its
# Python clients and perf_analyzer into a virtual environment at $FERRY_TRITON_DIR (default
# /opt/ferry/triton-2.51) when it is not there; quiet, idempotent, fails loudly. Called by
# tools/setup.sh. Afterwards:
#   <dir>/tools/tritonserver    the server (CPU only here; CUDA warnings are harmless)
#   <dir>/tools/perf_analyzer   perf_analyzer, with the CUDA runtime library it links
#   <dir>/bin/python            a Python with tritonclient[http,grpc] and numpy
set -euo pipefail

dir="${FERRY_TRITON_DIR:-/opt/ferry/triton-2.51}"
[[ -x "$dir/tools/tritonserver" && -x "$dir/tools/perf_analyzer" ]] && exit 0

packages=(nvidia-pytriton==0.7.0 "tritonclient[http,grpc]==2.51.0" perf-analyzer==0.1.0
  nvidia-cuda-runtime-cu12==12.9.79 numpy==1.26.4)

source "$(dirname "$0")/../../tools/venv_install.sh"
venv_install_partial "$dir" "Triton Inference Server 2.51 (nvidia-pytriton 0.7.0)" "${packages[@]}"
partial="$dir.partial"
site=$(echo "$partial"/lib/python3*/site-packages)
server="$site/pytriton/tritonserver/bin/tritonserver"
[[ -f "$server" ]] || {
  echo "setup: nvidia-pytriton installed no tritonserver under ${site}" >&2
  exit 1
}
# Paths below are written for the final location, $dir.
final_site="$dir/${site#"$partial"/}"
"${sudo_cmd[@]}" chmod +x "$server"  # wheels may drop the executable bit
"${sudo_cmd[@]}" mkdir -p "$partial/tools"
"${sudo_cmd[@]}" ln -s "$final_site/pytriton/tritonserver/bin/tritonserver" "$partial/tools/tritonserver"
printf '#!/bin/sh\nLD_LIBRARY_PATH="%s/nvidia/cuda_runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "%s/bin/perf_analyzer" "$@"\n' \
  "$final_site" "$dir" | "${sudo_cmd[@]}" tee "$partial/tools/perf_analyzer" >/dev/null
"${sudo_cmd[@]}" chmod +x "$partial/tools/perf_analyzer"
"${sudo_cmd[@]}" mv "$partial" "$dir"
"$dir/tools/perf_analyzer" --version >/dev/null || {
  echo "setup: $dir/tools/perf_analyzer does not run (ldd it: a system library may be missing)" >&2
  exit 1
}
