#!/usr/bin/env bash
# Installs what Ferry needs on Debian 12: only what is missing, quietly; fails loudly.
set -euo pipefail

packages=(
  bazel-bootstrap g++ clang-14 libclang-rt-14-dev clang-15 clang-format-14 pkg-config cmake
  libabsl-dev libgtest-dev libgmock-dev libbenchmark-dev
  opencl-headers opencl-clhpp-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  libze-dev libze1 libva-dev libdnnl-dev
  libprotobuf-dev protobuf-compiler libpugixml-dev libonnx-dev libonnx-testdata python3-venv
  nlohmann-json3-dev libb64-0d libssl-dev
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  if ! log=$("${sudo_cmd[@]}" apt-get update -qq 2>&1 && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" 2>&1); then
    echo "$log" >&2
    echo "setup: apt-get failed to install: ${missing[*]}" >&2
    exit 1
  fi
fi

# Intel's OpenCL CPU runtime (PyPI), a second OpenCL implementation for the GPU plugin's tests:
# unlike PoCL it has cl_intel_unified_shared_memory (//plugins/gpu:intel_opencl_test). Not
# registered in /etc/OpenCL/vendors: only the tests that ask for it load it.
bash "$(dirname "$0")/setup_intel_opencl.sh"

# Triton Inference Server 2.51 with its clients and perf_analyzer (PyPI), for Ferry's Triton
# backend (serving/triton): its end-to-end test serves models with it.
bash "$(dirname "$0")/../serving/triton/setup_triton.sh"
