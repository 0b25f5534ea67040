#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Element type conversion. IR attribute: "destination_type". Real to integer truncates toward
// zero and saturates at the destination's range (NaN gives 0); to boolean gives value != 0.
class Convert : public Op {
 public:
  FERRY_OP("Convert", "opset1")
  Convert() = default;
  Convert(const Output<Node>& value, const element::Type& destination_type);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const element::Type& get_destination_type() const { return m_destination_type; }
  void set_destination_type(const element::Type& type) { m_destination_type = type; }

 private:
  element::Type m_destination_type = element::dynamic;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
