// ScaledDotProductAttention-13 on kernels/attention.cl: f32 query/key/value, or f16 storage of them
// (float arithmetic); boolean or additive attention mask of the data's type (numpy-broadcast to
// [..., L, S]), causal, scale input (any scalar of the data's type, read on the device) or the
// default 1/sqrt(E). One work-item per query row with an online softmax, so no scores buffer is
// needed.

#include <cmath>

#include "ferry/graph/ops/scaled_dot_product_attention.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

constexpr size_t kMask = 3, kScale = 4;

using Attention = op::v13::ScaledDotProductAttention;

bool supports(const Node& node) {
  const auto* op = dynamic_cast<const Attention*>(&node);
  if (!op) return false;
  const element::Type type = node.get_input_element_type(0);
  if (!is_float_storage(type)) return false;
  for (size_t i = 1; i < 3; ++i)
    if (node.get_input_element_type(i) != type) return false;
  if (node.get_output_element_type(0) != type || node.get_output_shape(0).size() > kMaxKernelRank) return false;
  if (node.get_input_size() > kMask && !op->get_causal()) {
    const element::Type& mask = node.get_input_element_type(kMask);
    if (mask != type && mask != element::boolean) return false;
    if (node.get_input_shape(kMask).size() > node.get_output_shape(0).size()) return false;
  }
  return node.get_input_size() <= kScale || node.get_input_element_type(kScale) == type;
}

// Strides in matrices of the leading axes of `shape` broadcast to `batch`: 0 on broadcast axes.
std::vector<int64_t> matrix_strides(Shape shape, const Shape& batch) {
  shape.insert(shape.begin(), batch.size() + 2 - shape.size(), 1);
  return broadcast_strides(Shape(shape.begin(), shape.end() - 2), batch);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& op = dynamic_cast<const Attention&>(node);
  const Shape& qs = node.get_input_shape(0);
  const Shape& ks = node.get_input_shape(1);
  const Shape& vs = node.get_input_shape(2);
  const Shape& ys = node.get_output_shape(0);
  const Shape batch(ys.begin(), ys.end() - 2);
  const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
  const bool use_mask = node.get_input_size() > kMask && !op.get_causal();
  const bool has_scale = node.get_input_size() > kScale;
  int mask_kind = 0;
  int64_t mask_row = 0, mask_col = 0, mask_matrix = 0;
  std::vector<int64_t> mask_strides(batch.size(), 0);
  if (use_mask) {
    Shape mask = node.get_input_shape(kMask);
    mask_kind = node.get_input_element_type(kMask) == element::boolean ? 1 : 2;
    mask.insert(mask.begin(), batch.size() + 2 - mask.size(), 1);
    const size_t rows = mask[mask.size() - 2], columns = mask.back();
    mask_row = rows != 1 ? static_cast<int64_t>(columns) : 0;
    mask_col = columns != 1 ? 1 : 0;
    mask_matrix = static_cast<int64_t>(rows * columns);
    mask_strides = matrix_strides(mask, batch);
  }
  KernelStep step("attention.cl", storage_option(node.get_input_element_type(0)), "attention");
  step.value(inputs[0]).value(inputs[1]).value(inputs[2]);
  step.value(use_mask ? inputs[kMask] : inputs[0]).value(has_scale ? inputs[kScale] : inputs[0]).value(outputs[0]);
  step.i32(batch.size()).int8(dims_of(batch)).int8(matrix_strides(qs, batch), 0).int8(matrix_strides(ks, batch), 0);
  step.int8(matrix_strides(vs, batch), 0).int8(mask_strides, 0);
  step.i32(L).i32(S).i32(E).i32(Ev).i32(mask_row).i32(mask_col).i32(mask_matrix);
  step.i32(mask_kind).i32(op.get_causal() ? 1 : 0).i32(has_scale ? 1 : 0).f32(1.0 / std::sqrt(static_cast<double>(E)));
  step.range1(Ev == 0 ? 0 : element_count(batch) * L);
  return {step};
}

}  // namespace

const Primitive& attention_primitive() {
  static const Primitive primitive{"attention", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
