#include "ferry/graph/ops/cum_sum.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v0 {

CumSum::CumSum(const Output<Node>& data, const Output<Node>& axis, bool exclusive, bool reverse)
    : Op({data, axis}), m_exclusive(exclusive), m_reverse(reverse) {
  constructor_validate_and_infer_types();
}

CumSum::CumSum(const Output<Node>& data, bool exclusive, bool reverse)
    : Op({data}), m_exclusive(exclusive), m_reverse(reverse) {
  constructor_validate_and_infer_types();
}

void CumSum::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1 || get_input_size() == 2, "expects 1 or 2 inputs, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || (type != element::boolean && !type.is_quantized()),
                   "input 0 must be numeric, got ", type);
  const PartialShape& data = get_input_partial_shape(0);
  if (get_input_size() == 2) {
    const element::Type axis_type = get_input_element_type(1);
    FERRY_NODE_CHECK(axis_type.is_dynamic() || axis_type == element::i32 || axis_type == element::i64,
                     "input 1 (axis) must be i32 or i64, got ", axis_type);
    const PartialShape& axis_shape = get_input_partial_shape(1);
    FERRY_NODE_CHECK(axis_shape.rank().compatible(0), "input 1 (axis) must be a scalar, got shape ", axis_shape);
    std::vector<int64_t> axis;
    if (data.rank().is_static() && internal::constant_integers(*this, 1, axis) && axis.size() == 1)
      internal::normalize_axis(*this, axis[0], int64_t(data.size()), "axis");
  }
  set_output_type(0, type, data);
}

bool CumSum::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("exclusive", m_exclusive);
  visitor.on_attribute("reverse", m_reverse);
  return true;
}

std::shared_ptr<Node> CumSum::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1 || inputs.size() == 2, "clone: expects 1 or 2 inputs, got ", inputs.size());
  if (inputs.size() == 1) return std::make_shared<CumSum>(inputs[0], m_exclusive, m_reverse);
  return std::make_shared<CumSum>(inputs[0], inputs[1], m_exclusive, m_reverse);
}

bool CumSum::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  const element::Type type = data.get_element_type();
  if (type == element::boolean || type.is_quantized()) return false;
  const Shape shape = data.get_shape();
  int64_t axis_value = 0;
  if (inputs.size() > 1) {
    const auto values = internal::read_integers(*this, inputs[1], "input 1 (axis)");
    if (values.size() != 1) node_error("evaluate: input 1 (axis) must hold one value");
    axis_value = values[0];
  }
  if (shape.empty()) node_error("evaluate: the input must have rank 1 or more");
  const size_t axis = internal::normalize_axis(*this, axis_value, int64_t(shape.size()), "axis");
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const size_t length = shape[axis];
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, shape);
  element::visit_storage(type, "CumSum input", [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Reals accumulate in double (f16/bf16 at better than f32 accuracy), integers in their type.
    using Acc = typename std::conditional<is_real_element<T>::value, double, T>::type;
    const T* in = static_cast<const T*>(data.data());
    T* o = static_cast<T*>(out.data());
    for (size_t a = 0; a < outer; ++a)
      for (size_t b = 0; b < inner; ++b) {
        Acc sum = Acc(0);
        for (size_t step = 0; step < length; ++step) {
          const size_t k = m_reverse ? length - 1 - step : step;
          const size_t at = (a * length + k) * inner + b;
          const Acc value = static_cast<Acc>(in[at]);
          if (!m_exclusive) sum = Acc(sum + value);
          o[at] = convert_element<T, Acc>(sum);
          if (m_exclusive) sum = Acc(sum + value);
        }
      }
  });
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
