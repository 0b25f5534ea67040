// Convolution and GroupConvolution on kernels/convolution.cl: f32, NCHW (2-D) and NCW (1-D,
// run as 2-D with height 1), direct (one work-item per output element).

#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "../primitive.hpp"

namespace ferry::gpu {
namespace {

struct ConvAttributes {
  Strides strides, dilations;
  CoordinateDiff pads_begin;
  size_t groups = 1;
};

bool attributes(const Node& node, ConvAttributes& out) {
  if (const auto* conv = dynamic_cast<const op::v1::Convolution*>(&node)) {
    out = {conv->get_strides(), conv->get_dilations(), conv->get_pads_begin(), 1};
    return true;
  }
  if (const auto* conv = dynamic_cast<const op::v1::GroupConvolution*>(&node)) {
    out = {conv->get_strides(), conv->get_dilations(), conv->get_pads_begin(), node.get_input_shape(1).at(0)};
    return true;
  }
  return false;
}

bool supports(const Node& node) {
  ConvAttributes a;
  if (!attributes(node, a) || !all_of_type(node, element::f32)) return false;
  const size_t rank = node.get_input_shape(0).size();
  return rank == 3 || rank == 4;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  ConvAttributes a;
  attributes(node, a);
  const Shape& x = node.get_input_shape(0);
  const Shape& y = node.get_output_shape(0);
  const bool one_d = x.size() == 3;
  const size_t spatial = one_d ? 1 : 2;
  const Shape& w = node.get_input_shape(1);
  const size_t KH = one_d ? 1 : w[w.size() - 2], KW = w.back();
  const size_t H = one_d ? 1 : x[2], W = x.back();
  const size_t OH = one_d ? 1 : y[2], OW = y.back();
  const auto at = [&](const auto& values, size_t i, int64_t fallback) {
    return values.size() == spatial ? static_cast<int64_t>(values[i]) : fallback;
  };
  KernelStep step("convolution.cl", "", "convolution");
  step.value(inputs[0]).value(inputs[1]).value(outputs[0]);
  step.i32(x[1]).i32(H).i32(W).i32(y[1]).i32(OH).i32(OW).i32(KH).i32(KW);
  step.i32(one_d ? 1 : at(a.strides, 0, 1)).i32(at(a.strides, spatial - 1, 1));
  step.i32(one_d ? 1 : at(a.dilations, 0, 1)).i32(at(a.dilations, spatial - 1, 1));
  step.i32(one_d ? 0 : at(a.pads_begin, 0, 0)).i32(at(a.pads_begin, spatial - 1, 0));
  step.i32(a.groups);
  step.range({OW, OH, y[0] * y[1]}, 3);
  return {step};
}

}  // namespace

const Primitive& convolution_primitive() {
  static const Primitive primitive{"convolution", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
