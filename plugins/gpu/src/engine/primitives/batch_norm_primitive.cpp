// BatchNormInference (v5: data, gamma, beta, mean, variance) on kernels/batch_norm.cl: f32, or
// f16 storage of all five inputs and the output (float arithmetic).

#include "ferry/graph/ops/batch_norm.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

const op::v5::BatchNormInference* batch_norm(const Node& node) {
  return dynamic_cast<const op::v5::BatchNormInference*>(&node);
}

bool supports(const Node& node) {
  return batch_norm(node) && is_float_storage(node.get_input_element_type(0)) &&
         all_of_type(node, node.get_input_element_type(0));
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const Shape& shape = node.get_input_shape(0);
  size_t inner = 1;
  for (size_t i = 2; i < shape.size(); ++i) inner *= shape[i];
  KernelStep step("batch_norm.cl", storage_option(node.get_input_element_type(0)), "batch_norm");
  for (size_t i = 0; i < 5; ++i) step.value(inputs[i]);
  step.value(outputs[0]).i32(shape[1]).i32(inner).f32(batch_norm(node)->get_eps_value());
  step.range1(element_count(shape));
  return {step};
}

}  // namespace

const Primitive& batch_norm_primitive() {
  static const Primitive primitive{"batch_norm", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
