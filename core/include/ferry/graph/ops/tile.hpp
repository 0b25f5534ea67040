#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Repeats input 0 input-1 times per axis (1-D i32/i64 repeats; the shorter of data shape and
// repeats is padded with leading 1s).
class Tile : public Op {
 public:
  FERRY_OP("Tile", "opset1")
  Tile() = default;
  Tile(const Output<Node>& data, const Output<Node>& repeats);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
