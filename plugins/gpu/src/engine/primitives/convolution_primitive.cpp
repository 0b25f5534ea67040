// Convolution and GroupConvolution: f32 or f16 storage (float arithmetic), NCHW (2-D) and NCW (1-D, run as 2-D with
// height 1). Convolutions with several channels per group run as an implicit GEMM on kernels/gemm.cl (weights [OC/G,
// C/G*KH*KW] x the im2col of the image, never stored); depthwise ones (one input and one output channel per group) on
// the direct kernel of kernels/depthwise_convolution.cl. Both apply a fused bias, residual Add and activation
// (Epilogue). Single-group f32 convolutions whose tiles would not fill a large GPU split K (gemm_launch.hpp: SplitK)
// into partial sums kept in scratch memory, added up with the epilogue by kernels/gemm_split_k.cl.

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/gemm_launch.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

struct ConvGeometry {
  size_t groups = 1;
  size_t batch = 0, C = 0, H = 1, W = 0, OC = 0, OH = 1, OW = 0, KH = 1, KW = 0;
  int64_t stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1, pad_h = 0, pad_w = 0;
};

bool geometry(const Node& node, ConvGeometry& g) {
  Strides strides, dilations;
  CoordinateDiff pads;
  if (const auto* conv = dynamic_cast<const op::v1::Convolution*>(&node)) {
    strides = conv->get_strides(), dilations = conv->get_dilations(), pads = conv->get_pads_begin();
  } else if (const auto* conv = dynamic_cast<const op::v1::GroupConvolution*>(&node)) {
    strides = conv->get_strides(), dilations = conv->get_dilations(), pads = conv->get_pads_begin();
    g.groups = node.get_input_shape(1).at(0);
  } else {
    return false;
  }
  const Shape& x = node.get_input_shape(0);
  const Shape& w = node.get_input_shape(1);
  const Shape& y = node.get_output_shape(0);
  if (x.size() != 3 && x.size() != 4) return false;
  const bool one_d = x.size() == 3;
  const size_t spatial = one_d ? 1 : 2;
  const auto at = [&](const auto& values, size_t i, int64_t fallback) {
    return values.size() == spatial ? static_cast<int64_t>(values[i]) : fallback;
  };
  g.batch = x[0], g.C = x[1], g.W = x.back(), g.OC = y[1], g.OW = y.back(), g.KW = w.back();
  if (!one_d) g.H = x[2], g.OH = y[2], g.KH = w[w.size() - 2];
  g.stride_w = at(strides, spatial - 1, 1), g.dilation_w = at(dilations, spatial - 1, 1);
  g.pad_w = at(pads, spatial - 1, 0);
  if (!one_d) g.stride_h = at(strides, 0, 1), g.dilation_h = at(dilations, 0, 1), g.pad_h = at(pads, 0, 0);
  return true;
}

bool supports(const Node& node) {
  ConvGeometry g;
  const element::Type type = node.get_output_element_type(0);
  return is_float_storage(type) && all_of_type(node, type) && geometry(node, g);
}

bool is_depthwise(const ConvGeometry& g) { return g.C == g.groups && g.OC == g.groups; }

// The implicit GEMM's shape and tile.
struct ConvGemm {
  size_t M = 0, N = 0, K = 0;
  GemmTile tile{};
  SplitK split;
};

ConvGemm conv_gemm(const Node& node, const ConvGeometry& g) {
  ConvGemm gemm;
  gemm.M = g.OC / g.groups, gemm.N = g.batch * g.OH * g.OW, gemm.K = g.C / g.groups * g.KH * g.KW;
  gemm.tile = choose_gemm_tile(gemm.M, gemm.N, g.groups, true);
  // Split-K for one group in f32 (the partial sums are float; f16 storage keeps one pass).
  if (g.groups == 1 && node.get_output_element_type(0) == element::f32)
    gemm.split = choose_split_k(gemm.tile, gemm.M, gemm.N, gemm.K);
  return gemm;
}

// Split-K's partial sums [slices, M, N] in float.
std::vector<size_t> scratch_bytes(const Node& node) {
  ConvGeometry g;
  if (!geometry(node, g) || is_depthwise(g)) return {};
  const ConvGemm gemm = conv_gemm(node, g);
  if (gemm.split.slices < 2) return {};
  return {gemm.split.slices * gemm.M * gemm.N * sizeof(float)};
}

