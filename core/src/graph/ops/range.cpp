#include "ferry/graph/ops/range.hpp"

#include <cmath>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace op {
namespace v4 {
namespace {

// A scalar input as double (any numeric type).
double scalar_value(const Node& node, const Tensor& tensor, const char* what) {
  if (tensor.get_size() != 1) node.node_error(what, " must hold one value, got shape ", tensor.get_shape());
  const Tensor data = internal::dense(tensor);
  return element::visit_storage(data.get_element_type(), what, [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    return static_cast<double>(*static_cast<const T*>(data.data()));
  });
}

bool constant_scalar(const Node& node, size_t i, double& value) {
  const auto* constant = dynamic_cast<const v0::Constant*>(node.get_input_node_ptr(i));
  if (!constant || !constant->get_data_ptr() || shape_size(constant->get_shape()) != 1) return false;
  value = constant->cast_vector<double>()[0];
  return true;
}

// The element count; integral outputs count on the truncated inputs, like OpenVINO.
int64_t range_length(const Node& node, double start, double stop, double step, const element::Type& type) {
  if (type.is_integral()) {
    start = std::trunc(start);
    stop = std::trunc(stop);
    step = std::trunc(step);
  }
  if (step == 0 || !std::isfinite(start) || !std::isfinite(stop) || !std::isfinite(step))
    node.node_error("start ", start, ", stop ", stop, ", step ", step, " do not define a range (step 0 or not finite)");
  return std::max<int64_t>(int64_t(std::ceil((stop - start) / step)), 0);
}

}  // namespace

Range::Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
             const element::Type& output_type)
    : Op({start, stop, step}), m_output_type(output_type) {
  constructor_validate_and_infer_types();
}

void Range::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3, "expects 3 inputs, got ", get_input_size());
  FERRY_NODE_CHECK(m_output_type.is_static() && m_output_type != element::boolean && !m_output_type.is_quantized(),
                   "output_type must be a numeric type, got ", m_output_type);
  static const char* const names[] = {"start", "stop", "step"};
  double values[3];
  bool known = true;
  for (size_t i = 0; i < 3; ++i) {
    const PartialShape& shape = get_input_partial_shape(i);
    FERRY_NODE_CHECK(shape.rank().is_dynamic() || shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1)),
                     "input ", i, " (", names[i], ") must be a scalar, got shape ", shape);
    FERRY_NODE_CHECK(get_input_element_type(i) != element::boolean, "input ", i, " (", names[i], ") must be numeric");
    known = constant_scalar(*this, i, values[i]) && known;
  }
  const Dimension length =
      known ? Dimension(range_length(*this, values[0], values[1], values[2], m_output_type)) : Dimension();
  set_output_type(0, m_output_type, PartialShape{length});
}

bool Range::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("output_type", m_output_type);
  return true;
}

std::shared_ptr<Node> Range::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<Range>(inputs[0], inputs[1], inputs[2], m_output_type);
}

bool Range::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  double start = scalar_value(*this, inputs.at(0), "input 0 (start)");
  double step = scalar_value(*this, inputs.at(2), "input 2 (step)");
  const int64_t length =
      range_length(*this, start, scalar_value(*this, inputs.at(1), "input 1 (stop)"), step, m_output_type);
  if (m_output_type.is_integral()) {
    start = std::trunc(start);
    step = std::trunc(step);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, m_output_type, Shape{size_t(length)});
  element::visit_storage(m_output_type, "Range output", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(out.data());
    // Integers accumulate exactly; reals compute start + i*step in double, then round once.
    for (int64_t i = 0; i < length; ++i) p[i] = convert_element<T, double>(start + double(i) * step);
  });
  return true;
}

}  // namespace v4
}  // namespace op
}  // namespace ferry
