#include "ferry/graph/ops/strided_slice.hpp"

#include <cstring>
#include <limits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/slice.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

bool flag(const std::vector<int64_t>& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

// What each output axis is: an input axis sliced (input >= 0) or a new unit axis (input -1).
struct AxisPlan {
  int64_t input = -1;
  bool shrink = false;  // the input axis is dropped after taking one element
  int64_t begin = 0, end = 0, step = 1;
  bool whole = false;  // begin/end do not apply: the whole axis
};

struct Masks {
  const std::vector<int64_t>& begin;
  const std::vector<int64_t>& end;
  const std::vector<int64_t>& new_axis;
  const std::vector<int64_t>& shrink;
  const std::vector<int64_t>& ellipsis;
};

std::vector<AxisPlan> plan_axes(const Node& node, const Masks& masks, const std::vector<int64_t>& begin,
                                const std::vector<int64_t>& end, const std::vector<int64_t>& strides, size_t rank) {
  if (end.size() != begin.size() || strides.size() != begin.size())
    node.node_error("begin, end and strides have ", begin.size(), ", ", end.size(), " and ", strides.size(),
                    " entries; they must agree");
  size_t named = 0, ellipses = 0;
  for (size_t i = 0; i < begin.size(); ++i) {
    if (flag(masks.ellipsis, i))
      ++ellipses;
    else if (!flag(masks.new_axis, i))
      ++named;
  }
  if (ellipses > 1) node.node_error("ellipsis_mask has more than one entry set");
  if (named > rank) node.node_error("the slice spec names ", named, " axes, the input has rank ", rank);
  std::vector<AxisPlan> plan;
  int64_t axis = 0;
  auto whole_axis = [&]() {
    AxisPlan p;
    p.input = axis++;
    p.whole = true;
    plan.push_back(p);
  };
  for (size_t i = 0; i < begin.size(); ++i) {
    if (flag(masks.ellipsis, i)) {
      for (size_t k = 0; k < rank - named; ++k) whole_axis();
      continue;
    }
    AxisPlan p;
    if (flag(masks.new_axis, i)) {
      plan.push_back(p);
      continue;
    }
    if (strides[i] == 0) node.node_error("stride ", i, " is 0");
    p.input = axis++;
    p.step = strides[i];
    p.shrink = flag(masks.shrink, i);
    const int64_t far = std::numeric_limits<int64_t>::max();
    p.begin = flag(masks.begin, i) && !p.shrink ? (p.step > 0 ? 0 : far) : begin[i];
    p.end = flag(masks.end, i) ? (p.step > 0 ? far : -far) : end[i];
    plan.push_back(p);
  }
  while (size_t(axis) < rank) whole_axis();
  return plan;
}

// The slice of one input axis of `length` under `p`; throws when a shrunk index is out of range.
reference::SliceAxis axis_slice(const Node& node, const AxisPlan& p, size_t length) {
  if (p.whole) return reference::slice_axis(0, int64_t(length), 1, length);
  if (p.shrink) {
    int64_t index = p.begin < 0 ? p.begin + int64_t(length) : p.begin;
    if (index < 0 || index >= int64_t(length))
      node.node_error("shrink index ", p.begin, " is out of range for axis ", p.input, " of length ", length);
    reference::SliceAxis s;
    s.first = index;
    s.count = 1;
    return s;
  }
  return reference::slice_axis(p.begin, p.end, p.step, length);
}

}  // namespace

StridedSlice::StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
                           const Output<Node>& strides, std::vector<int64_t> begin_mask, std::vector<int64_t> end_mask,
                           std::vector<int64_t> new_axis_mask, std::vector<int64_t> shrink_axis_mask,
                           std::vector<int64_t> ellipsis_mask)
    : Op({data, begin, end, strides}),
      m_begin_mask(std::move(begin_mask)),
      m_end_mask(std::move(end_mask)),
      m_new_axis_mask(std::move(new_axis_mask)),
      m_shrink_axis_mask(std::move(shrink_axis_mask)),
      m_ellipsis_mask(std::move(ellipsis_mask)) {
  constructor_validate_and_infer_types();
}

StridedSlice::StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
                           std::vector<int64_t> begin_mask, std::vector<int64_t> end_mask,
                           std::vector<int64_t> new_axis_mask, std::vector<int64_t> shrink_axis_mask,
                           std::vector<int64_t> ellipsis_mask)
    : Op({data, begin, end}),
      m_begin_mask(std::move(begin_mask)),
      m_end_mask(std::move(end_mask)),
      m_new_axis_mask(std::move(new_axis_mask)),
      m_shrink_axis_mask(std::move(shrink_axis_mask)),
      m_ellipsis_mask(std::move(ellipsis_mask)) {
  constructor_validate_and_infer_types();
}

