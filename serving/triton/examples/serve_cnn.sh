#!/usr/bin/env bash
# Serves the shipped CNN (testing/models/openvino/cnn) through Ferry's Triton backend on
# 127.0.0.1 (HTTP 8000, gRPC 8001) until interrupted: installs Ferry into $FERRY_PREFIX
# (default /tmp/ferry) with Bazel and writes a model repository into $FERRY_PREFIX/models.
#   serving/triton/examples/serve_cnn.sh [DEVICE]      (default TEMPLATE; GPU, MULTI:GPU,TEMPLATE...)
set -euo pipefail
cd "$(dirname "$0")/../../.."
device="${1:-TEMPLATE}"
prefix="${FERRY_PREFIX:-/tmp/ferry}"
triton="${FERRY_TRITON_DIR:-/opt/ferry/triton-2.51}"
[[ -x "$triton/tools/tritonserver" ]] || bash serving/triton/setup_triton.sh
bazel run //:install -- --prefix="$prefix"
bash serving/triton/examples/add_cnn_model.sh "$prefix/models/cnn" "$device"
exec "$triton/tools/tritonserver" --model-repository="$prefix/models" --backend-directory="$prefix/lib/triton" \
  --http-address=127.0.0.1 --grpc-address=127.0.0.1 --allow-metrics=false
