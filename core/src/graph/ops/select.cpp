#include "ferry/graph/ops/select.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/tile_broadcast.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

// `shape` with leading unit axes up to `rank`.
Shape lined_up(const Shape& shape, size_t rank) {
  Shape result(rank - shape.size(), 1);
  result.insert(result.end(), shape.begin(), shape.end());
  return result;
}

}  // namespace

Select::Select(const Output<Node>& cond, const Output<Node>& then_value, const Output<Node>& else_value,
               const AutoBroadcastSpec& auto_broadcast)
    : Op({cond, then_value, else_value}), m_auto_broadcast(auto_broadcast) {
  constructor_validate_and_infer_types();
}

void Select::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3, "expects 3 inputs, got ", get_input_size());
  const element::Type cond_type = get_input_element_type(0);
  FERRY_NODE_CHECK(cond_type.is_dynamic() || cond_type == element::boolean, "input 0 (cond) must be boolean, got ",
                   cond_type);
  FERRY_NODE_CHECK(
      m_auto_broadcast.type == AutoBroadcastType::NUMPY || m_auto_broadcast.type == AutoBroadcastType::NONE,
      "auto_broadcast must be numpy or none, got ", enum_to_string(m_auto_broadcast.type));
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(1), get_input_element_type(2)),
                   "inputs 1 and 2 differ in element type: ", get_input_element_type(1), " and ",
                   get_input_element_type(2));
  PartialShape shape = get_input_partial_shape(2);
  for (size_t i : {size_t(1), size_t(0)}) {
    const bool ok = m_auto_broadcast.type == AutoBroadcastType::NONE
                        ? PartialShape::merge_into(shape, get_input_partial_shape(i))
                        : PartialShape::broadcast_merge_into(shape, get_input_partial_shape(i), m_auto_broadcast);
    FERRY_NODE_CHECK(ok, "input shapes ", get_input_partial_shape(0), ", ", get_input_partial_shape(1), " and ",
                     get_input_partial_shape(2), " do not broadcast");
  }
  set_output_type(0, type, shape);
}

bool Select::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_auto_broadcast("auto_broadcast", m_auto_broadcast);
  return true;
}

std::shared_ptr<Node> Select::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<Select>(inputs[0], inputs[1], inputs[2], m_auto_broadcast);
}

bool Select::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor cond = internal::dense(inputs.at(0)), a = internal::dense(inputs.at(1)),
               b = internal::dense(inputs.at(2));
  const element::Type type = a.get_element_type();
  if (type.is_quantized() || b.get_element_type() != type || cond.get_element_type() != element::boolean) return false;
  PartialShape merged = b.get_shape();
  for (const Tensor* t : {&a, &cond}) {
    const bool ok = m_auto_broadcast.type == AutoBroadcastType::NONE
                        ? PartialShape::merge_into(merged, t->get_shape())
                        : PartialShape::broadcast_merge_into(merged, t->get_shape(), m_auto_broadcast);
    if (!ok)
      node_error("evaluate: input shapes ", cond.get_shape(), ", ", a.get_shape(), " and ", b.get_shape(),
                 " do not broadcast");
  }
  const Shape out_shape = merged.to_shape();
  const size_t count = shape_size(out_shape), size = type.size();
  // Broadcast each input to the output, then choose element by element.
  auto expand = [&](const Tensor& t) {
    std::vector<char> bytes(count * t.get_element_type().size());
    reference::broadcast_to(static_cast<const char*>(t.data()), lined_up(t.get_shape(), out_shape.size()), bytes.data(),
                            out_shape, t.get_element_type().size());
    return bytes;
  };
  const auto c = expand(cond), x = expand(a), y = expand(b);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  char* p = static_cast<char*>(out.data());
  for (size_t i = 0; i < count; ++i) std::memcpy(p + i * size, (c[i] ? x.data() : y.data()) + i * size, size);
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
