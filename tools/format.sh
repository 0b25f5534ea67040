#!/usr/bin/env bash
# Formats every C++ file git tracks with clang-format 14 and the root .clang-format.
#   bash tools/format.sh           rewrites the files that are not formatted
#   bash tools/format.sh --check   changes nothing; lists them and fails when there are any
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format-14}
command -v "$clang_format" >/dev/null || { echo "format: $clang_format not found (bash tools/setup.sh installs it)" >&2; exit 2; }

mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h' '*.cc')
if [[ ${1:-} == --check ]]; then
  # clang-format names each file that differs as "<file>:<line>:<col>: error: code should be
  # clang-formatted"; one process at a time, so that the reports do not interleave.
  mapfile -t unformatted < <(printf '%s\0' "${files[@]}" |
    xargs -0 -n 100 "$clang_format" --style=file --dry-run -Werror 2>&1 >/dev/null |
    sed -n 's/^\([^ :]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
  if ((${#unformatted[@]})); then
    printf 'format: not formatted: %s\n' "${unformatted[@]}" >&2
    echo "format: ${#unformatted[@]} file(s) differ from .clang-format; run: bash tools/format.sh" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files formatted"
else
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 -P 2 "$clang_format" --style=file -i
fi
