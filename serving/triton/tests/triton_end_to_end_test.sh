#!/usr/bin/env bash
# Bazel's entry to triton_end_to_end_test.py: runs it with the Python of the Triton environment
# that serving/triton/setup_triton.sh installs (tools/setup.sh calls it).
set -euo pipefail
triton_dir="${FERRY_TRITON_DIR:-/opt/ferry/triton-2.51}"
if [[ ! -x "$triton_dir/tools/tritonserver" ]]; then
  echo "no Triton Inference Server in $triton_dir: run tools/setup.sh (or serving/triton/setup_triton.sh)" >&2
  exit 1
fi
exec "$triton_dir/bin/python" "$TEST_SRCDIR/ferry/serving/triton/tests/triton_end_to_end_test.py" "$triton_dir" "$@"
