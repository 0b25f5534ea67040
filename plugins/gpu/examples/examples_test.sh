#!/bin/bash
# Runs every example with the given plugins.xml; each must exit 0 and print its result line
# ("... as expected", or for the CUDA example without CUDA, Ferry's refusal naming the missing
# OpenCL extension).
#   examples_test.sh PLUGINS_XML EXAMPLE...
set -uo pipefail
plugins_xml="$1"
shift
export POCL_CACHE_DIR="${TEST_TMPDIR:-/tmp}/pocl"
mkdir -p "$POCL_CACHE_DIR"
failed=0
for example in "$@"; do
  name="$(basename "$example")"
  output="$("$example" "$plugins_xml" 2>&1)"
  status=$?
  echo "$output"
  if [ "$status" -ne 0 ]; then
    echo "FAIL: $name exited with $status"
    failed=1
  elif ! echo "$output" | grep -q -e "as expected" -e "cl_khr_external_memory"; then
    echo "FAIL: $name printed no result line"
    failed=1
  fi
done
exit "$failed"
