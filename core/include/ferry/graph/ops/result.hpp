#pragma once

#include "ferry/base/layout.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// A model output. Its output port shares tensor names with the value it reads.
class Result : public Op {
 public:
  FERRY_OP("Result", "opset1")
  Result() = default;
  explicit Result(const Output<Node>& value);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  // The output's layout (layout::set_layout / get_layout on output 0).
  Layout get_layout() const;
  void set_layout(const Layout& layout);
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
