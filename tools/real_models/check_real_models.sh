#!/usr/bin/env bash
# Checks Ferry on real architectures (docs/MODELS.md): makes ResNet-50, MobileNetV2 and a 6-layer
# MiniLM-style encoder with random weights (make_real_models.py), with onnxruntime's outputs for
# the ONNX files and OpenVINO CPU's for the IR OpenVINO converts them to, then runs them on DEVICE
# through the ONNX backend-test runner (//testing/onnx:backend_tests) with the tolerance below.
#
#   bash tools/real_models/check_real_models.sh [DEVICE] [BATCH]      (defaults: TEMPLATE 1)
#
# Installs what it needs into the git-ignored .venv (torch CPU, torchvision, onnx, onnxruntime,
# openvino) on first use. Writes the models and the report under ${FERRY_REAL_MODELS:-/tmp/ferry_real_models}.
# $BAZEL overrides the bazel command and $BAZEL_FLAGS adds flags to its `run` (e.g. "-c opt").
set -euo pipefail
cd "$(dirname "$0")/../.."
device=${1:-TEMPLATE}
batch=${2:-1}
out=${FERRY_REAL_MODELS:-/tmp/ferry_real_models}
# Outputs of deep random-weight networks are O(1); 1e-3 relative with a 1e-4 absolute floor
# separates rounding-order differences from real errors.
rtol=1e-3
atol=1e-4

python=.venv/bin/python
[[ -x $python ]] || python3 -m venv .venv
if ! $python -c "import torch, torchvision, onnx, onnxruntime, openvino" 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check torch torchvision onnx onnxruntime openvino numpy
fi
rm -rf "$out/cases"
mkdir -p "$out/cases"
$python tools/real_models/make_real_models.py --out "$out/cases" --batch "$batch"
# A device whose graphs are static (NPU) gets the models reshaped to the data's batch first, as
# an application would.
static_shapes=()
[[ $device == NPU* ]] && static_shapes=(--reshape_to_data)
${BAZEL:-bazel} run ${BAZEL_FLAGS:-} //testing/onnx:backend_tests -- --device="$device" --data="$out" --dirs=cases "${static_shapes[@]}" \
  --expected_failures=none --min_passed=0 --rtol=$rtol --atol=$atol --report="$out/report" --jobs=1 --timeout=1200
