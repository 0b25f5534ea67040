#pragma once

// Shared by the normalisations over an axes input (MVN, NormalizeL2): validation of the axes
// input and the per-axis "reduced" flags at evaluate time.

#include <vector>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/graph/node.hpp"

namespace ferry {
namespace op {
namespace internal {

// Input 0 real, input 1 an integer scalar or 1-D whose constant entries (if known) are in range.
inline void check_normalization_inputs(const Node& node) {
  if (node.get_input_size() != 2) node.node_error("expects 2 inputs, got ", node.get_input_size());
  const element::Type type = node.get_input_element_type(0);
  if (!(type.is_dynamic() || type.is_real())) node.node_error("input 0 must be real (f16, bf16, f32, f64), got ", type);
  const element::Type axes_type = node.get_input_element_type(1);
  if (!(axes_type.is_dynamic() || axes_type.is_integral_number()))
    node.node_error("input 1 (axes) must be an integer tensor, got ", axes_type);
  const PartialShape& axes_shape = node.get_input_partial_shape(1);
  if (!(axes_shape.rank().compatible(0) || axes_shape.rank().compatible(1)))
    node.node_error("input 1 (axes) must be a scalar or 1-D, got shape ", axes_shape);
  const PartialShape& shape = node.get_input_partial_shape(0);
  std::vector<int64_t> axes;
  if (shape.rank().is_static() && constant_integers(node, 1, axes))
    for (int64_t axis : axes) normalize_axis(node, axis, int64_t(shape.size()), "axes entry");
}

inline std::vector<bool> reduced_flags(const Node& node, const Tensor& axes, size_t rank) {
  std::vector<bool> reduced(rank, false);
  for (int64_t axis : read_integers(node, axes, "input 1 (axes)"))
    reduced[normalize_axis(node, axis, int64_t(rank), "axes entry")] = true;
  return reduced;
}

// Runs kernel(in, out) for f32/f64 data, and through f32 for f16/bf16; false for other types.
template <typename Kernel>
bool evaluate_real(const Node& node, TensorVector& outputs, const Tensor& data, Kernel kernel) {
  const Tensor in = dense(data);
  const element::Type type = in.get_element_type();
  Tensor& out = prepare_output(node, outputs, 0, type, in.get_shape());
  if (is_half(type)) {
    std::vector<float> values = to_floats(in), result(values.size());
    kernel(values.data(), result.data());
    from_floats(result, out);
    return true;
  }
  if (type == element::f32) {
    kernel(static_cast<const float*>(in.data()), static_cast<float*>(out.data()));
    return true;
  }
  if (type == element::f64) {
    kernel(static_cast<const double*>(in.data()), static_cast<double*>(out.data()));
    return true;
  }
  return false;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
