#include "onnx_converters.hpp"

#include "ferry/graph/ops.hpp"

namespace ferry {
namespace onnx_frontend {

const Converter* find_converter(const std::string& op_type) {
  static const ConverterTable table = [] {
    ConverterTable converters;
    add_elementwise_converters(converters);
    add_nn_converters(converters);
    add_shape_converters(converters);
    add_data_converters(converters);
    add_reduce_converters(converters);
    add_math_converters(converters);
    add_normalization_converters(converters);
    add_loss_converters(converters);
    add_cnn_converters(converters);
    add_topk_converters(converters);
    add_resize_converters(converters);
    add_recurrent_converters(converters);
    add_einsum_converters(converters);
    add_quantization_converters(converters);
    add_dropout_converters(converters);
    add_max_unpool_converters(converters);
    add_window_converters(converters);
    add_det_converters(converters);
    return converters;
  }();
  const auto it = table.find(op_type);
  return it == table.end() ? nullptr : &it->second;
}

Output<Node> i64_constant(const std::vector<int64_t>& values) {
  return op::v0::Constant::create(element::i64, Shape{values.size()}, values);
}

Output<Node> scalar_like(const Output<Node>& value, double number) {
  return op::v0::Constant::create(value.get_element_type(), Shape{}, std::vector<double>{number});
}

int64_t static_rank(const NodeContext& context, const Output<Node>& value) {
  const auto& shape = value.get_partial_shape();
  if (shape.rank().is_dynamic()) context.fail("needs an input of known rank, got ", shape);
  return shape.rank().get_length();
}

}  // namespace onnx_frontend
}  // namespace ferry
