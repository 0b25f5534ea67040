#include "ferry/graph/ops/dropout.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace ext {
namespace {

// The one value of a scalar (or one-element) tensor, as a double.
double scalar_value(const Node& node, const Tensor& tensor, const char* what) {
  if (tensor.get_size() != 1)
    node.node_error("evaluate: ", what, " must hold one value, got shape ", tensor.get_shape());
  const Tensor value = internal::dense(tensor);
  return element::visit_storage(value.get_element_type(), what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return static_cast<double>(static_cast<const T*>(value.data())[0]);
  });
}

}  // namespace

Dropout::Dropout(const Output<Node>& data, const Output<Node>& ratio, const Output<Node>& training_mode)
    : Op({data, ratio, training_mode}, 2) {
  constructor_validate_and_infer_types();
}

void Dropout::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3, "expects 3 inputs (data, ratio, training_mode), got ", get_input_size());
  const element::Type& ratio_type = get_input_element_type(1);
  FERRY_NODE_CHECK(ratio_type.is_dynamic() || ratio_type.is_real(), "ratio must be a floating-point scalar, got ",
                   ratio_type);
  const element::Type& mode_type = get_input_element_type(2);
  FERRY_NODE_CHECK(mode_type.is_dynamic() || mode_type == element::boolean,
                   "training_mode must be a boolean scalar, got ", mode_type);
  for (size_t i = 1; i < 3; ++i) {
    const PartialShape& shape = get_input_partial_shape(i);
    FERRY_NODE_CHECK(shape.rank().is_dynamic() || shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1)),
                     i == 1 ? "ratio" : "training_mode", " must be a scalar, got shape ", shape);
  }
  set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
  set_output_type(1, element::boolean, get_input_partial_shape(0));
}

bool Dropout::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const bool training = scalar_value(*this, inputs.at(2), "training_mode") != 0.0;
  const double ratio = scalar_value(*this, inputs.at(1), "ratio");
  if (training && ratio != 0.0)
    node_error("evaluate: training_mode is true with ratio ", ratio,
               ": random dropout cannot be reproduced at inference (only ratio 0 is supported in training mode)");
  const Tensor data = internal::dense(inputs.at(0));
  const Shape shape = data.get_shape();
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), shape);
  if (data.get_byte_size() != 0) std::memcpy(out.data(), data.data(), data.get_byte_size());
  Tensor& mask = internal::prepare_output(*this, outputs, 1, element::boolean, shape);
  if (mask.get_byte_size() != 0) std::memset(mask.data(), 1, mask.get_byte_size());
  return true;
}

std::shared_ptr<Node> Dropout::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<Dropout>(inputs[0], inputs[1], inputs[2]);
}

}  // namespace ext
}  // namespace op
}  // namespace ferry
