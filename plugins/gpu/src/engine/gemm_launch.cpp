#include "gemm_launch.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace ferry::gpu {
namespace {

size_t ceil_div(size_t value, size_t divisor) { return (value + divisor - 1) / divisor; }

// Below this many work-groups a big GPU (100+ compute units, each holding several groups) idles;
// a smaller tile then wins even though each of its work-items reuses fewer loads.
constexpr size_t kEnoughGroups = 256;

// Of a dimension split into tiles, the share that is padding.
double waste(size_t size, int tile) { return 1.0 - double(size) / double(ceil_div(size, tile) * tile); }

}  // namespace

GemmTile choose_gemm_tile(size_t M, size_t N, size_t count, bool convolution) {
  // Tuning knob for benchmarks (docs/PERFORMANCE.md): FERRY_GPU_GEMM_TILE="BM,BN,BK,TM,TN" forces
  // one tile for every product.
  if (const char* forced = std::getenv("FERRY_GPU_GEMM_TILE")) {
    GemmTile tile{};
    if (std::sscanf(forced, "%d,%d,%d,%d,%d", &tile.bm, &tile.bn, &tile.bk, &tile.tm, &tile.tn) == 5) return tile;
  }
  // Measured on an H100 (docs/PERFORMANCE.md, tile sweep): 128x128 tiles win for large plain
  // products (MatMul 4096^3: 4.4 ms against 5.4 ms with 64x64), but lose on ResNet-50's implicit-GEMM
  // convolutions at every batch, where 64x64 was best of all tiles tried (batch 1 and 32).
  const GemmTile large{128, 128, 16, 8, 8}, medium{64, 64, 16, 4, 4}, small{32, 32, 16, 4, 4};
  if (!convolution && ceil_div(M, large.bm) * ceil_div(N, large.bn) * count >= kEnoughGroups &&
      waste(M, large.bm) <= 0.2 && waste(N, large.bn) <= 0.2)
    return large;
  // A dimension of 32 or less would leave most of a 64-wide tile as padding.
  return M <= 32 || N <= 32 ? small : medium;
}

SplitK choose_split_k(const GemmTile& tile, size_t M, size_t N, size_t K) {
  constexpr size_t kMinSliceSteps = 8;
  const size_t tiles = ceil_div(M, tile.bm) * ceil_div(N, tile.bn);
  const size_t step = static_cast<size_t>(tile.bk);
  SplitK split;
  if (tiles == 0 || tiles * 2 > kEnoughGroups) return split;
  const size_t wanted = std::min(ceil_div(kEnoughGroups, tiles), K / (step * kMinSliceSteps));
  if (wanted < 2) return split;
  split.slice_k = ceil_div(ceil_div(K, wanted), step) * step;
  split.slices = ceil_div(K, split.slice_k);  // no empty slice
  if (split.slices < 2) split = SplitK{};
  return split;
}

std::string epilogue_options(const Epilogue& epilogue, const char* bias_define) {
  std::string options;
  if (epilogue.bias >= 0) options += std::string(" -D") + bias_define;
  if (epilogue.residual >= 0) options += " -DRESIDUAL";
  switch (epilogue.activation) {
    case Epilogue::Activation::RELU:
      options += " -DACT_RELU";
      break;
    case Epilogue::Activation::CLAMP:
      options += " -DACT_CLAMP";
      break;
    case Epilogue::Activation::SIGMOID:
      options += " -DACT_SIGMOID";
      break;
    case Epilogue::Activation::NONE:
      break;
  }
  return options.empty() ? options : options.substr(1);
}

std::string gemm_options(const GemmTile& tile, const std::string& layout, const Epilogue& epilogue,
                         const char* bias_define) {
  std::string options = "-DBM=" + std::to_string(tile.bm) + " -DBN=" + std::to_string(tile.bn) +
                        " -DBK=" + std::to_string(tile.bk) + " -DTM=" + std::to_string(tile.tm) +
                        " -DTN=" + std::to_string(tile.tn);
  if (!layout.empty()) options += " " + layout;
  const std::string fused = epilogue_options(epilogue, bias_define);
  if (!fused.empty()) options += " " + fused;
  return options;
}

void bind_epilogue(KernelStep& step, size_t output, const Epilogue& epilogue) {
  step.value(output);
  step.value(epilogue.bias >= 0 ? static_cast<size_t>(epilogue.bias) : output);
  step.value(epilogue.residual >= 0 ? static_cast<size_t>(epilogue.residual) : output);
  step.f32(epilogue.lo).f32(epilogue.hi);
}

void set_gemm_range(KernelStep& step, const GemmTile& tile, size_t M, size_t N, size_t count) {
  step.range({ceil_div(N, tile.bn) * tile.threads_n(), ceil_div(M, tile.bm) * tile.threads_m(), count}, 3);
  step.local = {tile.threads_n(), tile.threads_m(), 1};
  if (M == 0 || N == 0) step.global = {0, 0, 0};
}

}  // namespace ferry::gpu
