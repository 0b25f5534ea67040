#!/usr/bin/env bash
# Bazel's entry to the Triton tests (SCRIPT.py ARGS...): runs SCRIPT with the Python of the Triton
# environment that serving/triton/setup_triton.sh installs (tools/setup.sh calls it), passing the
# Triton folder first.
set -euo pipefail
triton_dir="${FERRY_TRITON_DIR:-/opt/ferry/triton-2.51}"
if [[ ! -x "$triton_dir/tools/tritonserver" ]]; then
  echo "no Triton Inference Server in $triton_dir: run tools/setup.sh (or serving/triton/setup_triton.sh)" >&2
  exit 1
fi
script="$TEST_SRCDIR/ferry/$1"
shift
exec "$triton_dir/bin/python" "$script" "$triton_dir" "$@"
