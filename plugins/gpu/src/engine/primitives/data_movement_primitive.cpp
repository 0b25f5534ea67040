// Transpose, Concat, DepthToSpace and SpaceToDepth on kernels/data_movement.cl, for elements of
// any type of 1, 2, 4 or 8 bytes (the kernels move bits). Reshape-like ops need no kernel: they
// alias their input (compiled_graph.cpp).

#include <numeric>

#include "ferry/graph/ops/concat.hpp"
#include "ferry/graph/ops/depth_space.hpp"
#include "ferry/graph/ops/transpose.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

bool movable(const element::Type& type) {
  const size_t bits = type.bitwidth();
  return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}

bool transpose_order(const Node& node, std::vector<int64_t>& order) {
  if (!dynamic_cast<const op::v1::Transpose*>(&node) || !constant_ints(node, 1, order)) return false;
  const size_t rank = node.get_input_shape(0).size();
  if (order.empty()) {
    order.resize(rank);
    std::iota(order.rbegin(), order.rend(), 0);
  }
  for (auto& axis : order)
    if (axis < 0) axis += static_cast<int64_t>(rank);
  return order.size() == rank && rank <= kMaxKernelRank;
}

bool concat_axis(const Node& node, size_t& axis) {
  const auto* concat = dynamic_cast<const op::v0::Concat*>(&node);
  if (!concat) return false;
  int64_t value = concat->get_axis();
  const int64_t rank = static_cast<int64_t>(node.get_output_shape(0).size());
  if (value < 0) value += rank;
  axis = static_cast<size_t>(value);
  return value >= 0 && value < rank;
}

// DepthToSpace/SpaceToDepth as a permute: the output viewed with every block offset as its own
// axis ([N, C, D1, b1, ..., Dk, bk] for DepthToSpace; [N, b1..bk, C, D1..Dk] (blocks first) or
// [N, C, b1..bk, D1..Dk] (depth first) for SpaceToDepth) and the input's stride for each.
bool depth_space_view(const Node& node, std::vector<int64_t>& dims, std::vector<int64_t>& strides) {
  const auto* depth_space = dynamic_cast<const op::util::DepthSpaceBase*>(&node);
  if (!depth_space) return false;
  const Shape& in = node.get_input_shape(0);
  const Shape& out = node.get_output_shape(0);
  if (in.size() < 3 || 2 * in.size() - 2 > kMaxKernelRank) return false;
  const size_t k = in.size() - 2;
  const int64_t bs = static_cast<int64_t>(depth_space->get_block_size());
  const bool blocks_first = depth_space->get_mode() == op::BlockMode::BLOCKS_FIRST;
  const std::vector<int64_t> s = dense_strides(in);
  dims.assign({static_cast<int64_t>(in[0])});
  strides.assign({s[0]});
  if (node.get_type_name() == std::string("DepthToSpace")) {
    const int64_t channels = static_cast<int64_t>(out[1]);
    int64_t block_span = 1;  // bs^k
    for (size_t j = 0; j < k; ++j) block_span *= bs;
    dims.push_back(channels);
    strides.push_back(blocks_first ? s[1] : s[1] * block_span);
    int64_t weight = block_span;
    for (size_t j = 0; j < k; ++j) {
      weight /= bs;  // b_j's weight in the flattened block offset
      dims.push_back(static_cast<int64_t>(in[2 + j]));
      strides.push_back(s[2 + j]);
      dims.push_back(bs);
      strides.push_back(s[1] * weight * (blocks_first ? channels : 1));
    }
    return true;
  }
  std::vector<int64_t> block_dims, block_strides, space_dims, space_strides;
  for (size_t j = 0; j < k; ++j) {
    block_dims.push_back(bs);
    block_strides.push_back(s[2 + j]);
    space_dims.push_back(static_cast<int64_t>(out[2 + j]));
    space_strides.push_back(s[2 + j] * bs);
  }
  if (!blocks_first) {
    dims.push_back(static_cast<int64_t>(in[1]));
    strides.push_back(s[1]);
  }
  dims.insert(dims.end(), block_dims.begin(), block_dims.end());
  strides.insert(strides.end(), block_strides.begin(), block_strides.end());
  if (blocks_first) {
    dims.push_back(static_cast<int64_t>(in[1]));
    strides.push_back(s[1]);
  }
  dims.insert(dims.end(), space_dims.begin(), space_dims.end());
  strides.insert(strides.end(), space_strides.begin(), space_strides.end());
  return true;
}

bool supports(const Node& node) {
  if (!movable(node.get_output_element_type(0))) return false;
  std::vector<int64_t> order;
  size_t axis = 0;
  if (transpose_order(node, order)) return node.get_input_element_type(0) == node.get_output_element_type(0);
  if (concat_axis(node, axis)) return all_of_type(node, node.get_output_element_type(0));
  std::vector<int64_t> dims, strides;
  if (depth_space_view(node, dims, strides)) return node.get_input_element_type(0) == node.get_output_element_type(0);
  return false;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const std::string type = move_type_option(node.get_output_element_type(0).size());
  std::vector<int64_t> order;
  if (transpose_order(node, order)) {
    const Shape& out = node.get_output_shape(0);
    const std::vector<int64_t> in_strides = dense_strides(node.get_input_shape(0));
    std::vector<int64_t> strides;
    for (int64_t axis : order) strides.push_back(in_strides[axis]);
    KernelStep step("data_movement.cl", type, "permute");
    step.value(inputs[0]).value(outputs[0]).i32(out.size()).int8(dims_of(out)).int8(strides, 0);
    step.range1(element_count(out));
    return {step};
  }
  std::vector<int64_t> dims, strides;
  if (depth_space_view(node, dims, strides)) {
    KernelStep step("data_movement.cl", type, "permute");
    step.value(inputs[0]).value(outputs[0]).i32(static_cast<int64_t>(dims.size())).int8(dims).int8(strides, 0);
    step.range1(element_count(node.get_output_shape(0)));
    return {step};
  }
  size_t axis = 0;
  concat_axis(node, axis);
  const Shape& out = node.get_output_shape(0);
  size_t inner = 1;
  for (size_t i = axis + 1; i < out.size(); ++i) inner *= out[i];
  std::vector<KernelStep> steps;
  size_t offset = 0;
  for (size_t i = 0; i < node.get_input_size(); ++i) {
    const Shape& in = node.get_input_shape(i);
    const size_t block = in[axis] * inner;
    KernelStep step("data_movement.cl", type, "copy_block");
    step.value(inputs[i]).value(outputs[0]).i32(block).i32(out[axis] * inner).i32(offset);
    step.range1(element_count(in));
    offset += block;
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

const Primitive& data_movement_primitive() {
  static const Primitive primitive{"data_movement", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
