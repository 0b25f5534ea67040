// CumSum-3 on kernels/cum_sum.cl: f32 or f16 storage (summed in float), the axis from a Constant
// (or 0 without one), exclusive and reverse; one work-item per line along the axis.

#include "ferry/graph/ops/cum_sum.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/node_attributes.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool axis_of(const Node& node, int64_t& axis) {
  axis = 0;
  if (node.get_input_size() > 1) {
    std::vector<int64_t> values;
    if (!constant_ints(node, 1, values) || values.size() != 1) return false;
    axis = values[0];
  }
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  if (axis < 0) axis += rank;
  return axis >= 0 && axis < rank;
}

bool supports(const Node& node) {
  int64_t axis = 0;
  return is_type<op::v0::CumSum>(&node) && is_float_storage(node.get_input_element_type(0)) &&
         node.get_output_element_type(0) == node.get_input_element_type(0) && axis_of(node, axis);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  int64_t axis = 0;
  axis_of(node, axis);
  // visit_attributes is not const: a clone (same attributes) is visited instead of the node.
  NodeAttributes flags(node);  // exclusive and reverse have no getters
  const Shape& shape = node.get_input_shape(0);
  size_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  KernelStep step("cum_sum.cl", storage_option(node.get_input_element_type(0)), "cum_sum");
  step.value(inputs[0]).value(outputs[0]).i32(shape[axis]).i32(inner);
  step.i32(flags.bools["exclusive"] ? 1 : 0)
      .i32(flags.bools["reverse"] ? 1 : 0)
      .range1(shape[axis] == 0 ? 0 : outer * inner);
  return {step};
}

}  // namespace

const Primitive& cum_sum_primitive() {
  static const Primitive primitive{"cum_sum", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
