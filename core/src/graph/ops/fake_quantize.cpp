#include "ferry/graph/ops/fake_quantize.hpp"

#include <algorithm>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/fake_quantize.hpp"
#include "ferry/graph/op_types.hpp"

namespace ferry {
namespace op {
namespace v0 {

namespace {
const char* const kInputNames[5] = {"X", "input_low", "input_high", "output_low", "output_high"};
}

FakeQuantize::FakeQuantize(const Output<Node>& data, const Output<Node>& input_low, const Output<Node>& input_high,
                           const Output<Node>& output_low, const Output<Node>& output_high, int64_t levels,
                           const AutoBroadcastSpec& autob)
    : Op({data, input_low, input_high, output_low, output_high}), m_levels(levels), m_autob(autob) {
  constructor_validate_and_infer_types();
}

void FakeQuantize::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 5, "expects 5 inputs, got ", get_input_size());
  FERRY_NODE_CHECK(m_levels >= 2, "levels must be 2 or more, got ", m_levels);
  FERRY_NODE_CHECK(m_autob.type != AutoBroadcastType::PDPD, "auto_broadcast pdpd is not supported");
  element::Type type = get_input_element_type(0);
  PartialShape shape = get_input_partial_shape(0);
  for (size_t i = 1; i < 5; ++i) {
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)), "input ", kInputNames[i], " is ",
                     get_input_element_type(i), ", X is ", get_input_element_type(0));
    FERRY_NODE_CHECK(PartialShape::broadcast_merge_into(shape, get_input_partial_shape(i), m_autob), "input ",
                     kInputNames[i], " ", get_input_partial_shape(i), " does not broadcast into X ",
                     get_input_partial_shape(0));
  }
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "element type must be real, got ", type);
  // The ranges broadcast into X: a range must not grow X's shape.
  if (shape.rank().is_static() && get_input_partial_shape(0).rank().is_static())
    FERRY_NODE_CHECK(shape.rank().get_length() == get_input_partial_shape(0).rank().get_length(),
                     "ranges of higher rank than X ", get_input_partial_shape(0));
  set_output_type(0, type, shape);
}

bool FakeQuantize::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("levels", m_levels);
  visitor.on_auto_broadcast("auto_broadcast", m_autob);
  return true;
}

std::shared_ptr<Node> FakeQuantize::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 5, "clone: expects 5 inputs, got ", inputs.size());
  return std::make_shared<FakeQuantize>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], m_levels, m_autob);
}

bool FakeQuantize::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  std::vector<Tensor> in;
  for (size_t i = 0; i < 5; ++i) in.push_back(internal::dense(inputs.at(i)));
  const element::Type type = in[0].get_element_type();
  const Shape shape = in[0].get_shape();
  Shape range_shapes[4];
  for (size_t i = 1; i < 5; ++i) {
    if (in[i].get_element_type() != type)
      node_error("evaluate: input ", kInputNames[i], " is ", in[i].get_element_type(), ", X is ", type);
    PartialShape merged = shape;
    if (!PartialShape::broadcast_merge_into(merged, in[i].get_shape(), m_autob) || merged.to_shape() != shape)
      node_error("evaluate: input ", kInputNames[i], " ", in[i].get_shape(), " does not broadcast into X ", shape);
    range_shapes[i - 1] = in[i].get_shape();
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, shape);
  if (internal::is_half(type)) {
    std::vector<float> values[5];
    const float* ranges[4];
    for (size_t i = 0; i < 5; ++i) values[i] = internal::to_floats(in[i]);
    for (size_t i = 0; i < 4; ++i) ranges[i] = values[i + 1].data();
    std::vector<float> result(shape_size(shape));
    reference::fake_quantize<float>(values[0].data(), shape, ranges, range_shapes, result.data(), m_levels);
    internal::from_floats(result, out);
    return true;
  }
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T* ranges[4];
    for (size_t i = 0; i < 4; ++i) ranges[i] = static_cast<const T*>(in[i + 1].data());
    reference::fake_quantize<T>(static_cast<const T*>(in[0].data()), shape, ranges, range_shapes,
                                static_cast<T*>(out.data()), m_levels);
    return true;
  };
  if (type == element::f32) return run(float{});
  if (type == element::f64) return run(double{});
  return false;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