// The implicit-GEMM launch: A the weights, B the image, C `output`. Work-group z runs over the
// groups, or with split-K over the slices of K (C then holds the partial sums).
KernelStep conv_gemm_step(const std::string& options, const std::vector<size_t>& inputs, size_t output,
                          const Epilogue& epilogue, const ConvGeometry& g, const ConvGemm& gemm) {
  KernelStep step("gemm.cl", options, "gemm");
  step.value(inputs[1]).value(inputs[0]);
  bind_epilogue(step, output, epilogue);
  step.i32(gemm.M).i32(gemm.N).i32(gemm.K);
  step.i32(g.C).i32(g.H).i32(g.W).i32(g.OH).i32(g.OW);
  step.i32(g.stride_h).i32(g.stride_w).i32(g.dilation_h).i32(g.dilation_w).i32(g.pad_h).i32(g.pad_w);
  const bool split = gemm.split.slices > 1;
  if (split) step.i32(static_cast<int64_t>(gemm.split.slice_k));
  set_gemm_range(step, gemm.tile, gemm.M, gemm.N, split ? gemm.split.slices : g.groups);
  return step;
}

std::vector<KernelStep> make_fused(const Node& node, const std::vector<size_t>& inputs,
                                   const std::vector<size_t>& outputs, const Epilogue& epilogue) {
  ConvGeometry g;
  geometry(node, g);
  if (is_depthwise(g)) {
    // Window sizes are build options (the loops unroll): one program per window a model uses.
    const std::string window = " -DKH=" + std::to_string(g.KH) + " -DKW=" + std::to_string(g.KW);
    KernelStep step("depthwise_convolution.cl",
                    with_storage(epilogue_options(epilogue, "BIAS_M") + window, node.get_output_element_type(0)),
                    "depthwise_convolution");
    step.value(inputs[0]).value(inputs[1]);
    bind_epilogue(step, outputs[0], epilogue);
    step.i32(g.C).i32(g.H).i32(g.W).i32(g.OH).i32(g.OW);
    step.i32(g.stride_h).i32(g.stride_w).i32(g.dilation_h).i32(g.dilation_w).i32(g.pad_h).i32(g.pad_w);
    const size_t total = g.batch * g.OC * g.OH * g.OW;
    step.scalar(static_cast<cl_ulong>(total));
    constexpr size_t kGroup = 128;  // every OpenCL GPU takes it; the driver's choice can be far smaller
    step.range1((total + kGroup - 1) / kGroup * kGroup);
    step.local = {kGroup, 1, 1};
    return {step};
  }
  const ConvGemm gemm = conv_gemm(node, g);
  const bool pointwise = g.KH == 1 && g.KW == 1 && g.stride_h == 1 && g.stride_w == 1 && g.pad_h == 0 && g.pad_w == 0 &&
                         g.OH == g.H && g.OW == g.W;
  const std::string layout =
      pointwise ? "-DCONV -DPOINTWISE" : "-DCONV -DKH=" + std::to_string(g.KH) + " -DKW=" + std::to_string(g.KW);
  const GemmTile& tile = gemm.tile;
  if (gemm.split.slices > 1) {
    FERRY_ASSERT(outputs.size() == 2, "GPU convolution '", node.get_friendly_name(),
                 "': split-K needs its output and one scratch buffer, got ", outputs.size(), " ids");
    const size_t partial = outputs[1];
    // The slices write raw partial sums into scratch (no epilogue: it follows the sum).
    const KernelStep slices = conv_gemm_step(gemm_options(tile, layout + " -DSPLIT_K", Epilogue{}, "BIAS_M"), inputs,
                                             partial, Epilogue{}, g, gemm);
    KernelStep sum("gemm_split_k.cl", with_storage(epilogue_options(epilogue, "BIAS_M"), element::f32),
                   "gemm_split_k_reduce");
    sum.value(partial);
    bind_epilogue(sum, outputs[0], epilogue);
    sum.i32(gemm.M).i32(gemm.N).i32(g.OH * g.OW).i32(static_cast<int64_t>(gemm.split.slices));
    constexpr size_t kRow = 64;
    sum.range({(gemm.N + kRow - 1) / kRow * kRow, gemm.M, 1}, 2);
    sum.local = {kRow, 1, 1};
    return {slices, sum};
  }
  return {conv_gemm_step(with_storage(gemm_options(tile, layout, epilogue, "BIAS_M"), node.get_output_element_type(0)),
                         inputs, outputs[0], epilogue, g, gemm)};
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  return make_fused(node, inputs, outputs, Epilogue{});
}

}  // namespace

const Primitive& convolution_primitive() {
  static const Primitive primitive{"convolution", supports, make, make_fused, scratch_bytes};
  return primitive;
}

}  // namespace ferry::gpu
