// AdaptiveAvgPool-8 and AdaptiveMaxPool-8 on kernels/adaptive_pool.cl: f32 or f16 data (f16
// stored, float arithmetic) [N, C, S...] with 1 to 3 spatial axes (static shapes, so the output
// lengths are known); the max pool's indices are i32 or i64.

#include "ferry/graph/ops/adaptive_pool.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool supports(const Node& node) {
  const bool avg = is_type<op::v8::AdaptiveAvgPool>(&node);
  const bool max = is_type<op::v8::AdaptiveMaxPool>(&node);
  if (!(avg || max) || !is_float_storage(node.get_input_element_type(0)) ||
      node.get_output_element_type(0) != node.get_input_element_type(0))
    return false;
  const size_t rank = node.get_input_shape(0).size();
  if (rank < 3 || rank > 5) return false;
  if (max) {
    const element::Type& index = node.get_output_element_type(1);
    if (index != element::i32 && index != element::i64) return false;
  }
  return true;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const Shape& x = node.get_input_shape(0);
  const Shape& y = node.get_output_shape(0);
  const std::vector<int64_t> in_spatial(x.begin() + 2, x.end()), out_spatial(y.begin() + 2, y.end());
  cl_int4 in_shape{{1, 1, 1, 1}}, out_shape{{1, 1, 1, 1}};
  for (size_t a = 0; a < in_spatial.size(); ++a) {
    in_shape.s[a] = static_cast<cl_int>(in_spatial[a]);
    out_shape.s[a] = static_cast<cl_int>(out_spatial[a]);
  }
  const std::string storage = storage_option(node.get_input_element_type(0));
  if (is_type<op::v8::AdaptiveAvgPool>(&node)) {
    KernelStep step("adaptive_pool.cl", storage, "adaptive_avg_pool");
    step.value(inputs[0]).value(outputs[0]).i32(in_spatial.size()).scalar(in_shape).scalar(out_shape);
    step.range1(element_count(y));
    return {step};
  }
  const bool wide = node.get_output_element_type(1) == element::i64;
  const std::string index = wide ? "-DINDEX_T=long" : "-DINDEX_T=int";
  KernelStep step("adaptive_pool.cl", with_storage(index, node.get_input_element_type(0)), "adaptive_max_pool");
  step.value(inputs[0]).value(outputs[0]).value(outputs[1]).i32(in_spatial.size()).scalar(in_shape).scalar(out_shape);
  step.range1(element_count(y));
  return {step};
}

}  // namespace

const Primitive& adaptive_pool_primitive() {
  static const Primitive primitive{"adaptive_pool", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
