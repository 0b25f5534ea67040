#include "ferry/graph/ops/comparison.hpp"

#include "core/src/graph/ops/binary_broadcast_util.hpp"
#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/broadcast.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

using Kind = BinaryElementwiseComparison::Kind;

// Boolean outputs are stored as char 0/1.
template <typename T>
void compare(Kind kind, const T* a, const Shape& as, const T* b, const Shape& bs, char* out, const Shape& os) {
  switch (kind) {
    case Kind::EQUAL:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x == y); });
    case Kind::NOT_EQUAL:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x != y); });
    case Kind::LESS:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x < y); });
    case Kind::GREATER:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x > y); });
    case Kind::LESS_EQUAL:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x <= y); });
    case Kind::GREATER_EQUAL:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return char(x >= y); });
  }
}

}  // namespace

void BinaryElementwiseComparison::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)),
                   "input element types do not match: ", get_input_element_type(0), " and ", get_input_element_type(1));
  set_output_type(0, element::boolean, internal::infer_binary_broadcast(*this, m_autob));
}

bool BinaryElementwiseComparison::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_auto_broadcast("auto_broadcast", m_autob);
  return true;
}

bool BinaryElementwiseComparison::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor a = internal::dense(inputs.at(0)), b = internal::dense(inputs.at(1));
  const element::Type type = a.get_element_type();
  if (b.get_element_type() != type) node_error("evaluate: input tensors are ", type, " and ", b.get_element_type());
  Shape b_shape = b.get_shape();
  const Shape out_shape = internal::evaluate_binary_broadcast(*this, m_autob, a.get_shape(), b_shape);
  Tensor& out = internal::prepare_output(*this, outputs, 0, element::boolean, out_shape);
  char* result = static_cast<char*>(out.data());
  const Kind kind = get_kind();
  if (internal::is_half(type)) {
    const std::vector<float> x = internal::to_floats(a), y = internal::to_floats(b);
    compare<float>(kind, x.data(), a.get_shape(), y.data(), b_shape, result, out_shape);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP)                                                                                        \
  case element::Type_t::TYPE:                                                                                        \
    compare<CPP>(kind, static_cast<const CPP*>(a.data()), a.get_shape(), static_cast<const CPP*>(b.data()), b_shape, \
                 result, out_shape);                                                                                 \
    return true;
    FERRY_CASE(boolean, char)
    FERRY_CASE(f32, float)
    FERRY_CASE(f64, double)
    FERRY_CASE(i8, int8_t)
    FERRY_CASE(i16, int16_t)
    FERRY_CASE(i32, int32_t)
    FERRY_CASE(i64, int64_t)
    FERRY_CASE(u8, uint8_t)
    FERRY_CASE(u16, uint16_t)
    FERRY_CASE(u32, uint32_t)
    FERRY_CASE(u64, uint64_t)
#undef FERRY_CASE
    default:
      return false;
  }
}

}  // namespace util

namespace v1 {

#define FERRY_COMPARISON_CLONE(CLASS)                                                     \
  std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& inputs) const {  \
    FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size()); \
    return std::make_shared<CLASS>(inputs[0], inputs[1], get_autob());                    \
  }
FERRY_COMPARISON_CLONE(Equal)
FERRY_COMPARISON_CLONE(NotEqual)
FERRY_COMPARISON_CLONE(Less)
FERRY_COMPARISON_CLONE(Greater)
FERRY_COMPARISON_CLONE(LessEqual)
FERRY_COMPARISON_CLONE(GreaterEqual)
#undef FERRY_COMPARISON_CLONE

}  // namespace v1
}  // namespace op
}  // namespace ferry
