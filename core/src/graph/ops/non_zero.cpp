#include "ferry/graph/ops/non_zero.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v3 {

NonZero::NonZero(const Output<Node>& data, const element::Type& output_type) : Op({data}), m_output_type(output_type) {
  constructor_validate_and_infer_types();
}

void NonZero::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  FERRY_NODE_CHECK(m_output_type == element::i32 || m_output_type == element::i64,
                   "output_type must be i32 or i64, got ", m_output_type);
  const PartialShape& data = get_input_partial_shape(0);
  Dimension count;
  if (data.rank().is_static()) {
    // At most every element: bounded when the input is.
    int64_t max = 1;
    for (const auto& dim : data) {
      if (!dim.is_bounded()) {
        max = -1;
        break;
      }
      max *= dim.get_max_length();
    }
    count = Dimension(0, max);
  }
  set_output_type(0, m_output_type, PartialShape{data.rank(), count});
}

bool NonZero::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("output_type", m_output_type);
  return true;
}

std::shared_ptr<Node> NonZero::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<NonZero>(inputs[0], m_output_type);
}

bool NonZero::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape shape = data.get_shape();
  const size_t count = data.get_size();
  std::vector<size_t> hits;
  element::visit_storage(data.get_element_type(), "NonZero input", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data.data());
    for (size_t i = 0; i < count; ++i)
      if (static_cast<double>(p[i]) != 0.0) hits.push_back(i);
  });
  const size_t rank = shape.size();
  Tensor& out = internal::prepare_output(*this, outputs, 0, m_output_type, Shape{rank, hits.size()});
  const Strides strides = row_major_strides(shape);
  for (size_t h = 0; h < hits.size(); ++h)
    for (size_t k = 0; k < rank; ++k) {
      const size_t coordinate = (hits[h] / strides[k]) % shape[k];
      if (m_output_type == element::i32)
        static_cast<int32_t*>(out.data())[k * hits.size() + h] = int32_t(coordinate);
      else
        static_cast<int64_t*>(out.data())[k * hits.size() + h] = int64_t(coordinate);
    }
  return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ferry
