#include "ferry/graph/ops/pad.hpp"

#include <algorithm>
#include <vector>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/pad.hpp"

namespace ferry {
namespace op {
namespace util {

PartialShape PadBase::padded_shape(const PartialShape& data, const std::vector<int64_t>& begin,
                                   const std::vector<int64_t>& end) const {
  const size_t rank = data.size();
  FERRY_NODE_CHECK(begin.size() == rank && end.size() == rank, "pads_begin ", internal::to_text(begin),
                   " and pads_end ", internal::to_text(end), " must have one entry per data axis (rank ", rank, ")");
  const std::string mode = enum_to_string(m_pad_mode);
  PartialShape out = data;
  for (size_t axis = 0; axis < rank; ++axis) {
    const int64_t b = begin[axis], e = end[axis];
    FERRY_NODE_CHECK(allows_negative_pads() || (b >= 0 && e >= 0), "pads_begin ", internal::to_text(begin),
                     " and pads_end ", internal::to_text(end), " must be non-negative in ", get_type_info().version_id,
                     " (negative pads need opset12)");
    const Dimension& d = data[axis];
    if (d.is_static()) {
      const int64_t length = d.get_length();
      const int64_t most = std::max(b, e);
      if (m_pad_mode == PadMode::REFLECT)
        FERRY_NODE_CHECK(most <= length - 1, "pad_mode 'reflect' needs pads <= ", length - 1, " on axis ", axis,
                         " (length ", length, "), got begin ", b, " end ", e);
      if (m_pad_mode == PadMode::SYMMETRIC)
        FERRY_NODE_CHECK(most <= length, "pad_mode 'symmetric' needs pads <= ", length, " on axis ", axis,
                         ", got begin ", b, " end ", e);
      if (m_pad_mode == PadMode::EDGE)
        FERRY_NODE_CHECK(most <= 0 || length > 0, "pad_mode 'edge' cannot pad the empty axis ", axis);
    }
    const int64_t total = b + e;
    const int64_t max = d.is_bounded() ? d.get_max_length() + total : -1;
    FERRY_NODE_CHECK(!d.is_bounded() || max >= 0, "pads_begin ", b, " and pads_end ", e, " on axis ", axis,
                     " leave a negative length for dimension ", d);
    out[axis] = d.is_static() ? Dimension(max) : Dimension(std::max<int64_t>(0, d.get_min_length() + total), max);
  }
  return out;
}

void PadBase::validate_and_infer_types() {
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs == 3 || inputs == 4, "expects 3 or 4 inputs (data, pads_begin, pads_end[, pad_value]), got ",
                   inputs);
  const element::Type type = get_input_element_type(0);
  const PartialShape& data = get_input_partial_shape(0);
  Dimension rank = data.rank();
  const char* names[] = {"data", "pads_begin", "pads_end"};
  for (size_t i = 1; i < 3; ++i) {
    const element::Type pads_type = get_input_element_type(i);
    FERRY_NODE_CHECK(pads_type.is_dynamic() || pads_type.is_integral_number(), names[i],
                     " must be an integer tensor, got ", pads_type);
    const PartialShape& shape = get_input_partial_shape(i);
    FERRY_NODE_CHECK(shape.rank().compatible(1), names[i], " must be 1-D, got shape ", shape);
    if (shape.rank().is_static())
      FERRY_NODE_CHECK(Dimension::merge(rank, rank, shape[0]), names[i], " shape ", shape, " does not match data rank ",
                       data.rank());
  }
  if (inputs == 4) {
    FERRY_NODE_CHECK(get_input_partial_shape(3).rank().compatible(0), "pad_value must be a scalar, got shape ",
                     get_input_partial_shape(3));
    element::Type merged;
    FERRY_NODE_CHECK(element::Type::merge(merged, type, get_input_element_type(3)), "pad_value element type ",
                     get_input_element_type(3), " differs from data element type ", type);
  }
  std::vector<int64_t> begin, end;
  if (data.rank().is_static() && internal::constant_integers(*this, 1, begin) &&
      internal::constant_integers(*this, 2, end)) {
    set_output_type(0, type, padded_shape(data, begin, end));
  } else if (rank.is_static()) {
    set_output_type(0, type, PartialShape::dynamic(rank));
  } else {
    set_output_type(0, type, PartialShape::dynamic());
  }
}

bool PadBase::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_enum("pad_mode", m_pad_mode);
  return true;
}

bool PadBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() < 3) node_error("evaluate: expects at least 3 input tensors, got ", inputs.size());
  const Tensor data = internal::dense(inputs[0]);
  const element::Type type = data.get_element_type();
  if (type.bitwidth() < 8) return false;  // sub-byte types share bytes between elements
  const std::vector<int64_t> begin = internal::read_integers(*this, inputs[1], "pads_begin");
  const std::vector<int64_t> end = internal::read_integers(*this, inputs[2], "pads_end");
  const Shape out_shape = padded_shape(data.get_shape(), begin, end).to_shape();
  std::vector<char> fill(type.size(), 0);
  if (inputs.size() > 3 && m_pad_mode == PadMode::CONSTANT) {
    const Tensor value = internal::dense(inputs[3]);
    if (value.get_element_type() != type || value.get_size() != 1)
      node_error("evaluate: pad_value must be one ", type, " element, got ", value.get_element_type(), " ",
                 value.get_shape());
    std::copy_n(static_cast<const char*>(value.data()), fill.size(), fill.begin());
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  reference::pad(data.data(), out.data(), type.size(), data.get_shape(), out_shape, begin, static_cast<int>(m_pad_mode),
                 fill.data());
  return true;
}

}  // namespace util

#define FERRY_PAD_CLONE(NAMESPACE)                                                                                   \
  std::shared_ptr<Node> NAMESPACE::Pad::clone_with_new_inputs(const OutputVector& inputs) const {                    \
    FERRY_NODE_CHECK(inputs.size() == 3 || inputs.size() == 4, "clone: expects 3 or 4 inputs, got ", inputs.size()); \
    if (inputs.size() == 3) return std::make_shared<Pad>(inputs[0], inputs[1], inputs[2], get_pad_mode());           \
    return std::make_shared<Pad>(inputs[0], inputs[1], inputs[2], inputs[3], get_pad_mode());                        \
  }
FERRY_PAD_CLONE(v1)
FERRY_PAD_CLONE(v12)
#undef FERRY_PAD_CLONE

}  // namespace op
}  // namespace ferry
