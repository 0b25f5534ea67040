#include "ferry/graph/ops/result.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/graph/port_layout.hpp"

namespace ferry {
namespace op {
namespace v0 {

Result::Result(const Output<Node>& value) : Op({value}) { constructor_validate_and_infer_types(); }

void Result::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
  // The model output is the value read: it answers to that value's tensor names.
  const Output<Node> source = input_value(0);
  output_slot(0).names = source.get_node()->output_slot(source.get_index()).names;
}

bool Result::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Result::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Result>(inputs[0]);
}

bool Result::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  Tensor& out = internal::prepare_output(*this, outputs, 0, inputs.at(0).get_element_type(), inputs.at(0).get_shape());
  inputs[0].copy_to(out);
  return true;
}

Layout Result::get_layout() const { return layout::get_layout(output(0)); }

void Result::set_layout(const Layout& layout) { layout::set_layout(output(0), layout); }

}  // namespace v0
}  // namespace op
}  // namespace ferry
