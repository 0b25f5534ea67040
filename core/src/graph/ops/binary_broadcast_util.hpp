#pragma once

// Shape rules shared by the boolean-output binary ops (comparisons, logical ops, Select's
// condition): the broadcast output shape at validation and at evaluate time.

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/graph/op_types.hpp"

namespace ferry {
namespace op {
namespace internal {

// The broadcast of inputs 0 and 1's partial shapes; throws naming the node when they clash.
inline PartialShape infer_binary_broadcast(const Node& node, const AutoBroadcastSpec& autob) {
  PartialShape shape = node.get_input_partial_shape(0);
  if (!PartialShape::broadcast_merge_into(shape, node.get_input_partial_shape(1), autob))
    node.node_error("input shapes ", node.get_input_partial_shape(0), " and ", node.get_input_partial_shape(1),
                    " do not broadcast (auto_broadcast ", enum_to_string(autob.type), ")");
  return shape;
}

// The output shape of two concrete inputs; `b_shape` becomes b's shape lined up for
// reference::broadcast_binary (pdpd adds trailing unit axes).
inline Shape evaluate_binary_broadcast(const Node& node, const AutoBroadcastSpec& autob, const Shape& a_shape,
                                       Shape& b_shape) {
  PartialShape merged = a_shape;
  if (!PartialShape::broadcast_merge_into(merged, b_shape, autob))
    node.node_error("evaluate: input shapes ", a_shape, " and ", b_shape, " do not broadcast");
  const Shape out_shape = merged.to_shape();
  if (autob.type == AutoBroadcastType::PDPD) {
    const size_t axis = autob.axis == -1 ? out_shape.size() - b_shape.size() : size_t(autob.axis);
    while (b_shape.size() < out_shape.size() - axis) b_shape.push_back(1);
  }
  return out_shape;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
