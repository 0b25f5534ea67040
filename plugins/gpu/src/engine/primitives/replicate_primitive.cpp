// Broadcast-3 (numpy, bidirectional, explicit), Tile-1 and Pad-1/12 (constant, edge, reflect,
// symmetric; negative pads crop) on kernels/data_movement.cl, for elements of any 1/2/4/8-byte
// type. Target shapes, axes mappings, repeats and pads must be Constants (the output is static).

#include <algorithm>

#include "ferry/graph/ops/broadcast.hpp"
#include "ferry/graph/ops/pad.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

// `shape` with leading unit axes up to `rank`.
std::vector<int64_t> lined_up(const Shape& shape, size_t rank) {
  std::vector<int64_t> dims(rank - std::min(rank, shape.size()), 1);
  for (size_t d : shape) dims.push_back(static_cast<int64_t>(d));
  return dims;
}

// Broadcast's input strides per output axis (0 where repeated); false when unsupported.
bool broadcast_input_strides(const Node& node, std::vector<int64_t>& strides) {
  const auto* broadcast = dynamic_cast<const op::v3::Broadcast*>(&node);
  if (!broadcast) return false;
  const Shape& in = node.get_input_shape(0);
  const Shape& out = node.get_output_shape(0);
  if (in.size() > out.size()) return false;
  if (broadcast->get_mode() != "explicit") {
    strides = broadcast_strides(in, out);
    return true;
  }
  std::vector<int64_t> mapping;
  if (!constant_ints(node, 2, mapping) || mapping.size() != in.size()) return false;
  const std::vector<int64_t> own = dense_strides(in);
  strides.assign(out.size(), 0);
  for (size_t i = 0; i < mapping.size(); ++i) {
    if (mapping[i] < 0 || mapping[i] >= static_cast<int64_t>(out.size())) return false;
    strides[mapping[i]] = in[i] == 1 ? 0 : own[i];
  }
  return true;
}

bool pad_begins(const Node& node, std::vector<int64_t>& begins) {
  return dynamic_cast<const op::util::PadBase*>(&node) && constant_ints(node, 1, begins) &&
         begins.size() == node.get_input_shape(0).size();
}

bool supports(const Node& node) {
  const size_t bits = node.get_output_element_type(0).bitwidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return false;
  if (node.get_input_element_type(0) != node.get_output_element_type(0)) return false;
  if (node.get_output_shape(0).size() > kMaxKernelRank) return false;
  std::vector<int64_t> values;
  const std::string type = node.get_type_name();
  if (type == "Broadcast") return broadcast_input_strides(node, values);
  if (type == "Tile") return node.get_input_shape(0).size() <= node.get_output_shape(0).size();
  if (pad_begins(node, values))
    return node.get_input_size() < 4 || node.get_input_element_type(3) == node.get_input_element_type(0);
  return false;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const std::string type_option = move_type_option(node.get_output_element_type(0).size());
  const Shape& out = node.get_output_shape(0);
  const int64_t rank = static_cast<int64_t>(out.size());
  const size_t count = element_count(out);
  const std::string type = node.get_type_name();
  if (type == "Broadcast") {
    std::vector<int64_t> strides;
    broadcast_input_strides(node, strides);
    KernelStep step("data_movement.cl", type_option, "permute");
    step.value(inputs[0]).value(outputs[0]).i32(rank).int8(dims_of(out)).int8(strides, 0).range1(count);
    return {step};
  }
  if (type == "Tile") {
    KernelStep step("data_movement.cl", type_option, "tile");
    step.value(inputs[0]).value(outputs[0]).i32(rank).int8(dims_of(out));
    step.int8(lined_up(node.get_input_shape(0), out.size())).range1(count);
    return {step};
  }
  std::vector<int64_t> begins;
  pad_begins(node, begins);
  const auto mode = dynamic_cast<const op::util::PadBase&>(node).get_pad_mode();
  const bool fill = mode == op::PadMode::CONSTANT && node.get_input_size() > 3;
  KernelStep step("data_movement.cl", type_option + (fill ? "" : " -DZERO_FILL"), "pad");
  step.value(inputs[0]);
  if (fill) step.value(inputs[3]);
  step.value(outputs[0]).i32(rank).int8(dims_of(out)).int8(dims_of(node.get_input_shape(0))).int8(begins, 0);
  step.i32(static_cast<int64_t>(mode)).range1(count);
  return {step};
}

}  // namespace

const Primitive& replicate_primitive() {
  static const Primitive primitive{"replicate", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
