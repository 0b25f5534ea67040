#include "ferry/graph/ops/convolution_backprop.hpp"

#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/convolution_backprop.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

// One spatial axis: its output length (interval) and, for static lengths, its begin pad.
struct AxisGeometry {
  Dimension out;
  int64_t pad_begin = 0;
};

}  // namespace

ConvolutionBackpropBase::ConvolutionBackpropBase(const OutputVector& inputs, const Strides& strides,
                                                 const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                                 const Strides& dilations, PadType auto_pad,
                                                 const CoordinateDiff& output_padding)
    : Op(inputs),
      m_strides(strides),
      m_dilations(dilations),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_auto_pad(auto_pad),
      m_output_padding(output_padding) {}

bool ConvolutionBackpropBase::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("dilations", m_dilations);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_enum("auto_pad", m_auto_pad);
  visitor.on_attribute("output_padding", m_output_padding);
  return true;
}

namespace {

// Output length and begin pad of axis `a`; `given` >= 0 is output_shape's length for it.
AxisGeometry axis_geometry(const ConvolutionBackpropBase& node, size_t a, const Dimension& in, int64_t kernel,
                           int64_t given) {
  const int64_t stride = static_cast<int64_t>(node.get_strides()[a]);
  const int64_t dilation = static_cast<int64_t>(node.get_dilations()[a]);
  const int64_t extra = node.get_output_padding().empty() ? 0 : node.get_output_padding()[a];
  const PadType auto_pad = node.get_auto_pad();
  // natural(in) = stride * (in - 1) + dilation * (kernel - 1) + 1 + output_padding
  auto natural = [&](int64_t length) { return stride * (length - 1) + dilation * (kernel - 1) + 1 + extra; };
  AxisGeometry geometry;
  auto split = [&](int64_t total) {  // the larger half first unless same_upper; floor halves
    const int64_t half = total >= 0 ? total / 2 : -((1 - total) / 2);
    geometry.pad_begin = auto_pad == PadType::SAME_UPPER ? half : total - half;
  };
  if (given >= 0 || auto_pad == PadType::SAME_UPPER || auto_pad == PadType::SAME_LOWER) {
    if (given >= 0) {
      geometry.out = Dimension(given);
    } else {
      geometry.out = in.is_bounded() ? Dimension(in.get_min_length() * stride, in.get_max_length() * stride)
                                     : Dimension(in.get_min_length() * stride, -1);
    }
    if (in.is_static()) split(natural(in.get_length()) - geometry.out.get_min_length());
    return geometry;
  }
  int64_t pads = 0;
  if (auto_pad == PadType::EXPLICIT) {
    geometry.pad_begin = node.get_pads_begin()[a];
    pads = node.get_pads_begin()[a] + node.get_pads_end()[a];
  }
  auto length = [&](int64_t in_length) { return std::max<int64_t>(natural(in_length) - pads, 0); };
  const int64_t low = in.get_min_length() == 0 ? 0 : length(in.get_min_length());
  geometry.out = in.is_bounded() ? Dimension(low, length(in.get_max_length())) : Dimension(low, -1);
  if (in.is_static() && in.get_length() > 0 && natural(in.get_length()) - pads < 0)
    node.node_error("output length on spatial axis ", a, " would be ", natural(in.get_length()) - pads);
  return geometry;
}

}  // namespace

