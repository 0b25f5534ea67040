#pragma once

// ONNX allows nodes in any order; conversion needs producers before consumers.
#include <onnx/onnx_pb.h>

#include <string>
#include <vector>

namespace ferry {
namespace onnx_frontend {

// Indices of `nodes` in an order where every input is produced before its use. `known` are the
// names defined before any node (graph inputs, initializers). Fails naming the node on an input
// nobody produces, and on cycles.
std::vector<size_t> order_nodes(const std::vector<const onnx::NodeProto*>& nodes, const std::vector<std::string>& known,
                                const std::string& source);

}  // namespace onnx_frontend
}  // namespace ferry
