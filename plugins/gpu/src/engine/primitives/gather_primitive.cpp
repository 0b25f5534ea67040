// Gather-8, GatherElements-6 and GatherND-8 on kernels/gather.cl, for data of any 1/2/4/8-byte
// type and i32/i64 indices (negative ones count from the end). Gather's axis must be a Constant.

#include "ferry/graph/ops/gather.hpp"
#include "plugins/gpu/src/engine/node_attributes.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

int64_t product(const Shape& shape, size_t from, size_t to) {
  int64_t result = 1;
  for (size_t i = from; i < to && i < shape.size(); ++i) result *= static_cast<int64_t>(shape[i]);
  return result;
}

bool movable(const element::Type& type) {
  const size_t bits = type.bitwidth();
  return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}

std::string options(const Node& node) {
  return move_type_option(node.get_output_element_type(0).size()) +
         (node.get_input_element_type(1) == element::i32 ? " -DIDX_T=int" : " -DIDX_T=long");
}

// Gather's axis and batch_dims, normalized; false when the axis is not a Constant.
bool gather_axes(const Node& node, size_t& axis, size_t& batch_dims) {
  const auto* gather = dynamic_cast<const op::v8::Gather*>(&node);
  std::vector<int64_t> values;
  if (!gather || !constant_ints(node, 2, values) || values.size() != 1) return false;
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  const int64_t index_rank = static_cast<int64_t>(node.get_input_shape(1).size());
  int64_t a = values[0] < 0 ? values[0] + rank : values[0];
  int64_t b = gather->get_batch_dims() < 0 ? gather->get_batch_dims() + index_rank : gather->get_batch_dims();
  if (a < 0 || a >= rank || b < 0 || b > a) return false;
  axis = static_cast<size_t>(a);
  batch_dims = static_cast<size_t>(b);
  return true;
}

int64_t gather_elements_axis(const Node& node) {
  int64_t axis = NodeAttributes(node).ints["axis"];
  return axis < 0 ? axis + static_cast<int64_t>(node.get_input_shape(0).size()) : axis;
}

bool supports(const Node& node) {
  const std::string type = node.get_type_name();
  if (type != "Gather" && type != "GatherElements" && type != "GatherND") return false;
  const element::Type indices = node.get_input_element_type(1);
  if (!movable(node.get_output_element_type(0)) || (indices != element::i32 && indices != element::i64)) return false;
  if (node.get_input_element_type(0) != node.get_output_element_type(0)) return false;
  size_t axis = 0, batch_dims = 0;
  if (type == "Gather") return gather_axes(node, axis, batch_dims);
  if (type == "GatherElements") {
    const int64_t a = gather_elements_axis(node);
    return node.get_input_shape(1).size() <= kMaxKernelRank && a >= 0 &&
           a < static_cast<int64_t>(node.get_input_shape(1).size());
  }
  const Shape& index_shape = node.get_input_shape(1);
  return !index_shape.empty() && index_shape.back() <= kMaxKernelRank;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const std::string type = node.get_type_name();
  const Shape& data = node.get_input_shape(0);
  const Shape& indices = node.get_input_shape(1);
  const size_t count = element_count(node.get_output_shape(0));
  if (type == "Gather") {
    size_t axis = 0, batch_dims = 0;
    gather_axes(node, axis, batch_dims);
    KernelStep step("gather.cl", options(node), "gather");
    step.value(inputs[0]).value(inputs[1]).value(outputs[0]);
    step.i32(product(data, batch_dims, axis)).i32(product(indices, batch_dims, indices.size()));
    step.i32(product(data, axis + 1, data.size())).i32(static_cast<int64_t>(data[axis])).range1(count);
    return {step};
  }
  if (type == "GatherElements") {
    const int64_t axis = gather_elements_axis(node);
    KernelStep step("gather.cl", options(node), "gather_elements");
    step.value(inputs[0]).value(inputs[1]).value(outputs[0]).i32(static_cast<int64_t>(indices.size()));
    step.int8(dims_of(indices)).int8(dense_strides(data), 0).i32(axis).i32(static_cast<int64_t>(data[axis]));
    step.range1(count);
    return {step};
  }
  const size_t batch_dims = static_cast<size_t>(NodeAttributes(node).ints["batch_dims"]);
  const size_t depth = indices.back();
  const std::vector<int64_t> strides = dense_strides(data);
  std::vector<int64_t> lengths, tuple_strides;
  for (size_t k = 0; k < depth; ++k) {
    lengths.push_back(static_cast<int64_t>(data[batch_dims + k]));
    tuple_strides.push_back(strides[batch_dims + k]);
  }
  KernelStep step("gather.cl", options(node), "gather_nd");
  step.value(inputs[0]).value(inputs[1]).value(outputs[0]);
  step.i32(product(indices, batch_dims, indices.size() - 1)).i32(product(data, batch_dims + depth, data.size()));
  step.i32(product(data, batch_dims, data.size())).i32(static_cast<int64_t>(depth));
  step.int8(lengths).int8(tuple_strides, 0).range1(count);
  return {step};
}

}  // namespace

const Primitive& gather_primitive() {
  static const Primitive primitive{"gather", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
