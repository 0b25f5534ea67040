// ReduceMean over the spatial axes of a 4-D f32 tensor on oneDNN, as a global average pool:
// oneDNN 2.6 has JIT pooling for blocked layouts, only a reference kernel for their reduction.
#include <set>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/reduce_mean.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {

std::optional<LoweredOp> lower_reduce_mean(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of) {
  if (!is_op(*node, "ReduceMean") || node->get_input_element_type(0) != element::f32 ||
      node->get_input_partial_shape(0).is_dynamic() || node->get_input_shape(0).size() != 4)
    return std::nullopt;
  auto axes = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(1));
  if (!axes) return std::nullopt;
  std::set<int64_t> reduced;
  for (int64_t axis : axes->cast_vector<int64_t>()) reduced.insert(axis < 0 ? axis + 4 : axis);
  if (reduced != std::set<int64_t>{2, 3}) return std::nullopt;

  // Written as [N, C, 1, 1] in the source's layout (plain: the same bytes as the [N, C] of
  // keep_dims=false).
  const Shape& input = node->get_input_shape(0);
  const dnnl::memory::dims reduced_dims{static_cast<dnnl::memory::dim>(input[0]),
                                        static_cast<dnnl::memory::dim>(input[1]), 1, 1};
  const dnnl::memory::desc source = layout_of(node->input_value(0)).value_or(plain_f32(input));
  const dnnl::memory::desc destination = any_layout(Shape(reduced_dims.begin(), reduced_dims.end()));
  const dnnl::memory::dims window{static_cast<dnnl::memory::dim>(input[2]), static_cast<dnnl::memory::dim>(input[3])};
  const dnnl::pooling_forward::desc description(dnnl::prop_kind::forward_inference,
                                                dnnl::algorithm::pooling_avg_exclude_padding, source, destination,
                                                {1, 1}, window, {0, 0}, {0, 0});
  const dnnl::pooling_forward::primitive_desc primitive(description, primitive_attributes(), cpu_engine());
  return lowered_reading(node->input_value(0), dnnl::pooling_forward(primitive), primitive);
}

}  // namespace ferry::cpu::engine
