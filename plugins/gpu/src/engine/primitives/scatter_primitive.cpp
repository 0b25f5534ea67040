// ScatterUpdate-3, ScatterNDUpdate-3/15 and ScatterElementsUpdate-12 on kernels/scatter.cl: a
// copy of the data, then the updates. Reduction "none" moves elements of any 1/2/4/8-byte type;
// the other reductions (sum, sub, prod, min, max, mean) combine f32 or integer values. Indices
// are i32/i64; axes must be Constants.

#include <cctype>

#include "plugins/gpu/src/engine/node_attributes.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

int64_t product(const Shape& shape, size_t from, size_t to) {
  int64_t result = 1;
  for (size_t i = from; i < to && i < shape.size(); ++i) result *= static_cast<int64_t>(shape[i]);
  return result;
}

// The OpenCL C type a reduction combines `type` in, or "".
std::string arithmetic_type(const element::Type& type) {
  if (type == element::f32) return "float -DREAL";
  if (type == element::i8) return "char";
  if (type == element::u8) return "uchar";
  if (type == element::i32) return "int";
  if (type == element::u32) return "uint";
  if (type == element::i64) return "long";
  if (type == element::u64) return "ulong";
  return "";
}

std::string reduction_of(const Node& node) {
  NodeAttributes attributes(node);
  const auto found = attributes.strings.find("reduction");
  return found == attributes.strings.end() ? "none" : found->second;
}

// The scatter's axis (input 3), normalized; -1 when it is not a Constant or out of range.
int64_t scatter_axis(const Node& node) {
  std::vector<int64_t> values;
  if (!constant_ints(node, 3, values) || values.size() != 1) return -1;
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  const int64_t axis = values[0] < 0 ? values[0] + rank : values[0];
  return axis < rank ? axis : -1;
}

// Build options for the scatter kernels, or "" when the node's types have none.
std::string options(const Node& node) {
  const element::Type type = node.get_input_element_type(0);
  const element::Type indices = node.get_input_element_type(1);
  if (indices != element::i32 && indices != element::i64) return "";
  const std::string index_option = indices == element::i32 ? " -DIDX_T=int" : " -DIDX_T=long";
  const std::string reduction = reduction_of(node);
  if (reduction == "none") {
    const size_t bits = type.bitwidth();
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return "";
    return move_type_option(type.size()) + index_option;
  }
  const std::string cl_type = arithmetic_type(type);
  if (cl_type.empty()) return "";
  std::string upper;
  for (char c : reduction) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "-DT=" + cl_type + " -DREDUCE_" + upper + index_option;
}

bool supports(const Node& node) {
  const std::string type = node.get_type_name();
  if (type != "ScatterUpdate" && type != "ScatterNDUpdate" && type != "ScatterElementsUpdate") return false;
  if (options(node).empty() || node.get_input_element_type(2) != node.get_input_element_type(0)) return false;
  if (type == "ScatterUpdate") return scatter_axis(node) >= 0;
  if (type == "ScatterElementsUpdate")
    return scatter_axis(node) >= 0 && node.get_input_shape(1).size() <= kMaxKernelRank &&
           node.get_input_shape(1).size() == node.get_input_shape(0).size();
  const Shape& indices = node.get_input_shape(1);
  return !indices.empty() && indices.back() <= kMaxKernelRank && indices.back() <= node.get_input_shape(0).size();
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const std::string type = node.get_type_name();
  const std::string build = options(node);
  const Shape& data = node.get_input_shape(0);
  const Shape& indices = node.get_input_shape(1);
  KernelStep copy("scatter.cl", build, "copy");
  copy.value(inputs[0]).value(outputs[0]).range1(element_count(data));
  KernelStep step("scatter.cl", build,
                  type == "ScatterUpdate"     ? "scatter_update"
                  : type == "ScatterNDUpdate" ? "scatter_nd"
                                              : "scatter_elements");
  step.value(inputs[1]).value(inputs[2]).value(outputs[0]);
  if (type == "ScatterUpdate") {
    const size_t axis = static_cast<size_t>(scatter_axis(node));
    const int64_t outer = product(data, 0, axis), inner = product(data, axis + 1, data.size());
    step.i32(static_cast<int64_t>(element_count(indices))).i32(inner).i32(static_cast<int64_t>(data[axis]));
    step.range1(static_cast<size_t>(outer * inner));
  } else if (type == "ScatterNDUpdate") {
    const size_t depth = indices.back();
    const int64_t slice = product(data, depth, data.size());
    std::vector<int64_t> lengths(data.begin(), data.begin() + depth), strides = dense_strides(data);
    strides.resize(depth);
    step.i32(product(indices, 0, indices.size() - 1)).i32(slice).i32(static_cast<int64_t>(depth));
    step.int8(lengths).int8(strides, 0).range1(static_cast<size_t>(slice));
  } else {
    const size_t axis = static_cast<size_t>(scatter_axis(node));
    const bool use_init_val = NodeAttributes(node).bools["use_init_val"];
    step.i32(static_cast<int64_t>(indices.size())).int8(dims_of(indices)).int8(dense_strides(indices), 0);
    step.int8(dense_strides(data), 0).i32(static_cast<int64_t>(axis)).i32(static_cast<int64_t>(data[axis]));
    step.i32(use_init_val ? 1 : 0);
    step.range1(indices[axis] == 0 ? 0 : element_count(indices) / indices[axis]);
  }
  return {copy, step};
}

}  // namespace

const Primitive& scatter_primitive() {
  static const Primitive primitive{"scatter", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
