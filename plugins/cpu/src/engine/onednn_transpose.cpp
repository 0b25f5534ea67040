// Transpose of f32 data as a oneDNN reorder: the input's plain memory seen with its axes in the
// output's order (the strides permuted), reordered into plain output memory.
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/transpose.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {

std::optional<TransposeView> transpose_view(const std::shared_ptr<const Node>& node) {
  if (!is_type<op::v1::Transpose>(node) || node->get_input_element_type(0) != element::f32 ||
      node->get_input_partial_shape(0).is_dynamic())
    return std::nullopt;
  auto order = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(1));
  const Shape& shape = node->get_input_shape(0);
  if (!order || shape.empty() || shape.size() > DNNL_MAX_NDIMS) return std::nullopt;
  std::vector<int64_t> axes = order->cast_vector<int64_t>();
  if (axes.empty()) {  // an empty order reverses the axes
    for (size_t i = shape.size(); i-- > 0;) axes.push_back(static_cast<int64_t>(i));
  }
  if (axes.size() != shape.size()) return std::nullopt;
  dnnl::memory::dims strides(shape.size(), 1);
  for (size_t axis = shape.size() - 1; axis-- > 0;)
    strides[axis] = strides[axis + 1] * static_cast<dnnl::memory::dim>(shape[axis + 1]);
  dnnl::memory::dims view_dims, view_strides;
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size())) return std::nullopt;
    view_dims.push_back(static_cast<dnnl::memory::dim>(shape[static_cast<size_t>(axis)]));
    view_strides.push_back(strides[static_cast<size_t>(axis)]);
  }
  return TransposeView{dnnl::memory::desc(view_dims, dnnl::memory::data_type::f32, view_strides), plain_f32(view_dims)};
}

}  // namespace ferry::cpu::engine
