#include "ferry/graph/ops/reverse_sequence.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v0 {

ReverseSequence::ReverseSequence(const Output<Node>& data, const Output<Node>& seq_lengths, int64_t batch_axis,
                                 int64_t seq_axis)
    : Op({data, seq_lengths}), m_batch_axis(batch_axis), m_seq_axis(seq_axis) {
  constructor_validate_and_infer_types();
}

void ReverseSequence::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type lengths_type = get_input_element_type(1);
  FERRY_NODE_CHECK(lengths_type.is_dynamic() || lengths_type.is_integral_number() || lengths_type.is_real(),
                   "input 1 (seq_lengths) must be numeric, got ", lengths_type);
  const PartialShape& lengths = get_input_partial_shape(1);
  FERRY_NODE_CHECK(lengths.rank().compatible(1), "input 1 (seq_lengths) must be 1-D, got shape ", lengths);
  PartialShape data = get_input_partial_shape(0);
  if (data.rank().is_static()) {
    FERRY_NODE_CHECK(data.size() >= 2, "input 0 must have rank 2 or more, got ", data);
    const size_t batch = internal::normalize_axis(*this, m_batch_axis, int64_t(data.size()), "batch_axis");
    const size_t seq = internal::normalize_axis(*this, m_seq_axis, int64_t(data.size()), "seq_axis");
    FERRY_NODE_CHECK(batch != seq, "batch_axis and seq_axis are both ", batch);
    if (lengths.rank().is_static())
      FERRY_NODE_CHECK(Dimension::merge(data[batch], data[batch], lengths[0]), "seq_lengths ", lengths,
                       " does not match batch axis length ", get_input_partial_shape(0)[batch]);
  }
  set_output_type(0, get_input_element_type(0), data);
}

bool ReverseSequence::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("batch_axis", m_batch_axis);
  visitor.on_attribute("seq_axis", m_seq_axis);
  return true;
}

std::shared_ptr<Node> ReverseSequence::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<ReverseSequence>(inputs[0], inputs[1], m_batch_axis, m_seq_axis);
}

bool ReverseSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape shape = data.get_shape();
  const size_t batch_axis = internal::normalize_axis(*this, m_batch_axis, int64_t(shape.size()), "batch_axis");
  const size_t seq_axis = internal::normalize_axis(*this, m_seq_axis, int64_t(shape.size()), "seq_axis");
  // Lengths may be of any numeric type; reals are truncated.
  const Tensor lengths_tensor = internal::dense(inputs.at(1));
  std::vector<int64_t> lengths(lengths_tensor.get_size());
  element::visit_storage(lengths_tensor.get_element_type(), "input 1 (seq_lengths)", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(lengths_tensor.data());
    for (size_t k = 0; k < lengths.size(); ++k) lengths[k] = static_cast<int64_t>(static_cast<double>(p[k]));
  });
  if (lengths.size() != shape[batch_axis])
    node_error("evaluate: seq_lengths has ", lengths.size(), " entries, batch axis has length ", shape[batch_axis]);
  for (const int64_t length : lengths)
    if (length < 0 || length > int64_t(shape[seq_axis]))
      node_error("evaluate: sequence length ", length, " is out of range [0, ", shape[seq_axis], "]");
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), shape);
  const size_t size = data.get_element_type().size(), count = shape_size(shape);
  const Strides strides = row_major_strides(shape);
  const char* in = static_cast<const char*>(data.data());
  char* o = static_cast<char*>(out.data());
  for (size_t i = 0; i < count; ++i) {
    const size_t b = (i / strides[batch_axis]) % shape[batch_axis];
    const size_t s = (i / strides[seq_axis]) % shape[seq_axis];
    size_t source = i;
    if (int64_t(s) < lengths[b]) source = i - s * strides[seq_axis] + (size_t(lengths[b]) - 1 - s) * strides[seq_axis];
    std::memcpy(o + i * size, in + source * size, size);
  }
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
