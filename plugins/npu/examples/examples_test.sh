#!/bin/bash
# Runs every NPU example on the simulated NPU with the given plugins.xml; each must exit 0 and
# print its result lines ("... as expected").
#   examples_test.sh SIMULATOR PLUGINS_XML EXAMPLE...
set -uo pipefail
ZE_ENABLE_ALT_DRIVERS="$(realpath "$1")"  # the loader wants an absolute path
export ZE_ENABLE_ALT_DRIVERS
plugins_xml="$2"
shift 2
failed=0
for example in "$@"; do
  name="$(basename "$example")"
  output="$("$example" "$plugins_xml" 2>&1)"
  status=$?
  echo "$output"
  if [ "$status" -ne 0 ]; then
    echo "FAIL: $name exited with $status"
    failed=1
  elif ! echo "$output" | grep -q "as expected"; then
    echo "FAIL: $name printed no result line"
    failed=1
  fi
done
exit "$failed"
