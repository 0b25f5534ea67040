#!/usr/bin/env bash
# benchmark_app of two commits, side by side on one machine: builds //tools:benchmark_app and the
# in-tree plugins at BEFORE and AFTER (git worktrees, the same Bazel flags), packs both with their
# runfiles and libraries into OUT (testing/fuzz/pack_fuzzers.sh), with run.sh, which alternates
# the two over ROUNDS rounds of the same cases, so drift on the machine hits both alike:
#   bash tools/benchmark/compare_commits.sh BEFORE AFTER OUT
#   bash OUT/run.sh [ROUNDS=3] [SECONDS=5]     (here, or on the GPU machine: tar OUT and carry it)
# run.sh prints one line per run: which, device, model, mode, then benchmark_app's median, min,
# max and throughput. Used for issue 28's "no speed change" (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 3 ] || {
  echo "usage: bash tools/benchmark/compare_commits.sh BEFORE AFTER OUT" >&2
  exit 2
}
before="$1" after="$2" out="$3"
disk_cache="${FERRY_BAZEL_DISK_CACHE:-${HOME:-/tmp}/.cache/ferry/bazel-disk}"
rm -rf "$out" && mkdir -p "$out"
for which in before after; do
  commit=$([ "$which" = before ] && echo "$before" || echo "$after")
  tree="$(mktemp -d)/tree"
  git worktree add -q --detach "$tree" "$commit"
  (cd "$tree" && bazel build --disk_cache="$disk_cache" //tools:benchmark_app //plugins:in_tree_plugins >&2 &&
    mkdir -p "$tree/.empty" && touch "$tree/.empty/x" &&
    bash testing/fuzz/pack_fuzzers.sh "$out/$which" //tools:benchmark_app="$tree/.empty" >&2)
  git -C "$tree" rev-parse HEAD >"$out/$which/commit"
  (cd "$tree" && bazel shutdown >/dev/null 2>&1 || true)
  git worktree remove --force "$tree"
done
cp testing/models/openvino/{mlp,cnn}.{xml,bin} "$out/"
cat >"$out/run.sh" <<'EOF'
#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rounds="${1:-3}" seconds="${2:-5}"
run() {  # run WHICH DEVICE MODEL API
  local dir="$here/$1/targets/tools_benchmark_app/benchmark_app.runfiles/ferry"
  local line
  line=$(cd "$dir" && LD_LIBRARY_PATH="$here/$1/lib" FERRY_PLUGINS_XML="$dir/plugins/plugins.xml" \
    POCL_CACHE_DIR="/tmp/ferry_compare_pocl_$1" ./tools/benchmark_app -m "$here/$3.xml" -d "$2" -api "$4" -t "$seconds" 2>&1 |
    grep -E "Median|Min|Max|Throughput|error" | tr -s ' \n' ' ')
  echo "$1 $2 $3 $4: $line"
}
for round in $(seq "$rounds"); do
  for which in before after; do
    for device in GPU "MULTI:GPU,TEMPLATE" TEMPLATE; do run "$which" "$device" mlp sync; done
    run "$which" GPU cnn sync
    run "$which" GPU cnn async
  done
done
EOF
chmod +x "$out/run.sh"
echo "packed $(cat "$out/before/commit") and $(cat "$out/after/commit") into $out: bash $out/run.sh" >&2
