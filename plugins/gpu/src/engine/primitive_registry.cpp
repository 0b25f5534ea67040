#include "ferry/graph/ops/constant.hpp"
#include "ferry/value/tensor.hpp"
#include "primitive.hpp"

namespace ferry::gpu {
namespace {

template <typename T>
bool constant_values(const Node& node, size_t index, std::vector<T>& values) {
  if (index >= node.get_input_size()) return false;
  const auto constant = as_type_ptr<op::v0::Constant>(node.get_input_node_shared_ptr(index));
  if (!constant) return false;
  TensorVector outputs(1);
  if (!constant->evaluate(outputs, {})) return false;
  const Tensor& value = outputs[0];
  values.clear();
  const element::Type type = value.get_element_type();
  const size_t count = value.get_size();
  for (size_t i = 0; i < count; ++i) {
    if (type == element::i64)
      values.push_back(static_cast<T>(value.data<int64_t>()[i]));
    else if (type == element::i32)
      values.push_back(static_cast<T>(value.data<int32_t>()[i]));
    else if (type == element::u64)
      values.push_back(static_cast<T>(value.data<uint64_t>()[i]));
    else if (type == element::u32)
      values.push_back(static_cast<T>(value.data<uint32_t>()[i]));
    else if (type == element::f32)
      values.push_back(static_cast<T>(value.data<float>()[i]));
    else if (type == element::f64)
      values.push_back(static_cast<T>(value.data<double>()[i]));
    else
      return false;
  }
  return true;
}

}  // namespace

bool all_static(const Node& node) {
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (node.get_input_partial_shape(i).is_dynamic() || node.get_input_element_type(i).is_dynamic()) return false;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    if (node.get_output_partial_shape(i).is_dynamic() || node.get_output_element_type(i).is_dynamic()) return false;
  return true;
}

bool all_of_type(const Node& node, const element::Type& type) {
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (node.get_input_element_type(i) != type) return false;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    if (node.get_output_element_type(i) != type) return false;
  return true;
}

bool constant_ints(const Node& node, size_t index, std::vector<int64_t>& values) {
  return constant_values(node, index, values);
}

bool constant_reals(const Node& node, size_t index, std::vector<double>& values) {
  return constant_values(node, index, values);
}

const Primitive* find_primitive(const Node& node) {
  if (!all_static(node)) return nullptr;
  static const Primitive* const families[] = {
      &eltwise_primitive(),
      &matmul_primitive(),
      &convolution_primitive(),
      &pooling_primitive(),
      &softmax_primitive(),
      &reduce_primitive(),
      &data_movement_primitive(),
      &convert_primitive(),
      &batch_norm_primitive(),
      &gather_primitive(),
      &slice_primitive(),
      &replicate_primitive(),
      &scatter_primitive(),
      &generate_primitive(),
      &normalization_primitive(),
      &interpolate_primitive(),
      &adaptive_pool_primitive(),
      &cum_sum_primitive(),
      &convolution_backprop_primitive(),
      &attention_primitive(),
      &fake_quantize_primitive(),
      &recurrent_primitive(),
      &einsum_primitive(),
      &yuv_to_rgb_primitive(),
  };
  for (const Primitive* primitive : families)
    if (primitive->supports(node)) return primitive;
  return nullptr;
}

}  // namespace ferry::gpu
