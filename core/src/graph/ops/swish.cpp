#include "ferry/graph/ops/swish.hpp"

#include "core/src/graph/ops/activation_evaluate.hpp"
#include "core/src/graph/reference/activation.hpp"

namespace ferry {
namespace op {
namespace v4 {

Swish::Swish(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

Swish::Swish(const Output<Node>& data, const Output<Node>& beta) : Op({data, beta}) {
  constructor_validate_and_infer_types();
}

void Swish::validate_and_infer_types() {
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs == 1 || inputs == 2, "expects 1 or 2 inputs (data[, beta]), got ", inputs);
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "data element type must be floating point, got ", type);
  if (inputs == 2) {
    const PartialShape& beta = get_input_partial_shape(1);
    FERRY_NODE_CHECK(beta.rank().compatible(0), "beta must be a scalar, got shape ", beta);
    element::Type merged;
    FERRY_NODE_CHECK(element::Type::merge(merged, type, get_input_element_type(1)), "beta element type ",
                     get_input_element_type(1), " differs from data element type ", type);
  }
  set_output_type(0, type, get_input_partial_shape(0));
}

bool Swish::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  double beta = 1.0;
  if (inputs.size() > 1) {
    const Tensor b = internal::dense(inputs[1]);
    if (b.get_size() != 1) node_error("evaluate: beta must hold 1 value, got ", b.get_size());
    const element::Type type = b.get_element_type();
    if (internal::is_half(type))
      beta = internal::to_floats(b)[0];
    else if (type == element::f32)
      beta = *static_cast<const float*>(b.data());
    else if (type == element::f64)
      beta = *static_cast<const double*>(b.data());
    else
      node_error("evaluate: beta must be floating point, got ", type);
  }
  return internal::map_elements<false>(*this, outputs, inputs, [beta](auto x) {
    using T = decltype(x);
    return reference::swish(x, static_cast<T>(beta));
  });
}

std::shared_ptr<Node> Swish::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1 || inputs.size() == 2, "clone: expects 1 or 2 inputs, got ", inputs.size());
  if (inputs.size() == 1) return std::make_shared<Swish>(inputs[0]);
  return std::make_shared<Swish>(inputs[0], inputs[1]);
}

}  // namespace v4
}  // namespace op
}  // namespace ferry
