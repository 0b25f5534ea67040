#include "core/src/graph/ops/convolution_common.hpp"

#include <string>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/convolution.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace internal {

void validate_convolution(Node& node, WindowSpec& spec, bool grouped) {
  if (node.get_input_size() != 2) node.node_error("expects 2 inputs (data, filters), got ", node.get_input_size());
  element::Type type;
  const element::Type& data_type = node.get_input_element_type(0);
  const element::Type& filters_type = node.get_input_element_type(1);
  if (!element::Type::merge(type, data_type, filters_type))
    node.node_error("data (", data_type, ") and filters (", filters_type, ") must have the same element type");
  if (!(type.is_dynamic() || type.is_real() || type.is_integral_number()))
    node.node_error("element type must be numeric, got ", type);
  const PartialShape shape =
      infer_convolution_shape(node, node.get_input_partial_shape(0), node.get_input_partial_shape(1), grouped, spec);
  node.set_output_type(0, type, shape);
}

bool evaluate_convolution(const Node& node, WindowSpec spec, bool grouped, TensorVector& outputs,
                          const TensorVector& inputs) {
  if (inputs.size() != 2) node.node_error("evaluate: expects 2 input tensors, got ", inputs.size());
  const Tensor data = dense(inputs[0]), filters = dense(inputs[1]);
  const element::Type type = data.get_element_type();
  if (filters.get_element_type() != type)
    node.node_error("evaluate: data is ", type, " but filters are ", filters.get_element_type());
  if (!(type.is_real() || type.is_integral_number()) || type.is_quantized()) return false;
  const Shape data_shape = data.get_shape(), filters_shape = filters.get_shape();
  const Shape out_shape =
      infer_convolution_shape(node, PartialShape(data_shape), PartialShape(filters_shape), grouped, spec).to_shape();
  const std::string name = node.describe();
  const reference::WindowParams params = to_window_params(spec);
  const reference::ConvolutionLayout layout =
      grouped ? reference::make_group_convolution_layout(name.c_str(), data_shape, filters_shape, out_shape, params)
              : reference::make_convolution_layout(name.c_str(), data_shape, filters_shape, out_shape, params);
  Tensor& out = prepare_output(node, outputs, 0, type, out_shape);
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, char>) {  // boolean storage: excluded above
      reference::run_convolution(layout, static_cast<const T*>(data.data()), static_cast<const T*>(filters.data()),
                                 static_cast<T*>(out.data()));
    }
  });
  return true;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
