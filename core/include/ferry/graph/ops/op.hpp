#pragma once

#include "ferry/graph/attribute_visitor.hpp"
#include "ferry/graph/node.hpp"

namespace ferry {
namespace op {

// The base of every concrete op (see Node for what an op overrides).
class Op : public Node {
 protected:
  Op() = default;
  explicit Op(const OutputVector& arguments, size_t output_size = 1) : Node(arguments, output_size) {}
};

}  // namespace op
}  // namespace ferry
