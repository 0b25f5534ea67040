#include "ferry/graph/ops/convert.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v0 {

Convert::Convert(const Output<Node>& value, const element::Type& destination_type)
    : Op({value}), m_destination_type(destination_type) {
  constructor_validate_and_infer_types();
}

void Convert::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  FERRY_NODE_CHECK(m_destination_type != element::undefined, "destination_type is undefined");
  set_output_type(0, m_destination_type, get_input_partial_shape(0));
}

bool Convert::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("destination_type", m_destination_type);
  return true;
}

std::shared_ptr<Node> Convert::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Convert>(inputs[0], m_destination_type);
}

bool Convert::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type from = in.get_element_type();
  if (from.is_quantized() || m_destination_type.is_quantized() || !m_destination_type.is_static()) return false;
  Tensor& out = internal::prepare_output(*this, outputs, 0, m_destination_type, in.get_shape());
  const size_t count = in.get_size();
  const bool to_boolean = m_destination_type == element::boolean;
  element::visit_storage(from, "Convert", [&](auto from_tag) {
    using From = typename decltype(from_tag)::type;
    const From* src = static_cast<const From*>(in.data());
    element::visit_storage(m_destination_type, "Convert", [&](auto to_tag) {
      using To = typename decltype(to_tag)::type;
      To* dst = static_cast<To*>(out.data());
      if (to_boolean) {
        for (size_t i = 0; i < count; ++i) dst[i] = convert_element<To, From, true>(src[i]);
      } else {
        for (size_t i = 0; i < count; ++i) dst[i] = convert_element<To, From>(src[i]);
      }
    });
  });
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
