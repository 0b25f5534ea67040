#include "core/src/graph/ops/pooling_common.hpp"

#include <string>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/pooling.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace internal {
namespace {

// The input tensor and the output shape for it (auto_pad resolves against its shape).
Tensor pooling_input(const Node& node, WindowSpec& spec, const Shape& kernel, const TensorVector& inputs,
                     Shape& out_shape) {
  if (inputs.size() != 1) node.node_error("evaluate: expects 1 input tensor, got ", inputs.size());
  Tensor data = dense(inputs[0]);
  out_shape = infer_pooling_shape(node, PartialShape(data.get_shape()), kernel, spec).to_shape();
  return data;
}

}  // namespace

PartialShape validate_pooling(const Node& node, WindowSpec& spec, const Shape& kernel, bool allow_ceil_torch) {
  if (node.get_input_size() != 1) node.node_error("expects 1 input, got ", node.get_input_size());
  if (spec.rounding == RoundingType::CEIL_TORCH && !allow_ceil_torch)
    node.node_error("rounding_type ceil_torch needs opset14 (this op accepts floor and ceil)");
  return infer_pooling_shape(node, node.get_input_partial_shape(0), kernel, spec);
}

bool evaluate_max_pool(const Node& node, WindowSpec spec, const Shape& kernel, int64_t axis,
                       const element::Type& index_type, TensorVector& outputs, const TensorVector& inputs) {
  Shape out_shape;
  const Tensor data = pooling_input(node, spec, kernel, inputs, out_shape);
  const element::Type type = data.get_element_type();
  if (type.is_quantized() || !type.is_static()) return false;
  const bool with_indices = index_type != element::undefined;
  if (with_indices && index_type != element::i32 && index_type != element::i64) return false;
  const std::string name = node.describe();
  const reference::PoolingLayout layout =
      reference::make_pooling_layout(name.c_str(), data.get_shape(), out_shape, kernel, to_window_params(spec), axis);
  Tensor& out = prepare_output(node, outputs, 0, type, out_shape);
  Tensor* indices = with_indices ? &prepare_output(node, outputs, 1, index_type, out_shape) : nullptr;
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = static_cast<const T*>(data.data());
    T* dst = static_cast<T*>(out.data());
    if (indices == nullptr) {
      reference::run_max_pool<T, int64_t>(layout, src, dst, nullptr);
    } else if (index_type == element::i32) {
      reference::run_max_pool(layout, src, dst, static_cast<int32_t*>(indices->data()));
    } else {
      reference::run_max_pool(layout, src, dst, static_cast<int64_t*>(indices->data()));
    }
  });
  return true;
}

bool evaluate_avg_pool(const Node& node, WindowSpec spec, const Shape& kernel, bool exclude_pad, TensorVector& outputs,
                       const TensorVector& inputs) {
  Shape out_shape;
  const Tensor data = pooling_input(node, spec, kernel, inputs, out_shape);
  const element::Type type = data.get_element_type();
  if (!type.is_real()) return false;
  const std::string name = node.describe();
  const reference::PoolingLayout layout =
      reference::make_pooling_layout(name.c_str(), data.get_shape(), out_shape, kernel, to_window_params(spec));
  Tensor& out = prepare_output(node, outputs, 0, type, out_shape);
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_real_element<T>::value) {
      reference::run_avg_pool(layout, static_cast<const T*>(data.data()), static_cast<T*>(out.data()), exclude_pad);
    }
  });
  return true;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
