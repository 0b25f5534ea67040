#include "core/src/graph/ops/window_shape_inference.hpp"

#include <algorithm>
#include <cstdint>

namespace ferry {
namespace op {
namespace internal {
namespace {

using Length = int64_t;
constexpr Length kUnbounded = -1;  // Dimension's spelling of "no upper bound"

Length floor_div(Length a, Length b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
Length ceil_div(Length a, Length b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }
Length dilated(Length kernel, Length dilation) { return (kernel - 1) * dilation + 1; }

// Output length for explicit pads; below 1 when the window does not fit.
Length explicit_output(Length in, Length dilated_kernel, Length stride, Length pad_begin, Length pad_end,
                       RoundingType rounding) {
  const Length room = in + pad_begin + pad_end - dilated_kernel;
  Length out = (rounding == RoundingType::FLOOR ? floor_div(room, stride) : ceil_div(room, stride)) + 1;
  // PyTorch's ceil mode: the last window must start inside the input or the left padding.
  if (rounding == RoundingType::CEIL_TORCH && out > 1 && (out - 1) * stride >= in + pad_begin) --out;
  return out;
}

void check_attribute_size(const Node& node, const char* name, size_t size, size_t num_spatial) {
  if (size != num_spatial) {
    node.node_error("\"", name, "\" has ", size, " value(s) but the data has ", num_spatial, " spatial dimension(s)");
  }
}

void check_window_attributes(const Node& node, size_t num_spatial, WindowSpec& spec) {
  if (spec.auto_pad != PadType::EXPLICIT) {  // pads are outputs of inference then; they may be unset
    spec.pads_begin.resize(num_spatial, 0);
    spec.pads_end.resize(num_spatial, 0);
  }
  check_attribute_size(node, "strides", spec.strides.size(), num_spatial);
  check_attribute_size(node, "dilations", spec.dilations.size(), num_spatial);
  check_attribute_size(node, "pads_begin", spec.pads_begin.size(), num_spatial);
  check_attribute_size(node, "pads_end", spec.pads_end.size(), num_spatial);
  const auto is_zero = [](size_t v) { return v == 0; };
  if (std::any_of(spec.strides.begin(), spec.strides.end(), is_zero))
    node.node_error("\"strides\" must be positive, got ", spec.strides);
  if (std::any_of(spec.dilations.begin(), spec.dilations.end(), is_zero))
    node.node_error("\"dilations\" must be positive, got ", spec.dilations);
}

// One output spatial length; resolves this axis's pads in `spec`.
Dimension infer_axis(const Node& node, size_t axis, const Dimension& in, const Dimension& kernel, WindowSpec& spec) {
  const auto stride = static_cast<Length>(spec.strides[axis]);
  const auto dilation = static_cast<Length>(spec.dilations[axis]);
  Length& pad_begin = spec.pads_begin[axis];
  Length& pad_end = spec.pads_end[axis];
  const bool same = spec.auto_pad == PadType::SAME_UPPER || spec.auto_pad == PadType::SAME_LOWER;
  if (spec.auto_pad != PadType::EXPLICIT) pad_begin = pad_end = 0;  // same_*: set below when known

  if (in.is_static() && kernel.is_static()) {
    const Length length = in.get_length();
    if (kernel.get_length() < 1) node.node_error("the kernel has length 0 at spatial axis ", axis);
    const Length window = dilated(kernel.get_length(), dilation);
    if (same) {
      const Length out = ceil_div(length, stride);
      const Length total = std::max<Length>(0, (out - 1) * stride + window - length);
      const Length smaller = total / 2;
      pad_begin = spec.auto_pad == PadType::SAME_UPPER ? smaller : total - smaller;
      pad_end = total - pad_begin;
      return out;
    }
    const Length padded = length + pad_begin + pad_end;
    if (padded < window) {
      node.node_error("the kernel after dilation (", window, ") is longer than the padded input (", padded,
                      ") at spatial axis ", axis);
    }
    return explicit_output(length, window, stride, pad_begin, pad_end, spec.rounding);
  }

  const Length in_min = in.get_min_length(), in_max = in.get_max_length();
  if (same) return Dimension(ceil_div(in_min, stride), in_max == kUnbounded ? kUnbounded : ceil_div(in_max, stride));
  const Length kernel_min = std::max<Length>(1, kernel.get_min_length()), kernel_max = kernel.get_max_length();
  // A window that cannot fit only happens for some lengths of the interval: those are invalid
  // inputs, not a reason to reject the graph, so the bounds are clamped to 1.
  const Length low = kernel_max == kUnbounded ? 1
                                              : explicit_output(in_min, dilated(kernel_max, dilation), stride,
                                                                pad_begin, pad_end, spec.rounding);
  const Length high = in_max == kUnbounded ? kUnbounded
                                           : explicit_output(in_max, dilated(kernel_min, dilation), stride, pad_begin,
                                                             pad_end, spec.rounding);
  if (high == kUnbounded) return Dimension(std::max<Length>(1, low), kUnbounded);
  const Length upper = std::max<Length>(1, high);
  return Dimension(std::min(std::max<Length>(1, low), upper), upper);
}

bool rank_in(size_t rank, size_t low, size_t high) { return rank >= low && rank <= high; }

}  // namespace

PartialShape infer_convolution_shape(const Node& node, const PartialShape& data, const PartialShape& filters,
                                     bool grouped, WindowSpec& spec) {
  const size_t lead = grouped ? 3 : 2;  // filter axes before the kernel's
  const char* filter_layout = grouped ? "[GROUPS, C_OUT, C_IN, kernel...]" : "[C_OUT, C_IN, kernel...]";
  const bool data_ranked = data.rank().is_static(), filters_ranked = filters.rank().is_static();
  size_t num_spatial = 0;
  if (data_ranked) {
    if (!rank_in(data.size(), 3, 5))
      node.node_error("data must have rank 3, 4 or 5 ([N, C_IN, spatial...]), got ", data);
    num_spatial = data.size() - 2;
    if (filters_ranked && filters.size() != num_spatial + lead)
      node.node_error("filters ", filter_layout, " must have rank ", num_spatial + lead, " for data ", data, ", got ",
                      filters);
  } else if (filters_ranked) {
    if (!rank_in(filters.size(), lead + 1, lead + 3))
      node.node_error("filters ", filter_layout, " must have rank ", lead + 1, " to ", lead + 3, ", got ", filters);
    num_spatial = filters.size() - lead;
  } else {
    if (spec.strides.empty()) return PartialShape::dynamic();
    num_spatial = spec.strides.size();
  }
  check_window_attributes(node, num_spatial, spec);

  const Dimension any;
  const Dimension batch = data_ranked ? data[0] : any;
  const Dimension data_channels = data_ranked ? data[1] : any;
  Dimension out_channels;
  if (!grouped) {
    const Dimension in_channels = filters_ranked ? filters[1] : any;
    if (!data_channels.compatible(in_channels))
      node.node_error("data has ", data_channels, " input channels but the filters expect ", in_channels, " (data ",
                      data, ", filters ", filters, ")");
    out_channels = filters_ranked ? filters[0] : any;
  } else {
    Dimension groups = filters_ranked ? filters[0] : any;
    const Dimension group_in = filters_ranked ? filters[2] : any;
    if (groups.is_dynamic() && data_channels.is_static() && group_in.is_static() && group_in.get_length() > 0) {
      // The data's channels tell how many groups there are.
      const Length channels = data_channels.get_length(), per_group = group_in.get_length();
      if (channels % per_group != 0 || !groups.contains(channels / per_group))
        node.node_error("data has ", channels, " input channels, which is not a multiple of the ", per_group,
                        " input channels per group that fits the filters' ", groups, " groups (filters ", filters, ")");
      groups = Dimension(channels / per_group);
    }
    if (!data_channels.compatible(groups * group_in))
      node.node_error("data has ", data_channels, " input channels but the filters expect ", groups, " group(s) of ",
                      group_in, " (data ", data, ", filters ", filters, ")");
    out_channels = groups * (filters_ranked ? filters[1] : any);
  }

  std::vector<Dimension> out{batch, out_channels};
  for (size_t axis = 0; axis < num_spatial; ++axis) {
    const Dimension in = data_ranked ? data[2 + axis] : any;
    const Dimension kernel = filters_ranked ? filters[lead + axis] : any;
    out.push_back(infer_axis(node, axis, in, kernel, spec));
  }
  return PartialShape(out);
}

PartialShape infer_pooling_shape(const Node& node, const PartialShape& data, const Shape& kernel, WindowSpec& spec) {
  const bool data_ranked = data.rank().is_static();
  size_t num_spatial = kernel.size();
  if (data_ranked) {
    if (!rank_in(data.size(), 3, 5)) node.node_error("data must have rank 3, 4 or 5 ([N, C, spatial...]), got ", data);
    num_spatial = data.size() - 2;
  } else if (!rank_in(num_spatial, 1, 3)) {
    node.node_error("\"kernel\" must have 1, 2 or 3 values, got ", kernel.size());
  }
  check_attribute_size(node, "kernel", kernel.size(), num_spatial);
  check_window_attributes(node, num_spatial, spec);
  if (std::any_of(kernel.begin(), kernel.end(), [](size_t v) { return v == 0; }))
    node.node_error("\"kernel\" must be positive, got ", kernel);

  const Dimension any;
  std::vector<Dimension> out{data_ranked ? data[0] : any, data_ranked ? data[1] : any};
  for (size_t axis = 0; axis < num_spatial; ++axis) {
    const Dimension in = data_ranked ? data[2 + axis] : any;
    out.push_back(infer_axis(node, axis, in, Dimension(static_cast<Length>(kernel[axis])), spec));
  }
  return PartialShape(out);
}

reference::WindowParams to_window_params(const WindowSpec& spec) {
  return {spec.strides, spec.dilations, spec.pads_begin, spec.pads_end};
}

CoordinateDiff to_pads(const Shape& pads) { return CoordinateDiff(pads.begin(), pads.end()); }

Shape from_pads(const CoordinateDiff& pads) {
  Shape shape;
  for (std::ptrdiff_t pad : pads) shape.push_back(static_cast<size_t>(std::max<std::ptrdiff_t>(0, pad)));
  return shape;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
