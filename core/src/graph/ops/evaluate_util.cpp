#include "core/src/graph/ops/evaluate_util.hpp"

#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace op {
namespace internal {

Tensor& prepare_output(const Node& node, TensorVector& outputs, size_t i, const element::Type& type,
                       const Shape& shape) {
  if (outputs.size() <= i)
    node.node_error("evaluate: got ", outputs.size(), " output tensors, output ", i, " needs one");
  Tensor& out = outputs[i];
  if (!out) {
    out = Tensor(type, shape);
    return out;
  }
  if (out.get_element_type() != type)
    node.node_error("evaluate: output tensor ", i, " is ", out.get_element_type(), ", expected ", type);
  if (out.get_shape() != shape) out.set_shape(shape);
  if (!out.is_continuous()) node.node_error("evaluate: output tensor ", i, " is not dense");
  return out;
}

Tensor dense(const Tensor& tensor) {
  if (tensor.is_continuous()) return tensor;
  Tensor copy(tensor.get_element_type(), tensor.get_shape());
  tensor.copy_to(copy);
  return copy;
}

std::vector<int64_t> read_integers(const Node& node, const Tensor& tensor, const char* what) {
  const element::Type type = tensor.get_element_type();
  if (!type.is_integral_number() || type.is_quantized())
    node.node_error(what, " must be an integer tensor, got ", type);
  const Tensor data = dense(tensor);
  std::vector<int64_t> values(data.get_size());
  element::visit_storage(type, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<int64_t>(p[k]);
  });
  return values;
}

bool constant_integers(const Node& node, size_t i, std::vector<int64_t>& values) {
  const auto* constant = dynamic_cast<const op::v0::Constant*>(node.get_input_node_ptr(i));
  if (!constant || !constant->get_data_ptr() || !constant->get_element_type().is_integral_number()) return false;
  values = constant->cast_vector<int64_t>();
  return true;
}

size_t normalize_axis(const Node& node, int64_t axis, int64_t rank, const char* what) {
  if (axis < -rank || axis >= rank)
    node.node_error(what, " ", axis, " is out of range for rank ", rank, " (expected [", -rank, ", ", rank - 1, "])");
  return static_cast<size_t>(axis < 0 ? axis + rank : axis);
}

std::string to_text(const std::vector<int64_t>& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
  return text + "]";
}

std::vector<float> to_floats(const Tensor& tensor) {
  const Tensor data = dense(tensor);
  std::vector<float> values(data.get_size());
  if (data.get_element_type() == element::f16) {
    const auto* p = static_cast<const float16*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = p[k];
  } else {
    const auto* p = static_cast<const bfloat16*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = p[k];
  }
  return values;
}

void from_floats(const std::vector<float>& values, Tensor& tensor) {
  if (tensor.get_element_type() == element::f16) {
    auto* p = static_cast<float16*>(tensor.data());
    for (size_t k = 0; k < values.size(); ++k) p[k] = float16(values[k]);
  } else {
    auto* p = static_cast<bfloat16*>(tensor.data());
    for (size_t k = 0; k < values.size(); ++k) p[k] = bfloat16(values[k]);
  }
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
