// Slice-8, StridedSlice-1, Split-1 and VariadicSplit-1 as strided views of their input
// (kernels/data_movement.cl `strided_view`: a base offset and a signed stride per output axis),
// for elements of any 1/2/4/8-byte type. Starts, stops, steps, masks and axes must be Constants.

#include <algorithm>
#include <limits>

#include "plugins/gpu/src/engine/node_attributes.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

// A view of the input: output dims, the input offset of the first element, strides.
struct View {
  std::vector<int64_t> dims, strides;
  int64_t base = 0;
};

// numpy's rule for one axis: negative start/stop count from the end, then clamp ([0, n] for
// positive steps, [-1, n-1] for negative ones).
void slice_axis(int64_t start, int64_t stop, int64_t step, int64_t n, int64_t& first, int64_t& count) {
  if (start < 0) start += n;
  if (stop < 0) stop += n;
  const int64_t low = step > 0 ? 0 : -1, high = step > 0 ? n : n - 1;
  start = std::min(std::max(start, low), high);
  stop = std::min(std::max(stop, low), high);
  first = start;
  if (step > 0)
    count = stop > start ? (stop - start + step - 1) / step : 0;
  else
    count = start > stop ? (start - stop - step - 1) / -step : 0;
}

bool slice_view(const Node& node, View& view) {
  const Shape& in = node.get_input_shape(0);
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<int64_t> start, stop, step, axes;
  if (!constant_ints(node, 1, start) || !constant_ints(node, 2, stop) || !constant_ints(node, 3, step)) return false;
  if (node.get_input_size() > 4 && !constant_ints(node, 4, axes)) return false;
  if (axes.empty())
    for (size_t i = 0; i < start.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  const std::vector<int64_t> strides = dense_strides(in);
  view.dims = dims_of(in);
  view.strides = strides;
  for (size_t i = 0; i < axes.size() && i < start.size(); ++i) {
    const int64_t axis = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (axis < 0 || axis >= rank || step.at(i) == 0) return false;
    int64_t first = 0, count = 0;
    slice_axis(start[i], stop.at(i), step[i], view.dims[axis], first, count);
    view.base += first * strides[axis];
    view.dims[axis] = count;
    view.strides[axis] = strides[axis] * step[i];
  }
  return true;
}

bool flag(const std::vector<int64_t>& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

// StridedSlice's masks: new axes (unit, stride 0), shrunk axes (fixed offset, no output axis),
// an ellipsis (the axes no entry names, whole) and begin/end masks (from the axis' edge).
bool strided_slice_view(const Node& node, View& view) {
  std::vector<int64_t> begin, end, step;
  if (!constant_ints(node, 1, begin) || !constant_ints(node, 2, end)) return false;
  if (node.get_input_size() <= 3)
    step.assign(begin.size(), 1);
  else if (!constant_ints(node, 3, step))
    return false;
  if (end.size() != begin.size() || step.size() != begin.size()) return false;
  NodeAttributes attributes(node);
  const auto& begin_mask = attributes.int_lists["begin_mask"];
  const auto& end_mask = attributes.int_lists["end_mask"];
  const auto& new_axis = attributes.int_lists["new_axis_mask"];
  const auto& shrink = attributes.int_lists["shrink_axis_mask"];
  const auto& ellipsis = attributes.int_lists["ellipsis_mask"];
  const Shape& in = node.get_input_shape(0);
  const std::vector<int64_t> strides = dense_strides(in);
  size_t named = 0;
  for (size_t i = 0; i < begin.size(); ++i)
    if (!flag(ellipsis, i) && !flag(new_axis, i)) ++named;
  if (named > in.size()) return false;
  size_t axis = 0;
  const auto whole = [&]() {
    view.dims.push_back(static_cast<int64_t>(in[axis]));
    view.strides.push_back(strides[axis++]);
  };
  const int64_t far = std::numeric_limits<int64_t>::max();
  for (size_t i = 0; i < begin.size(); ++i) {
    if (flag(ellipsis, i)) {
      for (size_t k = named; k < in.size(); ++k) whole();
      continue;
    }
    if (flag(new_axis, i)) {
      view.dims.push_back(1);
      view.strides.push_back(0);
      continue;
    }
    if (axis >= in.size() || step[i] == 0) return false;
    const int64_t n = static_cast<int64_t>(in[axis]);
    if (flag(shrink, i)) {
      const int64_t index = begin[i] < 0 ? begin[i] + n : begin[i];
      if (index < 0 || index >= n) return false;
      view.base += index * strides[axis++];
      continue;
    }
    const int64_t from = flag(begin_mask, i) ? (step[i] > 0 ? 0 : far) : begin[i];
    const int64_t to = flag(end_mask, i) ? (step[i] > 0 ? far : -far) : end[i];
    int64_t first = 0, count = 0;
    slice_axis(from, to, step[i], n, first, count);
    view.base += first * strides[axis];
    view.dims.push_back(count);
    view.strides.push_back(strides[axis++] * step[i]);
  }
  while (axis < in.size()) whole();
  return true;
}

// Split/VariadicSplit: output `index` starts where the previous outputs end along the axis.
bool split_view(const Node& node, size_t index, View& view) {
  std::vector<int64_t> axis_value;
  if (!constant_ints(node, 1, axis_value) || axis_value.size() != 1) return false;
  const Shape& in = node.get_input_shape(0);
  const int64_t axis = axis_value[0] < 0 ? axis_value[0] + static_cast<int64_t>(in.size()) : axis_value[0];
  if (axis < 0 || axis >= static_cast<int64_t>(in.size())) return false;
  view.strides = dense_strides(in);
  view.dims = dims_of(node.get_output_shape(index));
  for (size_t i = 0; i < index; ++i)
    view.base += static_cast<int64_t>(node.get_output_shape(i)[axis]) * view.strides[axis];
  return true;
}

bool view_of(const Node& node, size_t output, View& view) {
  const std::string type = node.get_type_name();
  if (type == "Slice") return slice_view(node, view);
  if (type == "StridedSlice") return strided_slice_view(node, view);
  if (type == "Split" || type == "VariadicSplit") return split_view(node, output, view);
  return false;
}

bool supports(const Node& node) {
  const std::string type = node.get_type_name();
  if (type != "Slice" && type != "StridedSlice" && type != "Split" && type != "VariadicSplit") return false;
  const size_t bits = node.get_input_element_type(0).bitwidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return false;
  for (size_t i = 0; i < node.get_output_size(); ++i) {
    View view;
    if (node.get_output_element_type(i) != node.get_input_element_type(0) || !view_of(node, i, view)) return false;
    if (view.dims != dims_of(node.get_output_shape(i)) || view.dims.size() > kMaxKernelRank) return false;
  }
  return true;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  std::vector<KernelStep> steps;
  for (size_t i = 0; i < node.get_output_size(); ++i) {
    View view;
    view_of(node, i, view);
    KernelStep step("data_movement.cl", move_type_option(node.get_input_element_type(0).size()), "strided_view");
    step.value(inputs[0]).value(outputs[i]).i32(static_cast<int64_t>(view.dims.size())).int8(view.dims);
    step.i32(view.base).int8(view.strides, 0).range1(element_count(node.get_output_shape(i)));
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

const Primitive& slice_primitive() {
  static const Primitive primitive{"slice", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
