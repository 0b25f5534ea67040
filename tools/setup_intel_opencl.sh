#!/usr/bin/env bash
# Installs Intel's OpenCL CPU runtime from PyPI into $FERRY_INTEL_OPENCL_DIR (default
# /opt/ferry/intel-opencl-rt-<version>) when it is not there; quiet, idempotent, fails loudly.
# The runtime's libraries land in <dir>/lib, beside the libintelocl.so an OpenCL ICD file names
# (testing/support/intel_opencl_in_test.cpp writes one per test).
set -euo pipefail

version=2026.2.0
dir="${FERRY_INTEL_OPENCL_DIR:-/opt/ferry/intel-opencl-rt-${version}}"
[[ -e "$dir/lib/libintelocl.so" ]] && exit 0

source "$(dirname "$0")/venv_install.sh"
venv_install_partial "$dir" "Intel's OpenCL CPU runtime ${version}" \
  "intel-opencl-rt==${version}" "intel-cmplr-lib-rt==${version}"
partial="$dir.partial"
[[ -e "$partial/lib/libintelocl.so" ]] || {
  echo "setup: intel-opencl-rt installed no lib/libintelocl.so under ${partial}" >&2
  exit 1
}
"${sudo_cmd[@]}" mv "$partial" "$dir"
