// FakeQuantize-1 on kernels/fake_quantize.cl: f32, or f16 storage of the data, the four ranges and
// the output (float arithmetic); up to 8 dimensions, the four ranges broadcast numpy-wise into the
// data (the output has the data's shape). Built with correctly rounded division so that the
// quantisation levels match the reference's.

#include "ferry/graph/ops/fake_quantize.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool supports(const Node& node) {
  const auto* op = dynamic_cast<const op::v0::FakeQuantize*>(&node);
  const element::Type type = node.get_input_element_type(0);
  if (!op || !is_float_storage(type) || !all_of_type(node, type) || op->get_levels() < 2) return false;
  const Shape& x = node.get_input_shape(0);
  if (x.size() > kMaxKernelRank || node.get_output_shape(0) != x) return false;
  for (size_t i = 1; i < 5; ++i)
    if (node.get_input_shape(i).size() > x.size()) return false;
  return true;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& op = dynamic_cast<const op::v0::FakeQuantize&>(node);
  const Shape& x = node.get_input_shape(0);
  const std::string options = with_storage("-cl-fp32-correctly-rounded-divide-sqrt", node.get_input_element_type(0));
  KernelStep step("fake_quantize.cl", options, "fake_quantize");
  for (size_t i = 0; i < 5; ++i) step.value(inputs[i]);
  step.value(outputs[0]).i32(x.size()).int8(dims_of(x));
  for (size_t i = 1; i < 5; ++i) step.int8(broadcast_strides(node.get_input_shape(i), x), 0);
  step.f32(static_cast<double>(op.get_levels() - 1)).range1(element_count(x));
  return {step};
}

}  // namespace

const Primitive& fake_quantize_primitive() {
  static const Primitive primitive{"fake_quantize", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