void StridedSlice::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3 || get_input_size() == 4, "expects 3 or 4 inputs, got ", get_input_size());
  static const char* const names[] = {"data", "begin", "end", "strides"};
  for (size_t i = 1; i < get_input_size(); ++i) {
    const element::Type type = get_input_element_type(i);
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_integral_number(), "input ", i, " (", names[i],
                     ") must be an integer tensor, got ", type);
    FERRY_NODE_CHECK(get_input_partial_shape(i).rank().compatible(1), "input ", i, " (", names[i],
                     ") must be 1-D, got shape ", get_input_partial_shape(i));
  }
  const PartialShape& in = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  std::vector<int64_t> begin, end, strides;
  const bool known = in.rank().is_static() && internal::constant_integers(*this, 1, begin) &&
                     internal::constant_integers(*this, 2, end) &&
                     (get_input_size() == 3 ? (strides.assign(begin.size(), 1), true)
                                            : internal::constant_integers(*this, 3, strides));
  if (!known) {
    bool keeps_rank = in.rank().is_static();
    for (const auto* mask : {&m_new_axis_mask, &m_shrink_axis_mask, &m_ellipsis_mask})
      for (const int64_t v : *mask) keeps_rank = keeps_rank && v == 0;
    if (!keeps_rank) return set_output_type(0, type, PartialShape::dynamic());
    PartialShape out = in;
    for (auto& dim : out) dim = Dimension(0, dim.get_max_length());
    return set_output_type(0, type, out);
  }
  const Masks masks{m_begin_mask, m_end_mask, m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask};
  std::vector<Dimension> out;
  for (const auto& p : plan_axes(*this, masks, begin, end, strides, in.size())) {
    if (p.input < 0) {
      out.push_back(1);
      continue;
    }
    const Dimension& dim = in[size_t(p.input)];
    if (dim.is_static()) {
      const auto s = axis_slice(*this, p, size_t(dim.get_length()));
      if (!p.shrink) out.push_back(int64_t(s.count));
    } else if (!p.shrink) {
      out.push_back(p.whole ? dim : Dimension(0, dim.get_max_length()));
    }
  }
  set_output_type(0, type, PartialShape(out));
}

bool StridedSlice::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("begin_mask", m_begin_mask);
  visitor.on_attribute("end_mask", m_end_mask);
  visitor.on_attribute("new_axis_mask", m_new_axis_mask);
  visitor.on_attribute("shrink_axis_mask", m_shrink_axis_mask);
  visitor.on_attribute("ellipsis_mask", m_ellipsis_mask);
  return true;
}

std::shared_ptr<Node> StridedSlice::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3 || inputs.size() == 4, "clone: expects 3 or 4 inputs, got ", inputs.size());
  if (inputs.size() == 3)
    return std::make_shared<StridedSlice>(inputs[0], inputs[1], inputs[2], m_begin_mask, m_end_mask, m_new_axis_mask,
                                          m_shrink_axis_mask, m_ellipsis_mask);
  return std::make_shared<StridedSlice>(inputs[0], inputs[1], inputs[2], inputs[3], m_begin_mask, m_end_mask,
                                        m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask);
}

bool StridedSlice::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape in_shape = data.get_shape();
  const auto begin = internal::read_integers(*this, inputs.at(1), "input 1 (begin)");
  const auto end = internal::read_integers(*this, inputs.at(2), "input 2 (end)");
  const auto strides = inputs.size() > 3 ? internal::read_integers(*this, inputs[3], "input 3 (strides)")
                                         : std::vector<int64_t>(begin.size(), 1);
  const Masks masks{m_begin_mask, m_end_mask, m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask};
  std::vector<reference::SliceAxis> axes(in_shape.size());
  Shape out_shape;
  for (const auto& p : plan_axes(*this, masks, begin, end, strides, in_shape.size())) {
    if (p.input < 0) {
      out_shape.push_back(1);
      continue;
    }
    axes[size_t(p.input)] = axis_slice(*this, p, in_shape[size_t(p.input)]);
    if (!p.shrink) out_shape.push_back(axes[size_t(p.input)].count);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  reference::strided_copy(static_cast<const char*>(data.data()), in_shape, static_cast<char*>(out.data()), axes,
                          data.get_element_type().size());
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
