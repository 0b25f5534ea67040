// Softmax (v1, v8) on kernels/softmax.cl: f32 or f16 storage (float arithmetic), any rank, one work-item per row along
// the axis.

#include "ferry/graph/ops/softmax.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool axis_of(const Node& node, int64_t& axis) {
  if (const auto* softmax = dynamic_cast<const op::v1::Softmax*>(&node)) {
    axis = softmax->get_axis();
  } else if (const auto* softmax8 = dynamic_cast<const op::v8::Softmax*>(&node)) {
    axis = softmax8->get_axis();
  } else {
    return false;
  }
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  if (axis < 0) axis += rank;
  return axis >= 0 && axis < rank;
}

bool supports(const Node& node) {
  int64_t axis = 0;
  const element::Type type = node.get_input_element_type(0);
  return is_float_storage(type) && all_of_type(node, type) && axis_of(node, axis);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  int64_t axis = 0;
  axis_of(node, axis);
  const Shape& shape = node.get_input_shape(0);
  size_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  KernelStep step("softmax.cl", storage_option(node.get_input_element_type(0)), "softmax");
  step.value(inputs[0]).value(outputs[0]).i32(shape[axis]).i32(inner).range1(shape[axis] == 0 ? 0 : outer * inner);
  return {step};
}

}  // namespace

const Primitive& softmax_primitive() {
  static const Primitive primitive{"softmax", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
