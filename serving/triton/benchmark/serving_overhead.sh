#!/usr/bin/env bash
# Ferry served by Triton against Ferry in-process, on one machine, in one run:
#   perf_analyzer (HTTP, batch 1) at concurrency 1, 4 and 16 against tritonserver serving the
#   shipped CNN through libtriton_ferry.so (max_batch_size 8, dynamic batching, 2 instances),
#   and benchmark_app on the same model: -api sync -hint latency (one request at a time) and
#   -api async -hint throughput. Prints a markdown table (docs/SERVING.md keeps one).
#
#   serving/triton/benchmark/serving_overhead.sh [--devices "TEMPLATE GPU"] [--seconds N]
#
# Needs tools/setup.sh's Triton environment ($FERRY_TRITON_DIR, default /opt/ferry/triton-2.51)
# and builds Ferry's install package with Bazel.
set -euo pipefail
cd "$(dirname "$0")/../../.."

devices="TEMPLATE GPU"
seconds=10
while (($#)); do
  case "$1" in
    --devices) devices="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) echo "serving_overhead: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
triton="${FERRY_TRITON_DIR:-/opt/ferry/triton-2.51}"
[[ -x "$triton/tools/tritonserver" ]] || { echo "serving_overhead: no Triton in $triton: run tools/setup.sh" >&2; exit 1; }

work=$(mktemp -d)
server_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

bazel run //:install -- --prefix="$work/prefix" >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}
model=testing/models/openvino/cnn
for device in $devices; do
  bash serving/triton/examples/add_cnn_model.sh "$work/models/cnn_${device,,}" "$device"
done

port=$((20000 + RANDOM % 20000))
POCL_CACHE_DIR="$work/pocl" "$triton/tools/tritonserver" --model-repository="$work/models" \
  --backend-directory="$work/prefix/lib/triton" --http-address=127.0.0.1 --http-port=$port \
  --grpc-address=127.0.0.1 --grpc-port=$((port + 1)) --allow-metrics=false > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 600); do
  curl -sf "127.0.0.1:$port/v2/health/ready" >/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done

# csv_field FILE COLUMN: the first data row's value of COLUMN in perf_analyzer's CSV.
csv_field() {
  awk -F, -v column="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == column) c = i } NR == 2 { print $c }' "$1"
}
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval('d' + sys.argv[2]))" "$1" "$2"; }

echo "| device | client | concurrency | throughput (inferences/s) | p50 latency (ms) | p99 latency (ms) |"
echo "| --- | --- | --- | --- | --- | --- |"
for device in $devices; do
  for concurrency in 1 4 16; do
    csv="$work/pa_${device}_${concurrency}.csv"
    "$triton/tools/perf_analyzer" -m "cnn_${device,,}" -u "127.0.0.1:$port" -i http -b 1 \
      --concurrency-range "$concurrency:$concurrency" --measurement-interval $((seconds * 1000 / 3)) \
      --percentile=99 --stability-percentage=50 --max-trials=6 -f "$csv" > "$work/pa.log" 2>&1 || { cat "$work/pa.log" >&2; exit 1; }
    printf '| %s | Triton + perf_analyzer (HTTP) | %d | %.0f | %.3f | %.3f |\n' "$device" "$concurrency" \
      "$(csv_field "$csv" "Inferences/Second")" "$(echo "$(csv_field "$csv" "p50 latency") / 1000" | bc -l)" \
      "$(echo "$(csv_field "$csv" "p99 latency") / 1000" | bc -l)"
  done
  for mode in "sync latency 1" "async throughput -"; do
    read -r api hint label <<<"$mode"
    json="$work/ba_${device}_${api}.json"
    "$work/prefix/bin/benchmark_app" -m "$model.xml" -d "$device" -api "$api" -hint "$hint" -t "$seconds" \
      -report_json "$json" > "$work/ba.log" 2>&1 || { cat "$work/ba.log" >&2; exit 1; }
    [[ "$label" == "-" ]] && label="$(json_field "$json" "['nireq']") requests"
    printf '| %s | benchmark_app in-process, %s | %s | %.0f | %.3f | %.3f |\n' "$device" "$api" "$label" \
      "$(json_field "$json" "['throughput_fps']")" "$(json_field "$json" "['latency_ms']['median']")" \
      "$(json_field "$json" "['latency_ms']['p99']")"
  done
done
