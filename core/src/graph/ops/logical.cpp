#include "ferry/graph/ops/logical.hpp"

#include "core/src/graph/ops/binary_broadcast_util.hpp"
#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/broadcast.hpp"

namespace ferry {
namespace op {
namespace util {

// Any nonzero byte counts as true; results are 0/1.
void BinaryElementwiseLogical::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  for (size_t i = 0; i < 2; ++i) {
    const element::Type type = get_input_element_type(i);
    FERRY_NODE_CHECK(type.is_dynamic() || type == element::boolean, "input ", i, " element type must be boolean, got ",
                     type);
  }
  set_output_type(0, element::boolean, internal::infer_binary_broadcast(*this, m_autob));
}

bool BinaryElementwiseLogical::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_auto_broadcast("auto_broadcast", m_autob);
  return true;
}

bool BinaryElementwiseLogical::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor a = internal::dense(inputs.at(0)), b = internal::dense(inputs.at(1));
  if (a.get_element_type() != element::boolean || b.get_element_type() != element::boolean) return false;
  Shape b_shape = b.get_shape();
  const Shape out_shape = internal::evaluate_binary_broadcast(*this, m_autob, a.get_shape(), b_shape);
  Tensor& out = internal::prepare_output(*this, outputs, 0, element::boolean, out_shape);
  const char* x = static_cast<const char*>(a.data());
  const char* y = static_cast<const char*>(b.data());
  char* z = static_cast<char*>(out.data());
  switch (get_kind()) {
    case Kind::AND:
      reference::broadcast_binary(x, a.get_shape(), y, b_shape, z, out_shape,
                                  [](char p, char q) { return char(p && q); });
      break;
    case Kind::OR:
      reference::broadcast_binary(x, a.get_shape(), y, b_shape, z, out_shape,
                                  [](char p, char q) { return char(p || q); });
      break;
    case Kind::XOR:
      reference::broadcast_binary(x, a.get_shape(), y, b_shape, z, out_shape,
                                  [](char p, char q) { return char((p != 0) != (q != 0)); });
      break;
  }
  return true;
}

}  // namespace util

namespace v1 {

#define FERRY_LOGICAL_CLONE(CLASS)                                                        \
  std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& inputs) const {  \
    FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size()); \
    return std::make_shared<CLASS>(inputs[0], inputs[1], get_autob());                    \
  }
FERRY_LOGICAL_CLONE(LogicalAnd)
FERRY_LOGICAL_CLONE(LogicalOr)
FERRY_LOGICAL_CLONE(LogicalXor)
#undef FERRY_LOGICAL_CLONE

void LogicalNot::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || type == element::boolean, "input element type must be boolean, got ", type);
  set_output_type(0, element::boolean, get_input_partial_shape(0));
}

bool LogicalNot::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  if (in.get_element_type() != element::boolean) return false;
  Tensor& out = internal::prepare_output(*this, outputs, 0, element::boolean, in.get_shape());
  const char* x = static_cast<const char*>(in.data());
  char* z = static_cast<char*>(out.data());
  for (size_t i = 0; i < in.get_size(); ++i) z[i] = char(x[i] == 0);
  return true;
}

std::shared_ptr<Node> LogicalNot::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<LogicalNot>(inputs[0]);
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
