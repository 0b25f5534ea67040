#pragma once

// Binary ops before opset 7 (Add, Sub, Mul, Div, Pow, comparisons, logic) did not broadcast
// numpy-style: "broadcast"=1 lined B's shape up with A's starting at "axis" (by default at A's
// trailing axes); "broadcast"=0 required equal shapes.
#include "onnx_node_context.hpp"

namespace ferry {
namespace onnx_frontend {

// Input 1 reshaped so that numpy broadcasting against input 0 means what the node's opset says
// (input 1 itself from opset 7). Reads "broadcast", "axis" and "consumed_inputs" before opset 7.
Output<Node> legacy_broadcast_rhs(const NodeContext& context);

}  // namespace onnx_frontend
}  // namespace ferry
