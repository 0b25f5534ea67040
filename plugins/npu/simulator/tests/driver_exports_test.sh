#!/usr/bin/env bash
# The driver exports the loader's 53 table getters and nothing else: an exported API name
# (zeInit...) would bind the loader's own function and deadlock zeInit.
set -euo pipefail
library=$1
mapfile -t exported < <(nm -D --defined-only "$library" | awk '$2 ~ /^[TtWw]$/ {print $3}' | sort)
others=$(printf '%s\n' "${exported[@]}" | grep -v -E '^ze[ts]?Get[A-Za-z]+ProcAddrTable$' || true)
if [[ -n $others ]]; then
  echo "exports other than the table getters:" >&2
  echo "$others" >&2
  exit 1
fi
if ((${#exported[@]} != 53)); then
  echo "expected the 53 table getters of Level Zero 1.4, found ${#exported[@]}" >&2
  exit 1
fi
if nm -D --undefined-only "$library" | grep -q -E ' ze[A-Z]'; then
  echo "the driver references Level Zero API symbols (linked against the loader?)" >&2
  exit 1
fi
echo "exports: ${#exported[@]} table getters"
