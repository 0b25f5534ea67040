// MVN (v6), NormalizeL2 (v0), LRN (v0) and LogSoftmax (v5) on kernels/normalization.cl: f32 or
// f16 storage (float arithmetic, storage.cl), up to 8 dimensions, the axes from a Constant. MVN
// and NormalizeL2 make one work-item per group of elements sharing their statistics; LRN one per
// element; LogSoftmax one per row.

#include <cmath>
#include <set>

#include "ferry/graph/ops/log_softmax.hpp"
#include "ferry/graph/ops/lrn.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "ferry/graph/ops/normalize_l2.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool is_axes_op(const Node& node) {
  return is_type<op::v6::MVN>(&node) || is_type<op::v0::NormalizeL2>(&node) || is_type<op::v0::LRN>(&node);
}

// The axes of input 1 (a Constant), normalised; false when they are not known or out of range.
bool axes_of(const Node& node, std::set<size_t>& axes) {
  std::vector<int64_t> values;
  if (!constant_ints(node, 1, values)) return false;
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  for (int64_t axis : values) {
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank) return false;
    axes.insert(static_cast<size_t>(axis));
  }
  return true;
}

bool supports(const Node& node) {
  const bool log_softmax = is_type<op::v5::LogSoftmax>(&node);
  const element::Type type = node.get_input_element_type(0);
  if (!(log_softmax || is_axes_op(node)) || !is_float_storage(type) || node.get_output_element_type(0) != type)
    return false;
  std::set<size_t> axes;
  return log_softmax || (node.get_input_shape(0).size() <= kMaxKernelRank && axes_of(node, axes));
}

// MVN and NormalizeL2: the kept dimensions walk the groups, the reduced ones each group.
KernelStep grouped_step(const Node& node, const std::string& kernel, const std::vector<size_t>& inputs,
                        const std::vector<size_t>& outputs) {
  std::set<size_t> axes;
  axes_of(node, axes);
  const Shape& shape = node.get_input_shape(0);
  const std::vector<int64_t> strides = dense_strides(shape);
  std::vector<int64_t> kept_dims, red_dims, red_strides;
  size_t count = 1, groups = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const bool reduced = axes.count(i) > 0;
    kept_dims.push_back(reduced ? 1 : static_cast<int64_t>(shape[i]));
    if (reduced) {
      red_dims.push_back(static_cast<int64_t>(shape[i]));
      red_strides.push_back(strides[i]);
      count *= shape[i];
    } else {
      groups *= shape[i];
    }
  }
  KernelStep step("normalization.cl", storage_option(node.get_input_element_type(0)), kernel);
  step.value(inputs[0]).value(outputs[0]).i32(shape.size()).int8(kept_dims).int8(strides, 0);
  step.i32(red_dims.size()).int8(red_dims).int8(red_strides, 0).i32(count);
  step.range1(count == 0 ? 0 : groups);
  return step;
}

KernelStep lrn_step(const op::v0::LRN& lrn, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  std::set<size_t> axes;
  axes_of(lrn, axes);
  const Shape& shape = lrn.get_input_shape(0);
  std::vector<int64_t> window(shape.size(), 0);
  for (size_t axis : axes) window[axis] = 1;
  const auto size = static_cast<int64_t>(lrn.get_nsize());
  const int64_t before = (size - 1) / 2, after = size - 1 - before;
  const double scale = lrn.get_alpha() / std::pow(static_cast<double>(size), static_cast<double>(axes.size()));
  KernelStep step("normalization.cl", storage_option(lrn.get_input_element_type(0)), "lrn");
  step.value(inputs[0]).value(outputs[0]).i32(shape.size()).int8(dims_of(shape)).int8(dense_strides(shape), 0);
  step.int8(window, 0).i32(before).i32(after).f32(scale).f32(lrn.get_bias()).f32(lrn.get_beta());
  step.range1(element_count(shape));
  return step;
}

KernelStep log_softmax_step(const op::v5::LogSoftmax& op, const std::vector<size_t>& inputs,
                            const std::vector<size_t>& outputs) {
  const Shape& shape = op.get_input_shape(0);
  const int64_t rank = static_cast<int64_t>(shape.size());
  int64_t axis = op.get_axis();
  if (axis < 0) axis += rank;
  size_t outer = 1, inner = 1, length = 1;  // a scalar is one row of one element
  if (rank > 0) {
    for (int64_t i = 0; i < axis; ++i) outer *= shape[i];
    for (int64_t i = axis + 1; i < rank; ++i) inner *= shape[i];
    length = shape[axis];
  }
  KernelStep step("normalization.cl", storage_option(op.get_input_element_type(0)), "log_softmax");
  step.value(inputs[0]).value(outputs[0]).i32(length).i32(inner).range1(length == 0 ? 0 : outer * inner);
  return step;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  if (const auto* mvn = dynamic_cast<const op::v6::MVN*>(&node)) {
    KernelStep step = grouped_step(node, "mvn", inputs, outputs);
    step.i32(mvn->get_normalize_variance() ? 1 : 0).f32(mvn->get_eps());
    step.i32(mvn->get_eps_mode() == op::MVNEpsMode::INSIDE_SQRT ? 1 : 0);
    return {step};
  }
  if (const auto* l2 = dynamic_cast<const op::v0::NormalizeL2*>(&node)) {
    KernelStep step = grouped_step(node, "normalize_l2", inputs, outputs);
    step.f32(l2->get_eps()).i32(l2->get_eps_mode() == op::EpsMode::ADD ? 1 : 0);
    return {step};
  }
  if (const auto* lrn = dynamic_cast<const op::v0::LRN*>(&node)) return {lrn_step(*lrn, inputs, outputs)};
  return {log_softmax_step(dynamic_cast<const op::v5::LogSoftmax&>(node), inputs, outputs)};
}

}  // namespace

const Primitive& normalization_primitive() {
  static const Primitive primitive{"normalization", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
