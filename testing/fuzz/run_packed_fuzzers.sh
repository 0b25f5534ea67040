#!/usr/bin/env bash
# Runs fuzz targets packed by pack_fuzzers.sh side by side, each with its own number of libFuzzer
# workers sharing one corpus folder, for SECONDS each; then prints, per target, the workers'
# executions summed, the largest coverage reached and every artifact (crash-, leak-, timeout-,
# oom-) with the log lines that explain it.
#   bash run.sh SECONDS NAME=WORKERS[=FLAGS] ...   (NAME: a folder of targets/; FLAGS: more
#   libFuzzer flags, comma-separated, e.g. -detect_leaks=0)
# Logs, artifacts and a summary go to $OUT (default ./fuzz_out).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="$1"
shift
out="${OUT:-$PWD/fuzz_out}"
mkdir -p "$out"
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LSAN_OPTIONS="suppressions=$here/lsan_suppressions.txt"
export ASAN_OPTIONS="intercept_tls_get_addr=0"
for spec in "$@"; do
  name="${spec%%=*}" workers="${spec#*=}" flags=()
  if [[ "$workers" == *=* ]]; then
    IFS=, read -ra flags <<<"${workers#*=}"
    workers="${workers%%=*}"
  fi
  dir="$here/targets/$name"
  mkdir -p "$out/$name/artifacts" "$out/$name/logs"
  (
    cd "$dir/$(cat "$dir/binary").runfiles/ferry" || exit 1  # where Bazel runs it: the Core finds the plugins there
    export POCL_CACHE_DIR="/tmp/pocl_cache_$name"
    mkdir -p "$POCL_CACHE_DIR"
    # -jobs runs WORKERS processes at once, each until -max_total_time; fuzz-N.log in the cwd.
    "$dir/$(cat "$dir/binary")" -jobs="$workers" -workers="$workers" -max_total_time="$seconds" \
      -rss_limit_mb=4096 -artifact_prefix="$out/$name/artifacts/" "${flags[@]}" "$dir/corpus" >"$out/$name/main.log" 2>&1
    mv fuzz-*.log "$out/$name/logs/" 2>/dev/null
  ) &
done
wait
{
  for spec in "$@"; do
    name="${spec%%=*}"
    execs=$(grep -hoE '^Done [0-9]+ runs' "$out/$name"/logs/*.log | awk '{s += $2} END {print s + 0}')
    cov=$(grep -hoE 'cov: [0-9]+' "$out/$name"/logs/*.log | awk '{if ($2 > m) m = $2} END {print m + 0}')
    artifacts=$(ls "$out/$name/artifacts" | wc -l)
    echo "$name workers=${spec#*=} seconds=$seconds executions=$execs max_cov=$cov artifacts=$artifacts corpus=$(ls "$here/targets/$name/corpus" | wc -l)"
    grep -hE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY|Test unit written' "$out/$name"/logs/*.log | head -20  || true
  done
} | tee "$out/summary.txt"
