#!/usr/bin/env bash
# Installs Intel's OpenCL CPU runtime from PyPI into $FERRY_INTEL_OPENCL_DIR (default
# /opt/ferry/intel-opencl-rt-<version>) when it is not there; quiet, idempotent, fails loudly.
# The runtime's libraries land in <dir>/lib, beside the libintelocl.so an OpenCL ICD file names
# (testing/support/intel_opencl_in_test.cpp writes one per test).
set -euo pipefail

version=2026.2.0
dir="${FERRY_INTEL_OPENCL_DIR:-/opt/ferry/intel-opencl-rt-${version}}"
[[ -e "$dir/lib/libintelocl.so" ]] && exit 0

sudo_cmd=()
parent=$(dirname "$dir")
mkdir -p "$parent" 2>/dev/null || true
[[ -w "$parent" ]] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" mkdir -p "$parent"
partial="$dir.partial"
"${sudo_cmd[@]}" rm -rf "$partial"
echo "setup: installing Intel's OpenCL CPU runtime ${version} into ${dir}" >&2
if ! log=$("${sudo_cmd[@]}" python3 -m venv "$partial" 2>&1 &&
  "${sudo_cmd[@]}" "$partial/bin/pip" install -q --disable-pip-version-check --no-cache-dir \
    "intel-opencl-rt==${version}" "intel-cmplr-lib-rt==${version}" 2>&1); then
  echo "$log" >&2
  echo "setup: pip failed to install intel-opencl-rt ${version} into ${partial}" >&2
  exit 1
fi
[[ -e "$partial/lib/libintelocl.so" ]] || {
  echo "setup: intel-opencl-rt installed no lib/libintelocl.so under ${partial}" >&2
  exit 1
}
"${sudo_cmd[@]}" mv "$partial" "$dir"