void ConvolutionBackpropBase::validate_and_infer_types() {
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs == 2 || inputs == 3, "expects 2 or 3 inputs (data, filters[, output_shape]), got ", inputs);
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)), "data (",
                   get_input_element_type(0), ") and filters (", get_input_element_type(1),
                   ") must have the same element type");
  FERRY_NODE_CHECK(type.is_dynamic() || ((type.is_real() || type.is_integral_number()) && type != element::boolean),
                   "element type must be numeric, got ", type);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& filters = get_input_partial_shape(1);
  const size_t lead = grouped() ? 3 : 2;  // filter axes before the kernel
  if (data.rank().is_dynamic() && filters.rank().is_dynamic()) {
    set_output_type(0, type, PartialShape::dynamic());
    return;
  }
  size_t spatial = 0;
  if (data.rank().is_static())
    spatial = data.size() - 2;
  else if (filters.size() >= lead)
    spatial = filters.size() - lead;
  FERRY_NODE_CHECK(data.rank().is_dynamic() || (data.size() >= 3 && data.size() <= 5),
                   "data must have rank 3 to 5, got ", data);
  FERRY_NODE_CHECK(filters.rank().is_dynamic() || filters.size() == spatial + lead, "filters ", filters,
                   " must have rank ", spatial + lead,
                   grouped() ? " ([G, C_IN, C_OUT, kernel...])" : " ([C_IN, C_OUT, kernel...])");
  FERRY_NODE_CHECK(m_strides.size() == spatial && m_dilations.size() == spatial, "strides and dilations need ", spatial,
                   " entries, got ", m_strides.size(), " and ", m_dilations.size());
  FERRY_NODE_CHECK(m_auto_pad != PadType::EXPLICIT || (m_pads_begin.size() == spatial && m_pads_end.size() == spatial),
                   "pads_begin and pads_end need ", spatial, " entries, got ", m_pads_begin.size(), " and ",
                   m_pads_end.size());
  FERRY_NODE_CHECK(m_output_padding.empty() || m_output_padding.size() == spatial, "output_padding needs ", spatial,
                   " entries, got ", m_output_padding.size());
  for (size_t a = 0; a < spatial; ++a) {
    FERRY_NODE_CHECK(m_strides[a] > 0 && m_dilations[a] > 0, "strides and dilations must be positive");
    FERRY_NODE_CHECK(m_output_padding.empty() || m_output_padding[a] >= 0, "output_padding must be non-negative");
  }
  std::vector<int64_t> given(spatial, -1);
  bool given_known = true;
  if (inputs == 3) {
    FERRY_NODE_CHECK(get_input_element_type(2).is_dynamic() || get_input_element_type(2).is_integral_number(),
                     "output_shape must be integers, got ", get_input_element_type(2));
    std::vector<int64_t> values;
    given_known = internal::constant_integers(*this, 2, values);
    if (given_known) {
      FERRY_NODE_CHECK(values.size() == spatial, "output_shape ", internal::to_text(values), " needs ", spatial,
                       " entries");
      for (auto value : values) FERRY_NODE_CHECK(value >= 0, "output_shape must be non-negative");
      given = values;
    }
  }
  PartialShape out = PartialShape::dynamic(static_cast<int64_t>(spatial + 2));
  if (data.rank().is_static()) out[0] = data[0];
  if (filters.rank().is_static()) {
    // Channels: data's must equal (G *) C_IN; the output has (G *) C_OUT.
    const Dimension in_channels = grouped() ? filters[0] * filters[1] : filters[0];
    if (data.rank().is_static())
      FERRY_NODE_CHECK(data[1].compatible(in_channels), "data channels ", data[1], " do not match the filters' ",
                       in_channels, " (filters ", filters, ")");
    out[1] = grouped() ? filters[0] * filters[2] : filters[1];
  }
  for (size_t a = 0; a < spatial; ++a) {
    const Dimension in = data.rank().is_static() ? data[2 + a] : Dimension::dynamic();
    const Dimension kernel = filters.rank().is_static() ? filters[lead + a] : Dimension::dynamic();
    if (!given_known) continue;
    if (given[a] >= 0) {
      out[2 + a] = Dimension(given[a]);
    } else if (kernel.is_static()) {
      out[2 + a] = axis_geometry(*this, a, in, kernel.get_length(), -1).out;
    }
  }
  set_output_type(0, type, out);
}

bool ConvolutionBackpropBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != get_input_size()) node_error("evaluate: expects ", get_input_size(), " input tensors");
  const Tensor data = internal::dense(inputs[0]), filters = internal::dense(inputs[1]);
  const element::Type type = data.get_element_type();
  if (filters.get_element_type() != type)
    node_error("evaluate: data is ", type, " but filters are ", filters.get_element_type());
  if (type == element::boolean) return false;
  const Shape data_shape = data.get_shape();
  Shape filters_shape = filters.get_shape();
  const size_t lead = grouped() ? 3 : 2;
  if (data_shape.size() < 3 || filters_shape.size() != data_shape.size() - 2 + lead)
    node_error("evaluate: data ", data_shape, " and filters ", filters_shape, " ranks do not fit");
  if (!grouped()) filters_shape.insert(filters_shape.begin(), 1);  // one group
  const size_t spatial = data_shape.size() - 2;
  if (data_shape[1] != filters_shape[0] * filters_shape[1])
    node_error("evaluate: data channels ", data_shape[1], " do not match filters ", filters.get_shape());
  std::vector<int64_t> given(spatial, -1);
  if (inputs.size() == 3) {
    given = internal::read_integers(*this, inputs[2], "output_shape");
    if (given.size() != spatial) node_error("evaluate: output_shape needs ", spatial, " entries");
  }
  Shape out_shape{data_shape[0], filters_shape[0] * filters_shape[2]};
  std::vector<int64_t> pads_begin(spatial), strides(spatial), dilations(spatial);
  for (size_t a = 0; a < spatial; ++a) {
    const auto geometry = axis_geometry(*this, a, Dimension(static_cast<int64_t>(data_shape[2 + a])),
                                        static_cast<int64_t>(filters_shape[3 + a]), given[a]);
    out_shape.push_back(static_cast<size_t>(geometry.out.get_length()));
    pads_begin[a] = geometry.pad_begin;
    strides[a] = static_cast<int64_t>(m_strides[a]);
    dilations[a] = static_cast<int64_t>(m_dilations[a]);
  }
  const std::string name = describe();
  auto widen = [&](const Tensor& tensor) {
    std::vector<double> values(tensor.get_size());
    element::visit_storage(type, name.c_str(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* p = static_cast<const T*>(tensor.data());
      for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>(p[k]);
    });
    return values;
  };
  const std::vector<double> x = widen(data), w = widen(filters);
  std::vector<double> y(shape_size(out_shape));
  reference::convolution_backprop(x.data(), w.data(), y.data(), data_shape, filters_shape, out_shape, strides,
                                  dilations, pads_begin);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(out.data());
    for (size_t k = 0; k < y.size(); ++k) p[k] = convert_element<T>(y[k]);
  });
  return true;
}

}  // namespace util
}  // namespace op
}  // namespace ferry
